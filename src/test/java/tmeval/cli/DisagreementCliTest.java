package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.compare.ComparisonMethods;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.model.TopicModel;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code compare} and {@code merge} say when two methods' corpus intervals exclude each other. AIS differenced over
 * the two models at a single temperature is biased (each log-likelihood far below its truth, by amounts that differ
 * between the models), and the exact evaluator is not: on 40-token documents of sharp topics their intervals part.
 */
class DisagreementCliTest {
    @TempDir
    Path dir;

    @Test
    void compareAndMergePrintTheDisagreementUnderTheirTable() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
        TopicModel b = Fixtures.randomModel("B", 30, new double[] {0.4, 0.4, 0.4}, 0.05, 2);
        Path fa = dir.resolve("a.tsv");
        Path fb = dir.resolve("b.tsv");
        Path corpus = dir.resolve("heldout.tokens");
        NativeModelFormat.write(a, fa);
        NativeModelFormat.write(b, fb);
        TextCorpusFormat.writeTokenLines(Fixtures.generate(a, 30, 40, 5), corpus);
        List<String> base = List.of("compare", "--model-a", fa.toString(), "--model-b", fb.toString(), "--corpus", corpus.toString(),
                "--method", ComparisonMethods.EXACT + "," + ComparisonMethods.AIS_DIFF, "--temperatures", "1", "--no-timing");
        CliTest.Outcome whole = CliTest.run(ReliabilityTest.concat(base, List.of("--out", dir.resolve("whole.tsv").toString())));
        assertEquals(0, whole.code(), whole.err());
        String sentence = whole.out().lines().filter(l -> l.startsWith("exact and ais-diff disagree: corpus perplexity ratio ")).findFirst()
                .orElseThrow(() -> new AssertionError("no disagreement said:\n" + whole.out()));
        assertTrue(sentence.contains("the intervals exclude each other. exact: 30 of 30 documents certified, ais-diff: "), sentence);
        List<String> lines = whole.out().lines().toList();
        assertTrue(lines.indexOf(sentence) > lines.indexOf(lines.stream().filter(l -> l.startsWith("95% intervals")).findFirst().orElseThrow()),
                "under the table:\n" + whole.out());
        for (int i = 1; i <= 2; i++) {
            CliTest.Outcome shard = CliTest.run(ReliabilityTest.concat(base, List.of("--shard", i + "/2", "--out", dir.resolve(i + ".tsv").toString())));
            assertEquals(0, shard.code(), shard.err());
        }
        CliTest.Outcome merged = CliTest.run("merge", "--no-timing", "--out", dir.resolve("merged.tsv").toString(), dir.resolve("1.tsv").toString(),
                dir.resolve("2.tsv").toString());
        assertEquals(0, merged.code(), merged.err());
        assertTrue(merged.out().contains(sentence), "merge says what compare said:\n" + merged.out());
    }
}
