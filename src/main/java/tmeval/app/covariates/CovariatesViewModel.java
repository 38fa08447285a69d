package tmeval.app.covariates;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.Results;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.UserMessages;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.Provenance;
import tmeval.run.covariates.BuiltInCovariates;
import tmeval.run.covariates.Covariate;
import tmeval.run.covariates.CovariateAnalysis;
import tmeval.run.covariates.CovariateStudy;
import tmeval.run.covariates.DocumentRatio;
import tmeval.run.covariates.DocumentRatios;
import tmeval.run.covariates.Metadata;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * View-model of the covariates screen: the streamed results of one method against one covariate (built-in, or a
 * metadata file's column), analysed as {@code tmeval covariates} does ({@link CovariateStudy}). The analysis (the
 * variational fits of the built-in covariates among it) runs off the FX thread whenever the results, the method, the
 * metadata or "include not certified" change; changes during a job are analysed once it ends.
 */
public final class CovariatesViewModel {
    /** A document as drawn: its covariate value (a level: its index), its log ratio per token and Monte Carlo s.d. */
    public record Point(String documentId, double x, double y, double sd, boolean certified) {
    }

    /** The empty chart's words when nothing is analysed or under way. */
    static final String IDLE = "No document analysed yet: run a comparison (its certified documents appear here).";
    /** The check box's words, in the counts. */
    private static final String INCLUDE = "'include documents not certified'";

    private final Results results;
    private final Workspace workspace;
    private final BackgroundJob<CovariateStudy> job;
    private final UserMessages messages;
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final StringProperty message = new SimpleStringProperty("run a comparison: its documents appear here against each covariate");
    private final ObservableList<String> methods = FXCollections.observableArrayList();
    private final StringProperty method = new SimpleStringProperty();
    private final ObservableList<String> covariates = FXCollections.observableArrayList();
    private final StringProperty covariate = new SimpleStringProperty();
    private final BooleanProperty all = new SimpleBooleanProperty(false);
    private final ObjectProperty<Path> metadataPath = new SimpleObjectProperty<>();
    private final ObjectProperty<CovariateStudy> study = new SimpleObjectProperty<>();
    private final ObjectProperty<CovariateAnalysis> analysis = new SimpleObjectProperty<>();
    private final ObservableList<Point> points = FXCollections.observableArrayList();
    private final StringProperty sentence = new SimpleStringProperty("");
    private final StringProperty documents = new SimpleStringProperty("");
    /** How the metadata file's ids meet the documents ({@link Metadata#matches}); empty without a file. */
    private final StringProperty metadataMatches = new SimpleStringProperty("");
    /** Why the last analysis did not end in a study (cancelled, failed), or empty: said under the controls until the next ends. */
    private final StringProperty note = new SimpleStringProperty("");
    /** What the chart and the line under the controls say: {@link #placeholderProperty()}, {@link #statusProperty()}. */
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private boolean again;
    /** Counts the clearings: an analysis started before the last one is of other inputs, and its result is dropped. */
    private long generation;
    /** "A name vs B name" of the models the study drawn was made of. */
    private String studyModels = "";
    /** Why the metadata file was let go (another corpus), until another is chosen. */
    private final StringProperty metadataNote = new SimpleStringProperty("");
    /**
     * Whether the screen is on view (its view binds it): results that stream in while it is not are analysed when it is
     * shown, so a run's batches never pay for a screen nobody looks at. Not shown until a view says so.
     */
    private final BooleanProperty shown = new SimpleBooleanProperty(false);
    private boolean stale;
    /** The covariates of the models and the corpus, computed once for the whole corpus: the inputs they were made of, and them. */
    private List<Object> builtInInputs = List.of();
    private List<Covariate> builtIn = List.of();

