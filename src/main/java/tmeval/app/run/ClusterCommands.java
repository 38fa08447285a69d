package tmeval.app.run;

import tmeval.run.plan.ComparisonJob;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.app.common.Workspace;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.run.distributed.CompareCommandLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The offer the run screen makes when a job is too big for this machine: the form's plan as shard commands (GNU
 * parallel, a Slurm job array, and the merge) or as one {@code spark-submit}, written by {@link CompareCommandLine}
 * from the loaded inputs' paths, to copy or to save.
 */
public final class ClusterCommands {
    /** What to write. */
    public enum Kind {
        SHARDS("shards: GNU parallel or Slurm, then merge"), SPARK("Apache Spark: spark-submit");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Workspace inputs;
    /** The form's comparison (for auto, its pilot plan). */
    private final Supplier<ComparisonJob> job;
    private final String jar;
    private final IntegerProperty shards = new SimpleIntegerProperty(32);
    private final BooleanProperty noTiming = new SimpleBooleanProperty(true);
    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(Kind.SHARDS);
    private final ObjectProperty<Path> out = new SimpleObjectProperty<>(Path.of("compare.tsv").toAbsolutePath());
    private final StringProperty text = new SimpleStringProperty("");

    /** @param jar the tmeval jar as the nodes will see it (this one's path, or its name when not run from a jar) */
    ClusterCommands(Workspace inputs, Supplier<ComparisonJob> job, String jar) {
        this.inputs = inputs;
        this.job = job;
        this.jar = jar;
        shards.addListener((o, a, b) -> refresh());
        noTiming.addListener((o, a, b) -> refresh());
        kind.addListener((o, a, b) -> refresh());
        out.addListener((o, a, b) -> refresh());
    }

    /**
     * Suggests a number of shards for a job predicted to take this long here: about half an hour of this machine's time
     * each, between 2 and 1000 and never more than the corpus's documents (a shard without documents is waste); and
     * the merged file beside the corpus.
     */
    void suggest(double predictedSeconds) {
        if (predictedSeconds > 0) {
            Corpus loaded = inputs.corpusProperty().get();
            int most = loaded == null ? 1000 : Math.max(2, Math.min(1000, loaded.size()));
            shards.set((int) Math.max(2, Math.min(most, Math.ceil(predictedSeconds / 1800))));
        }
        Path corpus = inputs.path(Workspace.Slot.CORPUS);
        if (corpus != null && corpus.toAbsolutePath().getParent() != null) {
            out.set(corpus.toAbsolutePath().getParent().resolve("compare.tsv"));
        }
        refresh();
    }

    /** Writes the commands for the form's current plan, or says what is missing. */
    public void refresh() {
        Path a = inputs.path(Workspace.Slot.MODEL_A);
        Path b = inputs.path(Workspace.Slot.MODEL_B);
        Path corpus = inputs.path(Workspace.Slot.CORPUS);
        if (a == null || b == null || corpus == null) {
            text.set("# load models A and B and the corpus from files first: the commands name their paths");
            return;
        }
        CompareCommandLine.Inputs files = new CompareCommandLine.Inputs(a.toAbsolutePath(), b.toAbsolutePath(), corpus.toAbsolutePath(),
                inputs.minTokensProperty().get());
        try {
            ComparisonJob j = job.get();
            text.set(kind.get() == Kind.SPARK ? CompareCommandLine.sparkSubmit(j, files, noTiming.get(), out.get(), CompareCommandLine.sparkJarBeside(jar))
                    : CompareCommandLine.shardScript(j, files, noTiming.get(), shards.get(), jar, out.get()));
        } catch (IllegalArgumentException e) {
            text.set("# " + e.getMessage());
        }
    }

    /** Saves the commands (through {@link OutputFile}: whole or not at all). */
    public void save(Path file) throws IOException {
        try (OutputFile f = OutputFile.create(file)) {
            f.writer().write(text.get());
            f.commit();
        }
    }

    /** "This job is predicted to take about 28 h here" for a job over the threshold, as the run screen says it. */
    static String warning(double predictedSeconds) {
        return String.format(Locale.ROOT, "Too big for this machine: about %s predicted here (over %.0f h). Run it as shards on a cluster"
                + " or with Spark:", CostPreview.seconds(predictedSeconds), CostPreview.TOO_BIG_SECONDS / 3600);
    }

    public IntegerProperty shardsProperty() {
        return shards;
    }

    public BooleanProperty noTimingProperty() {
        return noTiming;
    }

    public ObjectProperty<Kind> kindProperty() {
        return kind;
    }

    /** The merged result file (the Spark job's output). */
    public ObjectProperty<Path> outProperty() {
        return out;
    }

    public ReadOnlyStringProperty textProperty() {
        return text;
    }
}
