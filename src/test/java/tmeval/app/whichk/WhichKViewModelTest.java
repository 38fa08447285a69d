package tmeval.app.whichk;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.UserMessages;
import tmeval.Fixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Workspace;
import tmeval.cli.Cli;
import tmeval.estimate.Methods;
import tmeval.io.CorpusLoader;
import tmeval.io.MalletFixture;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.model.TopicModel;
import tmeval.run.select.ModelSelection;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class WhichKViewModelTest {
    private static final TopicModel TRUTH = Fixtures.randomModel("truth K3", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
    private static final TopicModel OTHER = Fixtures.randomModel("other K2", 30, new double[] {0.5, 0.5}, 0.05, 7);

    @TempDir
    Path dir;

    private final Workspace workspace = new Workspace();
    private final List<String> errors = new ArrayList<>();
    private WhichKViewModel vm;
    private Path truthFile;
    private Path otherFile;
    private Path corpusFile;

    @BeforeEach
    void setUp() throws Exception {
        vm = new WhichKViewModel(workspace, new CurrentThreadTaskExecutor(), (title, message) -> errors.add(title + ": " + message));
        truthFile = dir.resolve("truth.tsv");
        otherFile = dir.resolve("other.tsv");
        corpusFile = dir.resolve("heldout.tokens");
        NativeModelFormat.write(TRUTH, truthFile);
        NativeModelFormat.write(OTHER, otherFile);
        TextCorpusFormat.writeTokenLines(Fixtures.generate(TRUTH, 12, 20, 5), corpusFile);
        workspace.put(Workspace.Slot.CORPUS, corpusFile, CorpusLoader.read(CorpusLoader.Spec.of(corpusFile)));
    }

    private static String[] cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli().run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void theFormStartsFromSelectsDefaultPlan() {
        assertEquals(tmeval.run.auto.AutoEstimation.NAME, vm.plan().method(), "select's default, auto");
        assertTrue(vm.settings().autoProperty().get(), "auto sets its own runs");
        assertEquals(java.util.Map.of("plan", "select", "method", "auto", "runs", "3", "seed", "1"), vm.plan().settingsText());
        assertEquals(tmeval.run.auto.AutoEstimation.NAME, vm.settings().methodNames().get(0));
    }

    @Test
    void autoGivesSelectsNumbersForEachModel() throws Exception {
        Path out = dir.resolve("select-auto.tsv");
        String printed = cli("select", "--models", truthFile + "," + otherFile, "--corpus", corpusFile.toString(), "--no-timing",
                "--out", out.toString())[0];
        vm.addFiles(List.of(truthFile, otherFile));
        vm.start();
        assertEquals(List.of(), errors);
        ModelSelection.Result r = vm.resultProperty().get();
        assertSelectsTotals(r, printed);
        for (int i = 0; i < 2; i++) {
            String certified = "certified " + r.scores().get(i).verdicts().methods().iterator().next() + ": " + r.scores().get(i).verdicts()
                    .certified(r.scores().get(i).verdicts().methods().iterator().next());
            assertTrue(printed.contains(certified), certified + " in\n" + printed);
        }
    }

    /**
     * Which K? scores models of different families (which family and which K): an LDA of K = 3 and a ProdLDA-shaped model of
     * K = 2 over the same words, each by its own auto, with select's numbers; nothing refuses the other family.
     */
    @Test
    void modelsOfAnotherFamilyAreScoredBesideAnLdaWithSelectsNumbers() throws Exception {
        Path prod = dir.resolve("prodlda.tsv");
        NativeModelFormat.write(tmeval.FamilyFixtures.model("prodlda", new tmeval.FamilyFixtures.Shape(2, false, true, true), 30, 1.0, 5), prod);
        Path out = dir.resolve("select-families.tsv");
        String printed = cli("select", "--models", truthFile + "," + prod, "--corpus", corpusFile.toString(), "--no-timing",
                "--out", out.toString())[0];
        vm.addFiles(List.of(truthFile, prod));
        vm.start();
        assertEquals(List.of(), errors);
        ModelSelection.Result r = vm.resultProperty().get();
        assertEquals(2, r.scores().size());
        assertTrue(printed.contains("model 2: prodlda (K = 2, logistic-normal"), printed);
        assertSelectsTotals(r, printed);
    }

    /** Each model's corpus totals on screen are the ones select printed for it. */
    private static void assertSelectsTotals(ModelSelection.Result r, String printed) {
        for (int i = 0; i < r.scores().size(); i++) {
            var t = r.scores().get(i).totals();
            String line = String.format(Locale.ROOT, "corpus log-likelihood %.4f (mean over runs; %.4f nats per token), perplexity %.4f",
                    t.logLikelihood(), t.perToken(), t.perplexity());
            assertTrue(printed.substring(printed.indexOf("model " + (i + 1) + ":")).contains(line), line + " in\n" + printed);
        }
    }

    /** Which K? takes every model option estimate takes, as select takes them per model: the same numbers. */
    @Test
    void modelsAddedWithEstimatesOptionsGiveSelectsNumbers() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        MalletFixture.Matrix m = MalletFixture.writeMatrix(dir);
        Path matrix = m.topics();
        Path matrixAlpha = m.alpha();
        Path corpus = dir.resolve("mallet-heldout.tsv");
        Files.writeString(corpus, "h1\tapple banana cherry apple\nh2\tdate elder fig date\nh3\tfig apple date banana\n");
        workspace.put(Workspace.Slot.CORPUS, corpus, CorpusLoader.read(CorpusLoader.Spec.of(corpus)));
        Path out = dir.resolve("select.tsv");
        String printed = cli("select", "--models", f.counts() + "," + matrix, "--alpha-file-1", f.keys().toString(), "--beta-from-1",
                f.state().toString(), "--alpha-file-2", matrixAlpha.toString(), "--matrix-header-2", "yes", "--corpus", corpus.toString(),
                "--method", Methods.LR, "--runs", "3", "--no-timing", "--out", out.toString())[0];
        vm.addModel(new WhichKModelFile(f.counts(), f.keys(), null, "auto", "", f.state(), false));
        vm.addModel(new WhichKModelFile(matrix, matrixAlpha, null, "yes", " ", null, false));
        assertEquals(List.of(), errors);
        vm.settings().methodProperty().set(Methods.LR);
        vm.settings().runsProperty().set(3);
        vm.start();
        assertEquals(List.of(), errors);
        ModelSelection.Result r = vm.resultProperty().get();
        for (int i = 0; i < 2; i++) {
            var t = r.scores().get(i).totals();
            String line = String.format(Locale.ROOT, "corpus log-likelihood %.4f (mean over runs; %.4f nats per token), perplexity %.4f",
                    t.logLikelihood(), t.perToken(), t.perplexity());
            assertTrue(printed.substring(printed.indexOf("model " + (i + 1) + ":")).contains(line), line + " in\n" + printed);
        }
        // beta typed and to be read from a file: refused, nothing added; a counts file without options names the route
        vm.addModel(new WhichKModelFile(f.counts(), f.keys(), null, "auto", "0.01", f.state(), false));
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("give one"), errors.get(0));
        vm.addFiles(List.of(f.counts()));
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(1).contains("Add with options"), errors.get(1));
        assertEquals(2, vm.models().size());
    }

    @Test
    void theScreenGivesTheCommandLinesNumbersForTheSamePlanAndSeed() throws Exception {
        Path out = dir.resolve("select.tsv");
        String printed = cli("select", "--models", truthFile + "," + otherFile, "--corpus", corpusFile.toString(), "--method", Methods.LR,
                "--runs", "3", "--no-timing", "--out", out.toString())[0];
        vm.addFiles(List.of(truthFile, otherFile));
        vm.settings().methodProperty().set(Methods.LR);
        vm.settings().runsProperty().set(3);
        vm.start();
        assertFalse(vm.runningProperty().get());
        assertTrue(vm.messageProperty().get().startsWith("scored 2 models"), vm.messageProperty().get());
        assertEquals(List.of(), errors);
        ModelSelection.Result r = vm.resultProperty().get();
        // the corpus totals, as select prints them
        for (int i = 0; i < 2; i++) {
            var t = r.scores().get(i).totals();
            String line = String.format(Locale.ROOT, "corpus log-likelihood %.4f (mean over runs; %.4f nats per token), perplexity %.4f",
                    t.logLikelihood(), t.perToken(), t.perplexity());
            String section = printed.substring(printed.indexOf("model " + (i + 1) + ":"));
            assertTrue(section.contains(line), "model " + (i + 1) + ": " + line + " in\n" + printed);
            assertTrue(section.contains(String.format(Locale.ROOT, "perplexity %.4f to %.4f", t.perplexityLow(), t.perplexityHigh())), printed);
        }
        // every per-document estimate of the file, to the last digit: the mean over runs
        Map<String, double[]> sums = new HashMap<>();
        for (String l : Files.readAllLines(out)) {
            if (l.startsWith("#") || l.startsWith("model\t")) {
                continue;
            }
            String[] f = l.split("\t");
            sums.computeIfAbsent(f[0] + "\t" + f[1], k -> new double[2]);
            sums.get(f[0] + "\t" + f[1])[0] += Double.parseDouble(f[5]);
            sums.get(f[0] + "\t" + f[1])[1]++;
        }
        for (ModelSelection.Score s : r.scores()) {
            for (int d = 0; d < s.corpus().size(); d++) {
                double[] sum = sums.get(s.name() + "\t" + s.corpus().document(d).id());
                assertEquals(sum[0] / sum[1], s.documentLogLikelihood()[d], 1e-9 * Math.abs(sum[0]), s.name() + " document " + d);
            }
        }
        // the pairwise table
        String[] row1 = printed.lines().filter(l -> l.startsWith("model 1 (K = 3)")).findFirst().orElseThrow().trim().split("\\s+");
        String[] row2 = printed.lines().filter(l -> l.startsWith("model 2 (K = 2)")).findFirst().orElseThrow().trim().split("\\s+");
        assertEquals(List.of("-", row1[row1.length - 1]), vm.pairwise().get(0).cells());
        assertEquals(List.of(row2[row2.length - 2], "-"), vm.pairwise().get(1).cells());
        assertTrue(Integer.parseInt(row1[row1.length - 1]) > Integer.parseInt(row2[row2.length - 2]), "the generating model wins more: " + printed);
        // a row per model, and the chart against K with the interval around each point
        assertEquals(2, vm.rows().size());
        assertEquals("truth K3", vm.rows().get(0).label());
        assertTrue(vm.byKProperty().get());
        assertEquals("number of topics K", vm.xAxis());
        assertEquals(List.of(3.0, 2.0), vm.points().stream().map(WhichKRows.Point::x).toList());
        for (WhichKRows.Point p : vm.points()) {
            assertTrue(p.low() < p.value() && p.value() < p.high(), p.toString());
        }
        assertEquals(r.scores().get(0).totals().perToken(), vm.points().get(0).value(), 1e-12);
        vm.measureProperty().set(WhichKRows.Measure.PERPLEXITY);
        assertEquals(r.scores().get(0).totals().perplexity(), vm.points().get(0).value(), 1e-12);
        assertEquals(r.scores().get(0).totals().perplexityHigh(), vm.points().get(0).high(), 1e-12);
    }

    /**
     * The issue's case: Which K? showed estimates below the vb floor with no warning and narrow intervals. Importance
     * sampling from the prior (its default samples) on 60-token documents of sharp topics falls below the floor: the
     * screen counts the runs below the floor and the documents certified as {@code select} writes them (its status and
     * certified columns), and warns beside each such model and above the table; the exact evaluator's model, all
     * certified, gets no warning.
     */
    @Test
    void runsBelowTheFloorAndUncertifiedDocumentsAreWarnedBesideTheirModelAsSelectWritesThem() throws Exception {
        Path longer = dir.resolve("longer.tokens");
        TextCorpusFormat.writeTokenLines(Fixtures.generate(TRUTH, 12, 60, 5), longer);
        workspace.put(Workspace.Slot.CORPUS, longer, CorpusLoader.read(CorpusLoader.Spec.of(longer)));
        Path out = dir.resolve("select.tsv");
        cli("select", "--models", truthFile + "," + otherFile, "--corpus", longer.toString(), "--method", Methods.IS_PRIOR,
                "--no-timing", "--out", out.toString());
        // per model: runs below the floor, documents certified, documents (a document's rows all carry its verdict)
        Map<String, int[]> written = new HashMap<>();
        List<String> lines = Files.readAllLines(out);
        List<String> header = List.of(lines.stream().filter(l -> l.startsWith("model\t")).findFirst().orElseThrow().split("\t"));
        for (String l : lines) {
            if (l.startsWith("#") || l.startsWith("model\t")) {
                continue;
            }
            String[] f = l.split("\t", -1);
            int[] c = written.computeIfAbsent(f[header.indexOf("model")], k -> new int[3]);
            c[0] += f[header.indexOf("status")].equals("below-floor") ? 1 : 0;
            if (f[header.indexOf("run")].equals("1")) {
                c[1] += f[header.indexOf("certified")].equals("yes") ? 1 : 0;
                c[2]++;
            }
        }
        vm.addFiles(List.of(truthFile, otherFile));
        vm.settings().methodProperty().set(Methods.IS_PRIOR);
        vm.start();
        assertEquals(List.of(), errors);
        int below = 0;
        for (int i = 0; i < 2; i++) {
            WhichKRows.Row row = vm.rows().get(i);
            int[] c = written.get(row.label());
            assertEquals(c[1] + " of " + c[2], row.certified(), row.label());
            assertEquals(c[0] > 0, row.warning().contains(c[0] + " below floor"), row.warning());
            assertEquals(c[1] < c[2], row.warning().contains((c[2] - c[1]) + " uncertified"), row.warning());
            assertEquals(c[0] > 0 || c[1] < c[2], row.warning().startsWith("\u26a0"), row.warning());
            assertEquals(row.warning().isEmpty(), row.why().isEmpty(), row.why());
            assertTrue(c[0] == 0 || row.why().contains(c[0] + " runs lie below the vb floor by more than twice their noise"), row.why());
            below += c[0];
        }
        assertTrue(below > 0, "the prior is a poor proposal here: some runs fall below the floor " + written);
        assertTrue(vm.warningsProperty().get().startsWith("\u26a0 "), vm.warningsProperty().get());
        assertTrue(vm.warningsProperty().get().contains("runs below the vb floor (" + below + " in all)"), vm.warningsProperty().get());

        vm.settings().methodProperty().set(Methods.EXACT);
        vm.start();
        assertEquals(List.of(), errors);
        for (WhichKRows.Row row : vm.rows()) {
            assertEquals("12 of 12", row.certified(), "the exact value is certified");
            assertEquals("", row.warning());
        }
        assertEquals("", vm.warningsProperty().get(), "nothing to warn of");
    }

    /** The library's own number of a model whose export records it, with its gap per token; "-" for a model without. */
    @Test
    void theLibrarysNumberAndItsGapAreAColumn() throws Exception {
        String text = Files.readString(truthFile);
        int at = text.indexOf('\n', text.indexOf("#name")) + 1;
        Files.writeString(truthFile, text.substring(0, at) + "# library-bound\tlibrary\tscikit-learn\n# library-bound\tlambda-sums\t40\t50\t60\n"
                + "# library-bound\teta\t1e-300\n# library-bound\te-step\t100\t0.001\n" + text.substring(at));
        vm.addFiles(List.of(truthFile, otherFile));
        vm.settings().methodProperty().set(Methods.EXACT);
        vm.start();
        assertEquals(List.of(), errors);
        assertTrue(vm.rows().get(0).library().matches("perplexity\\(\\) [0-9.]+, gap -[0-9.]+/token"), vm.rows().get(0).library());
        assertEquals("-", vm.rows().get(1).library());
    }

    @Test
    void modelsOfOneKArePlottedByNameAndModelsOfAnotherVocabularyGetNoPairwiseCount() throws Exception {
        TopicModel wider = Fixtures.randomModel("wider K3", 36, new double[] {0.3, 0.3, 0.3}, 0.05, 4);
        Path widerFile = dir.resolve("wider.tsv");
        NativeModelFormat.write(wider, widerFile);
        vm.addFiles(List.of(truthFile, widerFile));
        vm.settings().methodProperty().set(Methods.VB);
        vm.settings().runsProperty().set(1);
        vm.start();
        assertEquals(List.of(), errors);
        assertFalse(vm.byKProperty().get(), "both K = 3: the x axis is the models' names");
        assertEquals("model", vm.xAxis());
        assertEquals(List.of(0.0, 1.0), vm.points().stream().map(WhichKRows.Point::x).toList());
        assertEquals(List.of("-", "n/a"), vm.pairwise().get(0).cells());
        assertEquals("0 (0.00%)", vm.rows().get(1).unknown(), "the corpus's words are all in the wider vocabulary");
    }

    @Test
    void nothingStartsWithoutACorpusOrWithFewerThanTwoModels() throws Exception {
        vm.addFiles(List.of(truthFile));
        vm.start();
        assertEquals(WhichKViewModel.TOO_FEW, vm.messageProperty().get());
        Workspace empty = new Workspace();
        WhichKViewModel none = new WhichKViewModel(empty, new CurrentThreadTaskExecutor(), UserMessages.NONE);
        none.addModelsAB();
        none.start();
        assertEquals(WhichKViewModel.NO_CORPUS, none.messageProperty().get());
        assertFalse(none.runningProperty().get());
    }

    @Test
    void aFileThatIsNoModelIsNamedAndTheListKeepsWhatItHad() throws Exception {
        vm.addFiles(List.of(truthFile));
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, "#tmeval-model v1\n#alpha\t1\t1\na\t0.5\n");
        vm.addFiles(List.of(bad));
        assertEquals(1, vm.models().size());
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).contains(bad.toString()), errors.get(0));
    }

    /**
     * Issue 26: Which K? ran at 1,000 temperatures while the run panel said 50, with no control and no label. Its own
     * method, budget, runs and seed are the plan it runs (the site updates the models did are those the preview priced at
     * 50 temperatures, not 1,000), and what it used is said in the caption and beside each model.
     */
    @Test
    void itsOwnMethodBudgetRunsAndSeedAreThePlanItRunsAndWhatItUsedIsLabelled() throws Exception {
        vm.addFiles(List.of(truthFile, otherFile));
        assertTrue(vm.settings().costProperty().get().startsWith("cost (auto): "), "auto's escalation makes it a range: " + vm.settings().costProperty().get());
        vm.settings().methodProperty().set(Methods.AIS);
        assertEquals(1000, vm.settings().budgetProperty().get(), "a method chosen starts at its default budget");
        assertEquals("temperatures", vm.settings().budgetName().get());
        assertTrue(vm.settings().budgetApplies().get());
        vm.settings().budgetProperty().set(50);
        vm.settings().runsProperty().set(2);
        vm.settings().seedProperty().set(7);
        assertEquals("ais at 50 temperatures, 2 runs, seed 7", vm.plan().describe());
        assertEquals("7", vm.plan().settingsText().get("seed"));
        long predicted = 2 * tmeval.run.cost.CostModel.estimateSiteUpdates(workspace.rawCorpusProperty().get(), vm.plan().estimatePlan());
        assertTrue(vm.settings().costProperty().get().contains(String.format(Locale.ROOT, "at most %.3g site updates for 2 models", (double) predicted)),
                vm.settings().costProperty().get());
        vm.start();
        assertEquals(List.of(), errors);
        long done = vm.resultProperty().get().scores().stream().mapToLong(ModelSelection.Score::siteUpdates).sum();
        assertTrue(done <= predicted && done > predicted / 2, "ran at the form's 50 temperatures: " + done + " of " + predicted + " predicted");
        assertEquals("ais, temperatures 50", vm.rows().get(0).by());
        assertTrue(vm.caption().textProperty().get().contains("ais at 50 temperatures, 2 runs, seed 7"), vm.caption().textProperty().get());
        vm.settings().methodProperty().set(Methods.VB);
        assertFalse(vm.settings().budgetApplies().get(), "vb has no budget");
        assertEquals("vb samples nothing (no site updates)", vm.settings().costProperty().get().substring("cost: ".length()));
    }

    /** The walkthrough: with no model in the list the preview priced "1 models"; it asks for the models instead. */
    @Test
    void withNoModelTheCostPreviewAsksForThemAndCountsNone() {
        assertEquals("cost: add the models to score (two or more)", vm.settings().costProperty().get());
        vm.addFiles(List.of(truthFile));
        assertTrue(vm.settings().costProperty().get().contains("for 1 model at the start"), vm.settings().costProperty().get());
    }

    /** Issue 26: two K = 20 models were drawn on top of each other with no names. */
    @Test
    void modelsOfEqualKAreDrawnApartAndEveryPointIsNamed() throws Exception {
        TopicModel twin = Fixtures.randomModel("twin K3", 30, new double[] {0.3, 0.3, 0.4}, 0.05, 11);
        Path twinFile = dir.resolve("twin.tsv");
        NativeModelFormat.write(twin, twinFile);
        vm.addFiles(List.of(truthFile, otherFile, twinFile));
        vm.settings().methodProperty().set(Methods.VB);
        vm.settings().runsProperty().set(1);
        vm.start();
        assertEquals(List.of(), errors);
        assertTrue(vm.byKProperty().get());
        List<Double> xs = vm.points().stream().map(WhichKRows.Point::x).toList();
        assertEquals(2.0, xs.get(1), 0, "a K alone stays at its K");
        assertEquals(3.0, (xs.get(0) + xs.get(2)) / 2, 1e-12, "the two K = 3 models centred on 3");
        assertTrue(xs.get(2) - xs.get(0) >= 0.01, "and apart: " + xs);
        assertEquals(List.of("truth K3", "other K2", "twin K3"), vm.points().stream().map(WhichKRows.Point::label).toList());
        for (WhichKRows.Point p : vm.points()) {
            assertEquals(p.warned() ? "\u26a0 " + p.label() : p.label(), p.text());
        }
    }

    @Test
    void equalKsAreSpreadEvenlyAboutTheirKAndOtherAxesAreTheListsOrder() {
        double[] x = WhichKRows.xs(List.of(10, 20, 20, 20, 50), true);
        double step = 40 / 50.0;
        assertArrayEquals(new double[] {10, 20 - step, 20, 20 + step, 50}, x, 1e-12);
        assertArrayEquals(new double[] {0, 1, 2}, WhichKRows.xs(List.of(5, 5, 5), false), 0);
    }

    /**
     * Issue 39, item 3: the scores stayed on screen, unmarked, after another held-out corpus was loaded. They are the
     * user's work, so they stay, and the caption says they are of the corpus loaded before.
     */
    @Test
    void scoresOfAnotherCorpusAreMarkedAsSuch() throws Exception {
        vm.addFiles(List.of(truthFile, otherFile));
        vm.settings().methodProperty().set(Methods.LR);
        vm.settings().runsProperty().set(1);
        vm.start();
        assertEquals("", vm.caption().staleProperty().get());
        Path other = dir.resolve("other.tokens");
        TextCorpusFormat.writeTokenLines(Fixtures.generate(TRUTH, 6, 20, 9), other);
        workspace.put(Workspace.Slot.CORPUS, other, CorpusLoader.read(CorpusLoader.Spec.of(other)));
        assertTrue(vm.caption().staleProperty().get().startsWith("these scores are of the held-out corpus loaded before"),
                vm.caption().staleProperty().get());
        assertFalse(vm.rows().isEmpty(), "the scores stay, marked");
        vm.start();
        assertEquals("", vm.caption().staleProperty().get(), "scored again on the corpus loaded now");
    }

    /** Two training seeds of each of two K: the per-K table select writes, exported by the screen with its provenance. */
    @Test
    void severalSeedsPerKGiveSelectsPerKTableAndItExportsWithProvenance() throws Exception {
        List<Path> files = new ArrayList<>();
        for (int s = 1; s <= 4; s++) {
            double[] alpha = s <= 2 ? new double[] {0.5, 0.5} : new double[] {0.2, 0.3, 0.5};
            Path f = dir.resolve("k" + alpha.length + "-seed" + s + ".tsv");
            NativeModelFormat.write(Fixtures.randomModel("k" + alpha.length + "-seed" + s, 30, alpha, 0.05, s), f);
            files.add(f);
        }
        Path perK = dir.resolve("select-per-k.tsv");
        cli("select", "--models", String.join(",", files.stream().map(Path::toString).toList()), "--corpus", corpusFile.toString(),
                "--method", Methods.LR, "--runs", "2", "--no-timing", "--out", dir.resolve("select.tsv").toString(), "--per-k", perK.toString());
        vm.addFiles(files);
        vm.settings().methodProperty().set(Methods.LR);
        vm.settings().runsProperty().set(2);
        vm.start();
        assertEquals(List.of(), errors);
        assertEquals(2, vm.perK().size());
        assertEquals(List.of(2, 2), vm.perK().stream().map(tmeval.run.output.WhichKRowFormat.PerK::seeds).toList());
        Path tsv = dir.resolve("screen.tsv");
        vm.exportPerK(tsv);
        assertEquals(table(perK), table(tsv), "the screen's per-K table is select's");
        String exported = Files.readString(tsv);
        assertTrue(exported.contains("# setting\tcoherence-measure\tnpmi\n") && exported.contains("# input\tmodel 4\t" + files.get(3))
                && exported.contains("# input\tcorpus\t" + corpusFile), exported);
        Path csv = dir.resolve("screen.csv");
        vm.exportPerK(csv);
        assertEquals(table(tsv).stream().map(l -> l.replace('\t', ',')).toList(), table(csv));
        assertTrue(Files.readString(csv).startsWith("# tmeval"), "provenance first");
    }

    /** The per-K table and the models' rows and points survive a session: written, read back and put on a fresh screen. */
    @Test
    void aSessionKeepsTheScoresAndThePerKTable() throws Exception {
        List<Path> files = new ArrayList<>();
        for (int s = 1; s <= 4; s++) {
            double[] alpha = s % 2 == 0 ? new double[] {0.5, 0.5} : new double[] {0.2, 0.3, 0.5};
            Path f = dir.resolve("m" + s + ".tsv");
            NativeModelFormat.write(Fixtures.randomModel("m" + s, 30, alpha, 0.05, s), f);
            files.add(f);
        }
        vm.addFiles(files);
        vm.settings().methodProperty().set(Methods.LR);
        vm.start();
        assertEquals(List.of(), errors);
        Path session = dir.resolve("session.tsv");
        tmeval.run.output.SessionFile.write(new tmeval.run.output.SessionFile.Session(Map.of(), vm.sessionSettings(), List.of()), session);
        WhichKViewModel reopened = new WhichKViewModel(workspace, new CurrentThreadTaskExecutor(), (t, m) -> errors.add(t + ": " + m));
        reopened.restore(tmeval.run.output.SessionFile.read(session).settings());
        assertEquals(vm.rows(), reopened.rows());
        assertEquals(vm.points(), reopened.points());
        assertEquals(vm.perK(), reopened.perK());
        assertEquals(vm.perKVerdictProperty().get(), reopened.perKVerdictProperty().get());
        assertFalse(reopened.perK().isEmpty());
        Path before = dir.resolve("before.tsv");
        Path after = dir.resolve("after.tsv");
        vm.exportPerK(before);
        reopened.exportPerK(after);
        assertEquals(table(before), table(after), "the reopened table exports as it did");
        assertEquals(Files.readAllLines(before).stream().filter(l -> l.startsWith("# setting") || l.startsWith("# input")).toList(),
                Files.readAllLines(after).stream().filter(l -> l.startsWith("# setting") || l.startsWith("# input")).toList(),
                "with the same provenance");
    }

    /**
     * The walkthrough's Which K? said "Add two or more models" over its chart with three added and while they were scored,
     * and "press Score models" while scoring: what the empty chart and tables say follows the list and the job.
     */
    @Test
    void theEmptyChartAndTablesSayWhatIsMissingThatScoringRunsOrWhatToPress() {
        tmeval.app.common.HeldTaskExecutor held = new tmeval.app.common.HeldTaskExecutor();
        WhichKViewModel scoring = new WhichKViewModel(workspace, held, (t, m) -> errors.add(t + ": " + m));
        assertEquals(WhichKViewModel.TOO_FEW, scoring.emptyMessageProperty().get());
        scoring.models().addAll(List.of(new WhichKViewModel.Entry("a", TRUTH), new WhichKViewModel.Entry("b", OTHER),
                new WhichKViewModel.Entry("c", TRUTH)));
        assertEquals("Press Score models to score the 3 models.", scoring.emptyMessageProperty().get());
        scoring.start();
        assertTrue(scoring.runningProperty().get());
        assertEquals(WhichKViewModel.SCORING, scoring.emptyMessageProperty().get());
        assertFalse(scoring.perKEmptyProperty().get().contains("press Score models"), scoring.perKEmptyProperty().get());
    }

    /** Cancel stopped the job but left its bar part-filled: the bar is emptied and the message says cancelled. */
    @Test
    void cancelEmptiesTheProgressBarAndSaysCancelled() {
        tmeval.app.common.HeldTaskExecutor held = new tmeval.app.common.HeldTaskExecutor();
        WhichKViewModel scoring = new WhichKViewModel(workspace, held, (t, m) -> errors.add(t + ": " + m));
        scoring.models().addAll(List.of(new WhichKViewModel.Entry("a", TRUTH), new WhichKViewModel.Entry("b", OTHER)));
        scoring.start();
        scoring.cancel();
        held.clear();
        assertFalse(scoring.runningProperty().get());
        assertEquals(0, scoring.progressProperty().get());
        assertTrue(scoring.messageProperty().get().startsWith("cancelled"), scoring.messageProperty().get());
    }

    /** The list named "KOS K=20 asymmetric alpha" as "KOS K=20 asymmetric alpha (K = 20)": K once, added only where the name lacks it. */
    @Test
    void theListNamesEachModelsKOnce() {
        assertEquals("KOS K=3 asymmetric", WhichKViewModel.listName(new WhichKViewModel.Entry("KOS K=3 asymmetric", TRUTH)));
        assertEquals("seed 1, K = 3", WhichKViewModel.listName(new WhichKViewModel.Entry("seed 1, K = 3", TRUTH)));
        assertEquals("iteration 10  (K = 3)", WhichKViewModel.listName(new WhichKViewModel.Entry("iteration 10", TRUTH)));
        assertEquals("K=30 run  (K = 3)", WhichKViewModel.listName(new WhichKViewModel.Entry("K=30 run", TRUTH)), "another K is not this one");
    }

    /** A file's lines after its provenance. */
    private static List<String> table(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.startsWith("#")).toList();
    }
}
