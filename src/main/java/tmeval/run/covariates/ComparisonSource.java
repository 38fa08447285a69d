package tmeval.run.covariates;

import tmeval.io.InputException;
import tmeval.run.output.ComparisonOutput;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.SessionFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results a covariates analysis reads: a {@code compare} output (plain or adaptive, merged shards) or a workbench
 * session (the run it shows), read by their own readers, with the settings and inputs they record.
 *
 * @param settings the comparison's settings as recorded
 * @param inputs the models and corpus as recorded (a session records no digest: {@code sha256:-})
 */
public record ComparisonSource(Path path, Map<String, String> settings, List<tmeval.run.output.ProvenanceHeader.Input> inputs,
                               List<ComparisonRunner.Result> results) {
    /** The roles of the inputs, as a {@code compare} output names them. */
    public static final String MODEL_A = "model-a";
    public static final String MODEL_B = "model-b";
    public static final String CORPUS = "corpus";

    public static ComparisonSource read(Path path) throws InputException {
        if (ComparisonOutput.looksLikeOutput(path)) {
            ComparisonOutput.Content content = ComparisonOutput.read(path);
            List<ComparisonRunner.Result> results = new ArrayList<>(content.rows().size());
            for (tmeval.run.output.CompareRowFormat.Row row : content.rows()) {
                // the position in the corpus is not needed here: documents are matched by id
                results.add(row.result(0));
            }
            return new ComparisonSource(path, content.settings(), content.inputs(), results);
        }
        SessionFile.Session session = SessionFile.read(path);
        List<tmeval.run.output.ProvenanceHeader.Input> inputs = new ArrayList<>();
        for (var e : Map.of("modelA", MODEL_A, "modelB", MODEL_B, "corpus", CORPUS).entrySet()) {
            Path p = session.inputs().get(e.getKey());
            if (p != null) {
                inputs.add(new tmeval.run.output.ProvenanceHeader.Input(e.getValue(), p, "sha256:-\tbytes:- (a session records no digest)"));
            }
        }
        // a session with a run history keeps its rows in its runs: the run it shows is the one analysed
        SessionFile.RunBlock shown = session.shownRun();
        return shown == null
                ? new ComparisonSource(path, session.settings(), List.copyOf(inputs), session.results())
                : new ComparisonSource(path, shown.plan(), List.copyOf(inputs), shown.results());
    }

    /** The recorded input of a role, or null. */
    public tmeval.run.output.ProvenanceHeader.Input input(String role) {
        return inputs.stream().filter(i -> i.role().equals(role)).findFirst().orElse(null);
    }

    /** Whether the comparison was made on the models' shared words ({@code --vocabulary intersect}). */
    public boolean intersect() {
        return "intersect".equals(settings.get("vocabulary"));
    }
}