    public CovariatesViewModel(Results results, Workspace workspace, TaskExecutor executor, UserMessages messages) {
        this.results = results;
        this.workspace = workspace;
        this.messages = messages;
        this.job = new BackgroundJob<CovariateStudy>(executor).showIn(progress, message);
        for (javafx.beans.Observable o : List.of(job.runningProperty(), progress, message, note)) {
            o.addListener(x -> describeWork());
        }
        describeWork();
        results.onAdded(batch -> analyse());
        // results of other inputs (new models, a new corpus, another run on screen): what is drawn goes at once, not
        // when the next analysis ends (issue 39: the caption kept the previous models during the next run)
        results.onReset(() -> {
            clear();
            analyse();
        });
        // a metadata file names a corpus's documents: another corpus leaves it, and the screen says so
        workspace.corpusProperty().addListener((o, a, b) -> {
            if (metadataPath.get() != null && a != null && b != null) {
                metadataNote.set("the metadata file " + metadataPath.get().getFileName() + " was of the corpus loaded before: choose one for this corpus");
                metadataPath.set(null);
            }
        });
        // a picker clears its value while its items change: the choice made stays
        method.addListener((o, a, b) -> {
            if (b == null && !methods.isEmpty()) {
                method.set(a != null && methods.contains(a) ? a : methods.get(0));
            } else {
                analyse();
            }
        });
        all.addListener((o, a, b) -> analyse());
        metadataPath.addListener((o, a, b) -> {
            if (b != null) {
                metadataNote.set("");
            }
            clear(); // the previous file's columns and matches are not this file's
            analyse();
        });
        shown.addListener((o, a, b) -> {
            if (b && stale) {
                analyse();
            }
        });
        covariate.addListener((o, a, b) -> {
            if (b == null && !covariates.isEmpty()) {
                covariate.set(a != null && covariates.contains(a) ? a : covariates.get(0));
            } else {
                show();
            }
        });
    }

    /**
     * Forgets what is drawn (the study, its points, sentences and the metadata's matches) and any analysis under way,
     * whose result would be of the inputs before.
     */
    private void clear() {
        generation++;
        again = false;
        job.cancel();
        study.set(null);
        studyModels = "";
        metadataMatches.set("");
        show();
    }

    /** Analyses the results as they stand now, or once the running analysis ends. */
    public void analyse() {
        if (!shown.get()) {
            stale = true; // a run's every batch would otherwise be analysed, on the cores the run needs
            return;
        }
        stale = false;
        if (job.isRunning()) {
            again = true;
            return;
        }
        List<ComparisonRunner.Result> rows = List.copyOf(results.all());
        List<String> names = DocumentRatios.methods(rows);
        if (!methods.equals(names)) {
            String keep = method.get();
            update(methods, names);
            if (keep == null || !names.contains(keep)) {
                method.set(DocumentRatios.defaultMethod(rows)); // analyses again through the listener
                return;
            }
        }
        if (rows.isEmpty() || method.get() == null) {
            study.set(null);
            show();
            return;
        }
        String chosen = method.get();
        boolean includeAll = all.get();
        Path metadata = metadataPath.get();
        TopicModel a = workspace.modelAProperty().get();
        TopicModel b = workspace.modelBProperty().get();
        Corpus raw = workspace.rawCorpusProperty().get();
        Path corpusPath = workspace.path(Workspace.Slot.CORPUS);
        List<Object> inputs = java.util.Arrays.asList(a, b, raw);
        List<Covariate> known = inputs.equals(builtInInputs) ? builtIn : null;
        List<Covariate>[] corpusCovariates = new List[] {List.of()};
        long made = generation;
        String models = "A " + (a == null ? "-" : a.name()) + " vs B " + (b == null ? "-" : b.name());
        String[] matches = {""};
        try {
            job.of((sink, token) -> {
                sink.message("analysing " + chosen + " against the covariates");
                List<DocumentRatio> ratios = DocumentRatios.of(rows, chosen);
                corpusCovariates[0] = known != null || a == null || b == null || raw == null ? known == null ? List.of() : known
                        : BuiltInCovariates.ofCorpus(raw.documents().stream().map(tmeval.model.Document::id).toList(), a, b, raw, false, corpusPath,
                        Runtime.getRuntime().availableProcessors(), (done, total, m) -> {
                            sink.progress(done, total);
                            sink.message(String.format(java.util.Locale.ROOT, "the topic covariates: fitting each document under A and B, %d of %d", done, total));
                        }, token);
                sink.message("analysing " + chosen + " against the covariates");
                List<Covariate> all = new ArrayList<>(List.of(BuiltInCovariates.length(ratios)));
                all.addAll(corpusCovariates[0]);
                if (metadata != null) {
                    Metadata read = Metadata.read(metadata);
                    all.addAll(read.columns());
                    matches[0] = read.matches(ratios.stream().map(DocumentRatio::documentId).toList());
                }
                return CovariateStudy.of(rows, chosen, includeAll, all, CovariateAnalysis.DEFAULT_BINS);
            }).onSuccess(done -> {
                if (made != generation) {
                    return; // of results or a metadata file since replaced
                }
                studyModels = models;
                if (!corpusCovariates[0].isEmpty()) {
                    builtInInputs = inputs;
                    builtIn = corpusCovariates[0];
                }
                metadataMatches.set(matches[0]);
                finish(done, null);
            }).onCancelled(() -> {
                progress.set(0); // a cancelled analysis's bar does not stay part-filled (issue 39)
                finish(null, "analysis cancelled; " + (again ? "the results that arrived meanwhile are analysed next" : "nothing waits to be analysed"));
            }).onFailure(f -> {
                if (f.error() instanceof InputException && metadata != null && metadata.equals(metadataPath.get())) {
                    metadataPath.set(null); // a file that cannot be read is not kept as the one in use
                    messages.error("Cannot read the metadata file", f.error().getMessage());
                }
                finish(null, "failed: " + f.message());
            }).onEnd(outcome -> {
                // results that arrived while it ran: analysed now that the slot is free
                if (again && !job.isRunning()) {
                    again = false;
                    analyse();
                }
            }).start();
        } catch (java.util.concurrent.RejectedExecutionException e) {
            message.set("not analysed: the workbench is closing"); // results that arrive as the window closes
        }
    }

