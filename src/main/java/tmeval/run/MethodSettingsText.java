package tmeval.run;

import tmeval.anneal.Schedule;
import tmeval.estimate.MethodSettings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A method-settings record as named values (the command-line option names), for provenance lines and sessions, and
 * read back from them.
 */
public final class MethodSettingsText {
    private MethodSettingsText() {
    }

    public static Map<String, String> of(MethodSettings m) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("samples", Integer.toString(m.samples()));
        s.put("temperatures", Integer.toString(m.temperatures()));
        s.put("burn-in", Integer.toString(m.burnIn()));
        s.put("particles", Integer.toString(m.particles()));
        s.put("schedule", m.schedule().label());
        s.put("epsilon", Double.toString(m.epsilon()));
        s.put("chain-length", Integer.toString(m.chainLength()));
        s.put("ip-iterations", Integer.toString(m.iterations()));
        s.put("resampling", Boolean.toString(m.resampling()));
        s.put("max-exact-states", Long.toString(m.maxExactStates()));
        return s;
    }

    /** The settings {@link #of} wrote, each checked as the command line checks its option. */
    static MethodSettings read(SettingsReader in) {
        double epsilon = in.real("epsilon", 0);
        if (epsilon >= 1) {
            throw SettingsReader.problem("epsilon", "must be below 1, was " + epsilon);
        }
        String schedule = in.text("schedule");
        return new MethodSettings((int) in.whole("samples", 1, Integer.MAX_VALUE), (int) in.whole("temperatures", 1, Integer.MAX_VALUE),
                (int) in.whole("burn-in", 0, Integer.MAX_VALUE), (int) in.whole("particles", 1, Integer.MAX_VALUE),
                in.valid("schedule", () -> Schedule.parse(schedule)), epsilon, (int) in.whole("chain-length", 1, Integer.MAX_VALUE),
                (int) in.whole("ip-iterations", 0, Integer.MAX_VALUE), in.bool("resampling"),
                in.whole("max-exact-states", Long.MIN_VALUE, Long.MAX_VALUE));
    }
}
