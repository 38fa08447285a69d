package tmeval.app.shell;

import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.ArmKey;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.run.RunViewModel;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.output.ComparisonResults;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.output.CertifiedRows;
import tmeval.run.output.CompareRowFormat;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-document results as files: exported in the columns of {@code compare}'s output with the provenance of the
 * plan that made them, and a {@code compare} or {@code merge} output opened back with every setting of its plan.
 */
final class ResultsFiles {
    private final Workspace workspace;
    private final Results results;
    private final RunHistory history;
    private final RunViewModel run;
    private final UserMessages messages;
    private final Reopening reopening;

    ResultsFiles(Workspace workspace, RunHistory history, RunViewModel run, UserMessages messages, Reopening reopening) {
        this.workspace = workspace;
        this.history = history;
        this.results = history.results();
        this.run = run;
        this.messages = messages;
        this.reopening = reopening;
    }

    /**
     * The per-document results in the columns of the command line's compare output ({@link CompareRowFormat}; an adaptive
     * run's with its temperatures and verdicts), in its order, after the provenance lines of the plan that made them (the
     * plan of the rows, never the form's) and of the loaded models and corpus. A cancelled run's results say so in a
     * {@code # partial} line. Afterwards the results count as saved: the file opens again with every row.
     *
     * @throws IOException also when the plan of the results is not known (a session saved before sessions kept it)
     */
    public void exportResults(Path path) throws IOException {
        ComparisonJob made = results.planProperty().get();
        if (made == null) {
            throw new IOException("the plan that made these results is not known (a session saved by an earlier version keeps none):"
                    + " an export would name another; run them again");
        }
        boolean adaptive = made.rounds();
        try (OutputFile file = OutputFile.create(path)) {
            Writer w = file.writer();
            // the workbench drops unknown words and tokenises raw text by the defaults, as the command line does unless told
            Corpus corpus = workspace.corpusProperty().get();
            w.write(Provenance.header(corpus == null ? made.toSettings() : Provenance.withCorpus(made.toSettings(), Map.of(), false,
                    corpus.unknownWords()), workspace.comparisonInputs(), true));
            if (!results.partialProperty().get().isEmpty()) {
                w.write(ProvenanceHeader.partial(results.partialProperty().get()));
            }
            w.write(CompareRowFormat.header(adaptive));
            CertifiedRows rows = new CertifiedRows(w, true);
            try {
                for (ComparisonRunner.Result r : inFileOrder(made.plan(), results.all())) {
                    Results.Round round = results.round(r.documentIndex(), r.method());
                    if (adaptive) {
                        rows.add(new AdaptiveComparison.Row(r, round == null ? made.plan().settings().temperatures() : round.temperatures(),
                                round == null ? null : round.converged()));
                    } else {
                        rows.add(r);
                    }
                }
                rows.finish();
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        results.markSaved();
    }

    /** The rows as {@code compare} writes them: by document, then method and direction in the plan's order, then run. */
    private static List<ComparisonRunner.Result> inFileOrder(ComparisonPlan plan, List<ComparisonRunner.Result> rows) {
        List<ArmKey> arms = plan.arms().stream().map(ArmKey::of).toList();
        return rows.stream().sorted(Comparator.comparingInt(ComparisonRunner.Result::documentIndex)
                .thenComparingInt(r -> arms.indexOf(ArmKey.of(r)))
                .thenComparingInt(ComparisonRunner.Result::run)).toList();
    }

    /**
     * Opens a {@code compare} output (as {@code compare} or {@code merge} wrote it) as a session: the run form takes every
     * setting of its plan (one it cannot hold is named), the inputs its provenance names are loaded where they exist (a
     * message names each one missing or changed since, by its SHA-256), and its rows go to every view, matched to the
     * loaded corpus by document id, with the file's plan as theirs: exported again, they say what the file said.
     */
    public void openResults(Path path) {
        ComparisonResults.Opened opened = reopening.read("the results", path, "a setting of its plan is invalid", () -> ComparisonResults.open(path));
        if (opened == null) {
            return;
        }
        if (opened.session() != null) {
            messages.error("Cannot open the results", path + ": a workbench session, not a compare output: open it as a session");
            return;
        }
        openResults(path, opened);
    }

    /** {@link #openResults(Path)} of a compare output read and checked by the one reader of results. */
    private void openResults(Path path, ComparisonResults.Opened opened) {
        ComparisonResults.Source content = opened.source();
        ComparisonJob made = reopening.read("the results", path, "a setting of its plan is invalid", () -> ComparisonJob.fromSettings(content.settings()));
        if (made == null || !reopening.clearIfAgreed("Opening the results " + path.getFileName(), false)) {
            return;
        }
        List<String> notHeld = run.apply(made);
        List<String> problems = new ArrayList<>();
        Map<Slot, Path> load = new LinkedHashMap<>();
        for (ProvenanceHeader.Input in : content.inputs()) {
            Slot slot = List.of(Slot.MODEL_A, Slot.MODEL_B, Slot.CORPUS).stream().filter(s -> s.role().equals(in.role())).findFirst().orElse(null);
            if (slot == null) {
                continue; // an alpha file or a vocabulary: read with its model, as the command line does
            }
            String problem = in.problem();
            if (problem != null) {
                problems.add(problem);
            }
            if (Files.exists(in.path())) {
                load.put(slot, in.path());
            }
        }
        if (!load.containsKey(Slot.CORPUS)) {
            problems.add("no held-out corpus to show the results on: load the one they were made from, then open them again");
        }
        if (!problems.isEmpty()) {
            messages.error("The results' inputs are not all as recorded", path + ":\n" + String.join("\n", problems));
        }
        if (!notHeld.isEmpty()) {
            messages.error("The run form cannot hold all of the results' plan", path + ":\n" + String.join("\n", notHeld)
                    + "\nThe results keep their own plan: the views name it and an export records it.");
        }
        reopening.loadThen(load, () -> {
            if (load.containsKey(Slot.CORPUS)) {
                applyOutputRows(path, opened, made);
            }
        });
    }

    /**
     * When the file's run was: the time its provenance says it was written, or for a file written without one
     * (--no-timing) the file's own modification time; never the time it is opened (issue 39).
     */
    static java.time.Instant runTime(ComparisonResults.Source source) {
        if (source.written() != null) {
            return source.written();
        }
        Path path = source.path();
        try {
            return Files.getLastModifiedTime(path).toInstant();
        } catch (java.io.IOException e) {
            return java.time.Instant.now();
        }
    }

    /** The rows of an output on the loaded corpus, by document id; rows of documents it does not have are reported. */
    private void applyOutputRows(Path path, ComparisonResults.Opened opened, ComparisonJob made) {
        Corpus corpus = workspace.corpusProperty().get();
        if (corpus == null) {
            return;
        }
        Map<String, Integer> positions = new java.util.HashMap<>();
        for (int d = 0; d < corpus.size(); d++) {
            positions.putIfAbsent(corpus.document(d).id(), d);
        }
        results.reset(corpus, made);
        List<ComparisonRunner.Result> plain = new ArrayList<>();
        List<AdaptiveComparison.Row> adaptive = new ArrayList<>();
        int unmatched = 0;
        for (AdaptiveComparison.Row row : opened.rows()) {
            ComparisonRunner.Result inFile = row.result();
            Integer d = positions.get(inFile.documentId());
            if (d == null) {
                unmatched++;
                continue;
            }
            // the file's position is its own order; the views' is the loaded corpus's
            ComparisonRunner.Result r = new ComparisonRunner.Result(d, inFile.documentId(), inFile.length(), inFile.method(), inFile.direction(),
                    inFile.run(), inFile.reference(), inFile.result(), inFile.refusal(), inFile.status());
            if (opened.source().adaptive()) {
                adaptive.add(new AdaptiveComparison.Row(r, row.temperatures(), row.converged()));
            } else {
                plain.add(r);
            }
        }
        results.addAll(plain);
        results.addRoundRows(adaptive);
        results.markSaved();
        history.adopt(runTime(opened.source())); // the file's rows are the history's one run
        if (unmatched > 0) {
            messages.error("The results do not all fit the corpus", path + ": " + unmatched
                    + " rows name documents the loaded corpus does not have; they were left out");
        }
    }
}
