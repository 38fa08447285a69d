package tmeval.app.run;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Issue 34, item 7: the run panel's cost preview for {@code auto} against the time the same job takes, plan by plan, in
 * the workbench's own view model (its calibration on the models, its formula, its job). A benchmark, not a test: it runs
 * only when asked,
 * <pre>
 * JAVA_TOOL_OPTIONS="-Dtmeval.fxThread.timeoutSeconds=3600 -Dtmeval.bench.plans=A1,B1,C1,T1;A2,B2,C2,T2" \
 *     mvn -o test -Dtest=AutoCostPreviewBench -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * each plan model A, model B, corpus and threads; it prints one row per plan: the preview's text and seconds, the job's
 * wall seconds, and their ratio. Run it on a quiet machine: the preview prices a free one.
 */
@ExtendWith(FxThread.class)
class AutoCostPreviewBench {
    @Test
    void previewAgainstActual() throws Exception {
        String plans = System.getProperty("tmeval.bench.plans");
        Assumptions.assumeTrue(plans != null, "a benchmark: give -Dtmeval.bench.plans to run it");
        Path rates = Files.createTempFile("tmeval-rates", ".tsv");
        Files.delete(rates); // no saved rates: the preview calibrates on the models, as on a first start
        System.out.println("| model A | model B | corpus | threads | preview | preview s | actual s | actual / preview |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String plan : plans.split(";")) {
            String[] p = plan.split(",");
            Workspace workspace = new Workspace();
            Results results = new Results();
            workspace.corpusProperty().addListener((o, a, b) -> results.reset(b));
            RunViewModel vm = new RunViewModel(workspace, results, new CurrentThreadTaskExecutor(), rates, UserMessages.NONE);
            vm.cost().setLoad(() -> Double.NaN);
            vm.cost().withoutWindow(); // no window draws here while the job runs
            vm.threadsProperty().set(Integer.parseInt(p[3]));
            // loaded after the view model, as a user loads them: the preview calibrates on the models
            workspace.put(Workspace.Slot.MODEL_A, Path.of(p[0]), ModelLoader.read(ModelLoader.Spec.of(Path.of(p[0]))));
            workspace.put(Workspace.Slot.MODEL_B, Path.of(p[1]), ModelLoader.read(ModelLoader.Spec.of(Path.of(p[1]))));
            workspace.put(Workspace.Slot.CORPUS, Path.of(p[2]), CorpusLoader.read(CorpusLoader.Spec.of(Path.of(p[2]))));
            vm.cost().update();
            String text = vm.costProperty().get();
            double preview = vm.costSecondsProperty().get();
            vm.start();
            double actual = vm.lastJobSecondsProperty().get();
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %.1f | %.1f | %.2f |%n", Path.of(p[0]).getFileName(), Path.of(p[1]).getFileName(),
                    Path.of(p[2]).getFileName(), p[3], text, preview, actual, actual / preview);
        }
    }
}
