package tmeval.app.whichk;

import tmeval.run.output.Provenance;
import tmeval.run.output.WhichKRowFormat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a session keeps of Which K? (File > Save session) and puts back (File > Open session): the models' rows and
 * points, the per-K table, its verdict and its provenance; the pairwise counts are not kept (score again for them).
 */
final class WhichKSession {
    /** The session settings the screen keeps. */
    static final String MODELS = "whichk.models";
    static final String PER_K = "whichk.perK";
    static final String PLAN = "whichk.plan";
    static final String VERDICT = "whichk.verdict";

    private WhichKSession() {
    }

    /** The scores on screen, as a session keeps them. */
    record Kept(List<WhichKRowFormat.Model> models, List<WhichKRowFormat.PerK> perK, String verdict, PerKExport.Origin origin) {
    }

    /** The session settings of these scores (none for an empty screen). */
    static Map<String, String> settings(Kept k) {
        Map<String, String> m = new LinkedHashMap<>();
        if (!k.models().isEmpty()) {
            m.put(MODELS, WhichKRowFormat.modelsText(k.models()));
        }
        if (!k.perK().isEmpty()) {
            m.put(PER_K, WhichKRowFormat.perKText(k.perK(), '\t'));
            // its provenance: a setting a line (name, value), an input a line (input, role, path)
            List<String> lines = new ArrayList<>(k.origin().settings().entrySet().stream().map(e -> Provenance.escape(e.getKey()) + "\t"
                    + Provenance.escape(e.getValue())).toList());
            k.origin().inputs().forEach(i -> lines.add("input\t" + Provenance.escape(i.role()) + "\t" + Provenance.escape(i.path().toString())));
            m.put(PLAN, String.join("\n", lines));
        }
        if (!k.verdict().isEmpty()) {
            m.put(VERDICT, k.verdict());
        }
        return m;
    }

    /** The scores a session kept ({@link #settings}, checked by the session's reader); null when it kept none. */
    static Kept read(Map<String, String> settings) {
        if (!settings.containsKey(MODELS)) {
            return null;
        }
        Map<String, String> plan = new LinkedHashMap<>();
        List<Provenance.Input> inputs = new ArrayList<>();
        for (String line : settings.getOrDefault(PLAN, "").split("\n")) {
            String[] f = Provenance.fields(line);
            if (f.length == 2) {
                plan.put(f[0], f[1]);
            } else if (f.length == 3 && f[0].equals("input")) {
                inputs.add(new Provenance.Input(f[1], Path.of(f[2])));
            }
        }
        return new Kept(WhichKRowFormat.parseModels(settings.get(MODELS)),
                settings.containsKey(PER_K) ? WhichKRowFormat.parsePerK(settings.get(PER_K)) : List.of(),
                settings.getOrDefault(VERDICT, ""), new PerKExport.Origin(plan, inputs));
    }
}
