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

    /** The settings {@link #of} wrote, each checked by its rule ({@link Setting}), the command line's. */
    static MethodSettings read(SettingsReader in) {
        String schedule = in.text("schedule");
        return new MethodSettings((int) in.whole(Setting.SAMPLES), (int) in.whole(Setting.TEMPERATURES), (int) in.whole(Setting.BURN_IN),
                (int) in.whole(Setting.PARTICLES), in.valid("schedule", () -> Schedule.parse(schedule)), in.real(Setting.EPSILON),
                (int) in.whole(Setting.CHAIN_LENGTH), (int) in.whole(Setting.IP_ITERATIONS), in.bool("resampling"),
                in.whole(Setting.MAX_EXACT_STATES));
    }
}
