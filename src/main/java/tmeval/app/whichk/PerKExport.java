package tmeval.app.whichk;

import tmeval.coherence.CoherenceStudy;
import tmeval.io.OutputFile;
import tmeval.run.output.Provenance;
import tmeval.run.output.WhichKRowFormat;
import tmeval.run.plan.Setting;
import tmeval.run.select.SeedsPerK;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-K table's export, as {@code select --per-k} writes it: the provenance lines of its plan, models, corpus and
 * coherence, then the table, comma-separated for a {@code .csv} file and tab-separated otherwise.
 */
final class PerKExport {
    private PerKExport() {
    }

    /** The provenance of a per-K table: its settings and its inputs. */
    record Origin(Map<String, String> settings, List<Provenance.Input> inputs) {
        static final Origin NONE = new Origin(Map.of(), List.of());

        Origin {
            settings = new LinkedHashMap<>(settings);
            inputs = List.copyOf(inputs);
        }
    }

    /** The provenance of the per-K table these models gave, scored by this plan on this corpus, coherence on the reference (null: the corpus). */
    static Origin origin(WhichKPlan plan, List<WhichKViewModel.Entry> entries, Path corpusPath, int minTokens, CoherenceStudy.Settings coherence,
                         Path referencePath) {
        Map<String, String> settings = new LinkedHashMap<>(plan.settingsText());
        List<Provenance.Input> inputs = new ArrayList<>();
        if (corpusPath != null) {
            inputs.add(new Provenance.Input("corpus", corpusPath));
        }
        for (int i = 0; i < entries.size(); i++) {
            settings.put("model-" + (i + 1) + "-label", entries.get(i).label());
            if (entries.get(i).path() != null) {
                inputs.add(new Provenance.Input("model " + (i + 1), entries.get(i).path()));
            }
        }
        settings.put(Setting.MIN_TOKENS.name(), Integer.toString(minTokens));
        settings.putAll(SeedsPerK.settings(coherence, referencePath == null ? "corpus" : "reference"));
        if (referencePath != null) {
            inputs.add(new Provenance.Input("reference", referencePath));
        }
        return new Origin(settings, inputs);
    }

    /** Writes the table, complete or not at all. */
    static void write(Path file, List<WhichKRowFormat.PerK> rows, Origin origin) throws IOException {
        if (rows.isEmpty()) {
            throw new IOException("no per-K table to export: score two or more models of one vocabulary first");
        }
        boolean csv = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv");
        try (OutputFile out = OutputFile.create(file)) {
            out.writer().write(Provenance.header(origin.settings(), origin.inputs(), true));
            out.writer().write(WhichKRowFormat.perKText(rows, csv ? ',' : '\t'));
            out.commit();
        }
    }
}