    private void finish(CovariateStudy done, String failure) {
        message.set(failure != null ? failure : done.describeDocuments(INCLUDE));
        note.set(failure != null ? failure : "");
        if (done != null) {
            study.set(done);
            List<String> names = done.analyses().stream().map(x -> x.covariate().name()).toList();
            if (!covariates.equals(names)) {
                String keep = covariate.get();
                update(covariates, names);
                covariate.set(keep != null && names.contains(keep) ? keep : names.get(0));
            }
            show();
        }
    }

    /**
     * The list made equal to the names, by appending when it is a prefix of them (as methods and covariates grow), so that
     * a picker showing one of them keeps showing it: replacing the items clears a picker's value.
     */
    private static void update(ObservableList<String> list, List<String> names) {
        if (names.size() >= list.size() && names.subList(0, list.size()).equals(list)) {
            list.addAll(names.subList(list.size(), names.size()));
        } else {
            list.setAll(names);
        }
    }

    /** The chosen covariate's analysis and its points. */
    private void show() {
        CovariateStudy s = study.get();
        CovariateAnalysis chosen = s == null ? null : s.analyses().stream().filter(x -> x.covariate().name().equals(covariate.get())).findFirst()
                .orElse(null);
        analysis.set(chosen);
        documents.set(s == null ? "" : s.describeDocuments(INCLUDE));
        sentence.set(chosen == null ? "" : chosen.describe());
        List<Point> drawn = new ArrayList<>();
        if (chosen != null) {
            Covariate c = chosen.covariate();
            Map<String, Integer> levelIndex = new LinkedHashMap<>();
            chosen.groups().forEach(g -> levelIndex.put(g.label(), levelIndex.size()));
            for (DocumentRatio r : s.included()) {
                if (c.has(r.documentId())) {
                    double x = c.numeric() ? c.numbers().get(r.documentId()) : levelIndex.get(c.levels().get(r.documentId())) + jitter(r.documentId());
                    drawn.add(new Point(r.documentId(), x, r.value(), Math.sqrt(r.variance()), r.certified()));
                }
            }
        }
        points.setAll(drawn);
    }

    /**
     * What the empty chart and the line under the controls say: while an analysis runs, that it is under way and how
     * far (issue 39: the chart said "No document analysed yet" while it analysed); after, why it stopped, if it did.
     */
    private void describeWork() {
        if (job.isRunning()) {
            String doing = underWay(message.get(), progress.get());
            placeholder.set(doing);
            status.set(doing);
        } else {
            placeholder.set(note.get().isEmpty() ? IDLE : "No document analysed: " + note.get() + ".");
            status.set(note.get());
        }
    }

