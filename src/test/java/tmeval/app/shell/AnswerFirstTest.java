package tmeval.app.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.inputs.RecentFiles;
import tmeval.cli.Cli;
import tmeval.compare.ComparisonMethods;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.model.TopicModel;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workbench's answer line is the line {@code compare}'s summary opens with, for the same rows. */
@ExtendWith(FxThread.class)
class AnswerFirstTest {
    @TempDir
    Path dir;

    private final List<String> errors = new ArrayList<>();
    private WorkbenchViewModel vm;

    @AfterEach
    void tearDown() {
        if (vm != null) {
            vm.shutdown();
        }
    }

    /**
     * The models and corpus of {@code cli.DisagreementCliTest}: exact and ais-diff at one temperature, whose intervals
     * exclude each other, so the line has every part (the answer, the certified count, the disagreement).
     */
    @Test
    void theWorkbenchsAnswerIsTheFirstLineOfComparesSummary() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
        TopicModel b = Fixtures.randomModel("B", 30, new double[] {0.4, 0.4, 0.4}, 0.05, 2);
        Path fa = dir.resolve("a.tsv");
        Path fb = dir.resolve("b.tsv");
        Path corpus = dir.resolve("heldout.tokens");
        NativeModelFormat.write(a, fa);
        NativeModelFormat.write(b, fb);
        TextCorpusFormat.writeTokenLines(Fixtures.generate(a, 30, 40, 5), corpus);
        Path out = dir.resolve("out.tsv");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = new Cli().run(new String[] {"compare", "--model-a", fa.toString(), "--model-b", fb.toString(), "--corpus", corpus.toString(),
                "--method", ComparisonMethods.EXACT + "," + ComparisonMethods.AIS_DIFF, "--temperatures", "1", "--no-timing", "--out", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        assertEquals(0, code, stderr.toString(StandardCharsets.UTF_8));
        List<String> lines = stdout.toString(StandardCharsets.UTF_8).lines().toList();
        int table = lines.indexOf(lines.stream().filter(l -> l.startsWith("A = ")).findFirst().orElseThrow());
        String first = lines.get(table - 1);
        assertTrue(first.startsWith("Answer: ") && first.contains("methods DISAGREE"), "the summary opens with the answer:\n" + String.join("\n", lines));

        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
        vm.openSession(out);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(first, vm.answer().textProperty().get());
    }
}
