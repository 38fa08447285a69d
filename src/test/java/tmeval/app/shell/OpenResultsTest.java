package tmeval.app.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.ResultSentences;
import tmeval.app.common.Results;
import tmeval.app.document.DocumentScreenViewModel;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.inputs.RecentFiles;
import tmeval.compare.ComparisonMethods;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.run.exec.ComparisonRunner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The merged file of a distributed run opens as a session: its inputs, its plan and its rows, in every view. */
@ExtendWith(FxThread.class)
class OpenResultsTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private final List<String> errors = new ArrayList<>();
    private Path a;
    private Path b;
    private Path corpus;

    @BeforeEach
    void setUp() throws Exception {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
        a = dir.resolve("a.tsv");
        b = dir.resolve("b.tsv");
        corpus = dir.resolve("heldout.tokens");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        NativeModelFormat.write(AppFixtures.modelB(), b);
        TextCorpusFormat.writeTokenLines(AppFixtures.corpus(), corpus);
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    private List<String> compare(String... extra) {
        List<String> args = new ArrayList<>(List.of("compare", "--model-a", a.toString(), "--model-b", b.toString(), "--corpus", corpus.toString(),
                "--method", ComparisonMethods.RATIO_CONVEX + "," + ComparisonMethods.LR_DIFF, "--temperatures", "7", "--burn-in", "2",
                "--seed", "5", "--no-timing"));
        args.addAll(List.of(extra));
        return args;
    }

    /** Two shards of a compare run, merged: what a cluster hands back. */
    private Path merged() throws Exception {
        for (int i = 1; i <= 2; i++) {
            AppFixtures.cli(compare("--shard", i + "/2", "--out", dir.resolve("shard-" + i + ".tsv").toString()).toArray(String[]::new));
        }
        Path merged = dir.resolve("merged.tsv");
        AppFixtures.cli("merge", "--no-timing", "--out", merged.toString(), dir.resolve("shard-1.tsv").toString(), dir.resolve("shard-2.tsv").toString());
        return merged;
    }

    /** The rows of an output as "docId method direction run logRatio" (the value at full precision). */
    private static List<String> rows(Path output) throws Exception {
        return Files.readAllLines(output).stream().filter(l -> !l.startsWith("#") && !l.startsWith("docId")).map(l -> {
            String[] f = l.split("\t");
            return String.join(" ", f[0], f[2], f[3], f[4], f[5]);
        }).sorted().toList();
    }

    private List<String> shown() {
        return vm.results().all().stream().map(r -> String.join(" ", r.documentId(), r.method(), r.direction().label(), Integer.toString(r.run()),
                Double.toString(r.result().logRatio()))).sorted().toList();
    }

    @Test
    void aMergedFileOpensWithItsInputsItsPlanAndEveryRow() throws Exception {
        Path merged = merged();
        vm.openSession(merged);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(a.toAbsolutePath().normalize(), vm.workspace().path(Slot.MODEL_A).toAbsolutePath().normalize());
        assertEquals(corpus.toAbsolutePath().normalize(), vm.workspace().path(Slot.CORPUS).toAbsolutePath().normalize());
        assertEquals(7, vm.run().temperaturesProperty().get(), "the form takes the file's plan");
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF), vm.run().selectedMethods());
        assertEquals(rows(merged), shown());
        // every view sees them: the table's rows, the document screen's estimates
        assertTrue(vm.table().text('\t').contains(ComparisonMethods.RATIO_CONVEX), vm.table().text('\t'));
        vm.selectedDocumentProperty().set(3);
        assertEquals(2 * 2 + 2, vm.document().estimates().stream().filter(e -> !e.run().equals(DocumentScreenViewModel.MEAN_RUN))
                .filter(e -> e.method().equals(ComparisonMethods.RATIO_CONVEX) || e.method().equals(ComparisonMethods.LR_DIFF)).count(),
                "both directions and the baseline, two runs each (and a mean row each)");
    }

    @Test
    void anAdaptiveOutputKeepsEachRowsTemperaturesAndVerdict() throws Exception {
        Path out = dir.resolve("adaptive.tsv");
        AppFixtures.cli(compare("--adaptive", "--agree-within", "0.05", "--max-temperatures", "56", "--out", out.toString()).toArray(String[]::new));
        vm.openSession(out);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(rows(out), shown());
        for (String line : Files.readAllLines(out)) {
            String[] f = line.split("\t");
            if (!line.startsWith("#") && !line.startsWith("docId")) {
                ComparisonRunner.Result r = vm.results().all().stream().filter(x -> x.documentId().equals(f[0])).findFirst().orElseThrow();
                Results.Round round = vm.results().round(r.documentIndex(), f[2]);
                assertNotNull(round, line);
                assertEquals(Integer.parseInt(f[11]), round.temperatures(), line);
                assertEquals(f[12], round.converged() == null ? "-" : round.converged() ? "yes" : "no", line);
            }
        }
        assertEquals(1, ResultSentences.adaptive(vm.results()).size());
        // a session saved from it keeps every row and every round: reopened, the views show the same
        List<String> summary = ResultSentences.adaptive(vm.results());
        Path session = dir.resolve("adaptive.session.tsv");
        vm.saveSession(session);
        vm.openSession(session);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(rows(out), shown());
        assertEquals(summary, ResultSentences.adaptive(vm.results()));
        for (String line : Files.readAllLines(out)) {
            String[] f = line.split("\t");
            if (!line.startsWith("#") && !line.startsWith("docId")) {
                ComparisonRunner.Result r = vm.results().all().stream().filter(x -> x.documentId().equals(f[0])).findFirst().orElseThrow();
                Results.Round round = vm.results().round(r.documentIndex(), f[2]);
                assertNotNull(round, "after the session: " + line);
                assertEquals(Integer.parseInt(f[11]), round.temperatures(), line);
            }
        }
        Path exported = dir.resolve("adaptive-exported.tsv");
        vm.openSession(out);
        vm.exportResults(exported);
        assertEquals(provenance(out), provenance(exported), "an adaptive run's provenance, budget included");
        assertEquals(Files.readAllLines(out).stream().filter(l -> !l.startsWith("#")).map(l -> l.replaceAll("\t[0-9.]+\t(ok|zero-weight|refused)", "\t$1")).toList(),
                Files.readAllLines(exported).stream().filter(l -> !l.startsWith("#")).map(l -> l.replaceAll("\t[0-9.]+\t(ok|zero-weight|refused)", "\t$1")).toList(),
                "the same rows, temperatures and verdicts (up to the millis column)");
        assertTrue(vm.run().adaptiveProperty().get(), "the form takes the file's adaptive budget");
        assertEquals(0.05, vm.run().agreeWithinProperty().get());
        assertEquals(56, vm.run().maxTemperaturesProperty().get());
    }

    /** The {@code #} lines of a file but the one with the time it was written. */
    private static List<String> provenance(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> l.startsWith("#") && !l.startsWith(tmeval.run.output.Provenance.WRITTEN_LINE)).toList();
    }

    @Test
    void everySettingOfThePlanComesBackAndAnExportWritesTheSameProvenance() throws Exception {
        // a compare output of a plan with every setting off its default (written as compare writes one: some of these
        // settings no comparison method reads, so no command line can set them all)
        tmeval.run.plan.ComparisonPlan plan = tmeval.run.plan.ComparisonPlanSettingsTest.everySettingChanged();
        tmeval.compare.ModelPair pair = tmeval.compare.ModelPair.prepare(AppFixtures.modelA(), AppFixtures.modelB(), plan.align(),
                plan.intersectVocabularies(), plan.annealingMethod());
        tmeval.model.Corpus held = tmeval.io.CorpusLoader.mapOnto(tmeval.io.CorpusLoader.read(tmeval.io.CorpusLoader.Spec.of(corpus)),
                pair.a().vocabulary(), corpus);
        Path file = dir.resolve("every-setting.tsv");
        StringBuilder out = new StringBuilder(tmeval.run.output.Provenance.header(tmeval.run.output.Provenance.withCorpus(plan.toSettings(),
                java.util.Map.of(), false, held.unknownWords()), List.of(new tmeval.run.output.Provenance.Input("model-a", a),
                new tmeval.run.output.Provenance.Input("model-b", b), new tmeval.run.output.Provenance.Input("corpus", corpus)), true));
        out.append(tmeval.run.output.CompareRowFormat.HEADER);
        java.io.StringWriter rows = new java.io.StringWriter();
        tmeval.run.output.CertifiedRows certified = new tmeval.run.output.CertifiedRows(rows, true);
        ComparisonRunner.run(ComparisonRunner.Job.of(plan, held, pair), certified::add, tmeval.progress.Progress.NONE,
                new tmeval.progress.CancelToken());
        certified.finish();
        Files.writeString(file, out.append(rows));

        vm.openSession(file);
        // the one setting the form cannot hold is named, not silently replaced
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("The run form cannot hold all of the results' plan: " + file + ":\nvocabulary intersect"), errors.get(0));
        assertEquals(plan.toSettings(), vm.results().planProperty().get().toSettings(), "the results keep every setting of their plan");
        java.util.Map<String, String> form = new java.util.LinkedHashMap<>(plan.toSettings());
        form.put("vocabulary", "strict");
        assertEquals(form, vm.run().plan().toSettings(), "the form holds every other setting, those without a control too");
        assertEquals("also in this plan: direction forward, particles 4, epsilon 0.1, chain-length 17, ip-iterations 3, resampling false,"
                + " max-exact-states 5000, gap-threshold 0.25", vm.run().otherSettingsProperty().get());
        assertEquals(rows(file), shown());

        // exported, the same provenance; and still after the form has changed: the export is the rows' plan, not the form's
        Path again = dir.resolve("exported.tsv");
        vm.exportResults(again);
        assertEquals(provenance(file), provenance(again));
        vm.run().temperaturesProperty().set(999);
        vm.run().resetOtherSettings();
        vm.exportResults(again);
        assertEquals(provenance(file), provenance(again));
        assertEquals(rows(file), rows(again), "every row, in compare's order");
    }

    @Test
    void aMissingOrChangedInputIsNamedAndTheRestStillOpens() throws Exception {
        Path merged = merged();
        Files.move(b, dir.resolve("b-moved.tsv"));
        NativeModelFormat.write(tmeval.Fixtures.randomModel("A2", 40, new double[] {0.3, 0.2, 0.1}, 0.2, 99), a); // replaced since
        vm.openSession(merged);
        assertEquals(1, errors.size(), errors.toString());
        String message = errors.get(0);
        assertTrue(message.startsWith("The results' inputs are not all as recorded: " + merged), message);
        assertTrue(message.contains("model-b " + b.toAbsolutePath().normalize() + " does not exist here"), message);
        assertTrue(message.contains("model-a " + a.toAbsolutePath().normalize() + " has changed since the results were made (its SHA-256 differs)"), message);
        assertEquals(rows(merged), shown(), "the corpus is there: the rows are shown");

        errors.clear();
        Files.move(corpus, dir.resolve("elsewhere.tokens"));
        vm.openSession(merged);
        assertTrue(errors.get(0).contains("corpus " + corpus.toAbsolutePath().normalize() + " does not exist here"), errors.toString());
        assertTrue(errors.get(0).contains("no held-out corpus to show the results on"), errors.toString());
    }

    @Test
    void aFileThatIsNotACompareOutputIsRefusedNamingTheLine() throws Exception {
        Path estimate = dir.resolve("estimate.tsv");
        AppFixtures.cli("estimate", "--model", a.toString(), "--corpus", corpus.toString(), "--method", "lr", "--out", estimate.toString());
        vm.openSession(estimate);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("Cannot open the results: " + estimate) && errors.get(0).contains("not a compare output"), errors.get(0));
    }

    /**
     * The workbench reads results through the one reader of results ({@code ComparisonResults}): a row given twice, or a
     * session whose model is not the one it was saved with, is refused naming the line, and nothing changes.
     */
    @Test
    void aDuplicatedRowOrASwappedSessionInputIsRefusedNamingTheLine() throws Exception {
        Path merged = merged();
        List<String> lines = new ArrayList<>(Files.readAllLines(merged));
        int row = lines.indexOf(lines.stream().filter(l -> l.startsWith("docId\t")).findFirst().orElseThrow()) + 1;
        lines.add(row + 1, lines.get(row));
        Path twice = dir.resolve("twice.tsv");
        Files.write(twice, lines);
        vm.openSession(twice);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("Cannot open the results: " + twice + ", line " + (row + 2) + ": ")
                && errors.get(0).contains("is given twice"), errors.get(0));

        errors.clear();
        vm.openSession(merged);
        assertTrue(errors.isEmpty(), errors.toString());
        Path session = dir.resolve("s.tmeval-session.tsv");
        vm.saveSession(session);
        NativeModelFormat.write(AppFixtures.modelB(), a); // another model where A was
        vm.openSession(session);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("Cannot open the session: " + session + ", line 2: input modelA")
                && errors.get(0).contains("has changed since the session was saved"), errors.get(0));
    }

    /**
     * Issue 39, item 4: an opened results file was labelled with the time it was opened. Its run is the one its
     * provenance says it wrote (the '# written' line); a file written without one (--no-timing) by its modification time.
     */
    @Test
    void anOpenedResultsFileIsLabelledByTheTimeItsRunWroteIt() throws Exception {
        Path out = dir.resolve("timed.tsv");
        List<String> args = new ArrayList<>(compare("--out", out.toString()));
        args.remove("--no-timing");
        AppFixtures.cli(args.toArray(String[]::new));
        java.time.Instant written = java.time.Instant.parse(Files.readAllLines(out).stream()
                .filter(l -> l.startsWith(tmeval.run.output.Provenance.WRITTEN_LINE)).findFirst().orElseThrow().split("\t")[1]);
        Thread.sleep(1100); // a second on: the time opened differs from the time written
        vm.openResults(out);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(written, vm.history().runs().get(0).started());
        Path untimed = dir.resolve("untimed.tsv");
        AppFixtures.cli(compare("--out", untimed.toString()).toArray(String[]::new));
        java.time.Instant modified = java.time.Instant.parse("2024-05-01T10:00:00Z");
        Files.setLastModifiedTime(untimed, java.nio.file.attribute.FileTime.from(modified));
        vm.setConfirmHandler((title, question) -> true);
        vm.openResults(untimed);
        assertEquals(modified, vm.history().runs().get(0).started(), "no time recorded: the file's own");
    }
}