    /** "Under way: fitting each document under A and B, 120 of 300 (40%)." */
    static String underWay(String doing, double progress) {
        String what = doing == null || doing.isEmpty() ? "analysing the results against the covariates" : doing;
        return "Under way: " + what + (progress >= 0 && progress <= 1 ? String.format(java.util.Locale.ROOT, " (%.0f%%)", 100 * progress) : "") + ".";
    }

    /** The fitted line across the drawn documents' range: x0, y0, x1, y1; null without a slope. */
    public double[] line() {
        CovariateAnalysis a = analysis.get();
        if (a == null || a.slope() == null || points.isEmpty()) {
            return null;
        }
        double lo = points.stream().mapToDouble(Point::x).min().orElseThrow();
        double hi = points.stream().mapToDouble(Point::x).max().orElseThrow();
        double[] c = a.centre();
        return new double[] {lo, c[1] + a.slope().value() * (lo - c[0]), hi, c[1] + a.slope().value() * (hi - c[0])};
    }

    /** A document's fixed offset within its level's column, so that the documents of one level do not hide each other. */
    private static double jitter(String documentId) {
        return 0.3 * (Math.floorMod(documentId.hashCode() * 0x9E3779B9, 1000) / 1000.0 - 0.5);
    }

    /** The figure's title: what is plotted against what. */
    public String title() {
        return "Log ratio per token against " + (covariate.get() == null ? "a covariate" : covariate.get());
    }

    /** The figure's caption: the models of the study drawn, the method, the documents certified and analysed, and the date. */
    public String caption() {
        CovariateStudy s = study.get();
        String documents = s == null ? "no results" : String.format(java.util.Locale.ROOT, "%s: %d documents, %d certified, %d analysed (%s)",
                s.method(), s.ratios().size(), s.certified(), s.included().size(), s.all() ? "not certified included" : "certified only");
        return (s == null ? "no models analysed" : studyModels) + "; " + documents
                + "; bars: Monte Carlo s.d. of each document; binned means with 95% intervals; " + LocalDate.now();
    }

    /** Writes the study as {@code tmeval covariates --out} does: provenance lines, then the table. */
    public void exportTsv(Path path) {
        CovariateStudy s = study.get();
        if (s == null) {
            messages.error("Nothing to export", "run a comparison first");
            return;
        }
        List<Provenance.Input> inputs = new ArrayList<>(workspace.comparisonInputs());
        if (metadataPath.get() != null) {
            inputs.add(new Provenance.Input("metadata", metadataPath.get()));
        }
        try {
            CovariatesExport.write(path, s, results.planProperty().get(), inputs, title(), caption());
        } catch (IOException e) {
            messages.error("Cannot export", path + ": " + e.getMessage());
        }
    }

    public ObservableList<String> methods() {
        return methods;
    }

    public StringProperty methodProperty() {
        return method;
    }

    public ObservableList<String> covariates() {
        return covariates;
    }

    public StringProperty covariateProperty() {
        return covariate;
    }

    public BooleanProperty allProperty() {
        return all;
    }

    public ObjectProperty<Path> metadataPathProperty() {
        return metadataPath;
    }

    public ReadOnlyObjectProperty<CovariateAnalysis> analysisProperty() {
        return analysis;
    }

    public ReadOnlyObjectProperty<CovariateStudy> studyProperty() {
        return study;
    }

    public ObservableList<Point> points() {
        return points;
    }

    public ReadOnlyStringProperty sentenceProperty() {
        return sentence;
    }

    public ReadOnlyStringProperty documentsProperty() {
        return documents;
    }

    /** Why the metadata file in use was let go ("was of the corpus loaded before"), or empty. */
    public ReadOnlyStringProperty metadataNoteProperty() {
        return metadataNote;
    }

    public ReadOnlyStringProperty metadataMatchesProperty() {
        return metadataMatches;
    }

    /** The empty chart's words: what to do, or the analysis under way with its progress. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    /** The line beside the progress bar: the analysis under way, or why the last one stopped; empty otherwise. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return job.runningProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    public BooleanProperty shownProperty() {
        return shown;
    }

    public void cancel() {
        job.cancel();
    }
}
