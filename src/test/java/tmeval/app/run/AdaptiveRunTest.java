package tmeval.app.run;

import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.AdaptiveBudget;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.UserMessages;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.ResultSentences;
import tmeval.app.common.Results;
import tmeval.app.common.Workspace;
import tmeval.cli.Cli;
import tmeval.compare.ComparisonMethods;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.run.distributed.CompareCommandLine;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workbench's adaptive run is {@code compare --adaptive}: the same plan, the same rows, each document's last round only. */
@ExtendWith(FxThread.class)
class AdaptiveRunTest {
    @TempDir
    Path dir;

    @Test
    void anAdaptiveJobGivesTheCommandLinesRowsAndReplacesEachDocumentsEarlierRounds() throws Exception {
        TopicModel a = AppFixtures.modelA();
        TopicModel b = AppFixtures.modelB();
        Path fileA = dir.resolve("A.tsv");
        Path fileB = dir.resolve("B.tsv");
        NativeModelFormat.write(a, fileA);
        NativeModelFormat.write(b, fileB);
        Path corpusFile = dir.resolve("heldout.tokens");
        StringBuilder sb = new StringBuilder();
        for (var d : AppFixtures.corpus().documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(a.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append('\n');
        }
        Files.writeString(corpusFile, sb);

        Workspace workspace = new Workspace();
        Results results = new Results();
        workspace.corpusProperty().addListener((o, x, y) -> results.reset(y));
        workspace.put(Workspace.Slot.MODEL_A, fileA, ModelLoader.read(ModelLoader.Spec.of(fileA)));
        workspace.put(Workspace.Slot.MODEL_B, fileB, ModelLoader.read(ModelLoader.Spec.of(fileB)));
        Corpus raw = CorpusLoader.read(CorpusLoader.Spec.of(corpusFile));
        assertEquals(null, workspace.putCorpus(corpusFile, raw));
        // the engine's rounds, counted on their way to the views
        int[] roundRows = {0};
        RunViewModel vm = new RunViewModel(workspace, results, new CurrentThreadTaskExecutor(), dir.resolve("throughput.tsv"),
                UserMessages.NONE, (job, corpus, pair, listener, cancel) -> RunEngines.LOCAL.run(job, corpus, pair,
                new tmeval.run.services.Comparisons.Listener() {
                    @Override
                    public tmeval.progress.Progress running(tmeval.run.services.Comparisons.Ready ready) {
                        return listener.running(ready);
                    }

                    @Override
                    public void round(List<tmeval.run.exec.AdaptiveComparison.Row> round) {
                        synchronized (roundRows) {
                            roundRows[0] += round.size();
                        }
                        listener.round(round);
                    }
                }, cancel));
        vm.methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.RATIO_CONVEX) || name.equals(ComparisonMethods.LR_DIFF)));
        vm.temperaturesProperty().set(2);
        vm.burnInProperty().set(1);
        vm.runsProperty().set(2);
        vm.seedProperty().set(7);
        vm.threadsProperty().set(2);
        vm.adaptiveProperty().set(true);
        // agreement within 1 nat (means and first runs) at a tiny n: most documents need more rounds, some reach the cap
        vm.agreeWithinProperty().set(1.0);
        assertEquals(ComparisonPlan.defaultMaxTemperatures(2), vm.maxTemperaturesProperty().get(), "the cap follows n by the plan's default");
        vm.maxTemperaturesProperty().set(256);

        vm.start();
        assertTrue(vm.messageProperty().get().startsWith("finished"), vm.messageProperty().get());
        assertTrue(roundRows[0] > results.all().size(), "later rounds superseded earlier ones: " + roundRows[0] + " rows delivered");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path cliOut = dir.resolve("adaptive.tsv");
        // the command the workbench writes for its plan (CompareCommandLine), run by the command line
        List<String> args = new ArrayList<>(CompareCommandLine.arguments(new ComparisonJob(vm.lastPlanProperty().get(), vm.lastBudgetProperty().get()),
                new CompareCommandLine.Inputs(fileA, fileB, corpusFile, 1), true));
        args.addAll(List.of("--threads", "1", "--out", cliOut.toString()));
        int code = new Cli().run(args.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        List<String> rows = Files.readAllLines(cliOut).stream().filter(l -> !l.startsWith("#")).toList();
        assertTrue(rows.get(0).endsWith("\ttemperatures\tconverged"), rows.get(0));

        // one row per (document, method, direction, run) in both, with the same value, temperatures and verdict
        Map<String, ComparisonRunner.Result> mine = new HashMap<>();
        for (ComparisonRunner.Result r : results.all()) {
            assertEquals(null, mine.put(r.documentId() + "\t" + r.method() + "\t" + r.direction().label() + "\t" + r.run(), r),
                    "a superseded round left a row behind: " + r);
        }
        assertEquals(rows.size() - 1, mine.size());
        Set<Integer> temperaturesSeen = new HashSet<>();
        int converged = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split("\t", -1);
            ComparisonRunner.Result r = mine.get(f[0] + "\t" + f[2] + "\t" + f[3] + "\t" + f[4]);
            assertNotNull(r, row);
            assertEquals(f[5], Double.toString(r.result().logRatio()), row);
            assertEquals(f[7], Long.toString(r.result().siteUpdates()), row);
            Results.Round round = results.round(r.documentIndex(), r.method());
            assertNotNull(round, row);
            assertEquals(Integer.parseInt(f[11]), round.temperatures(), row);
            assertEquals(f[12], round.converged() == null ? "-" : round.converged() ? "yes" : "no", row);
            if (f[2].equals(ComparisonMethods.RATIO_CONVEX)) {
                temperaturesSeen.add(round.temperatures());
                converged += round.converged() ? 1 : 0;
            }
        }
        assertTrue(temperaturesSeen.size() >= 2, "documents stopped at different budgets: " + temperaturesSeen);
        assertTrue(converged > 0, "some documents agreed");
        assertTrue(ResultSentences.adaptive(results).get(0).startsWith(ComparisonMethods.RATIO_CONVEX + " adaptive: "), ResultSentences.adaptive(results).toString());
        AdaptiveBudget budget = vm.lastBudgetProperty().get();
        assertEquals(new AdaptiveBudget(1.0, 256), budget);
    }

    @Test
    void theAdaptiveOptionNeedsARatioPathAndACapAboveN() {
        Workspace workspace = AppFixtures.loaded();
        RunViewModel vm = new RunViewModel(workspace, new Results(), new CurrentThreadTaskExecutor(), dir.resolve("throughput.tsv"), UserMessages.NONE);
        vm.methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.LR_DIFF)));
        vm.adaptiveProperty().set(true);
        vm.start();
        // the workbench names its own control, never the command line's flag
        assertTrue(vm.messageProperty().get().startsWith("cannot run: adaptive needs a ratio path"), vm.messageProperty().get());
        assertEquals("cannot run: adaptive needs a ratio path (a method run in both directions)", vm.costProperty().get(), "why, not a cost");
        assertTrue(Double.isNaN(vm.costSecondsProperty().get()));
        vm.methods().get(ComparisonMethods.RATIO_CONVEX).set(true);
        vm.maxTemperaturesProperty().set(10);
        vm.temperaturesProperty().set(20);
        assertEquals("cannot run: max temp. 10 is below temperatures 20", vm.costProperty().get());
        assertFalse(vm.costProperty().get().contains("--"), vm.costProperty().get());
    }
}
