package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.estimate.ExactEvaluator;
import tmeval.io.NativeModelFormat;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34, item 5: between models of different K, {@code compare --adaptive}'s ratio paths run each document until its
 * directions agree, and the midpoint of an agreed bracket is within 0.05 nats of the exact log ratio; documents whose
 * bracket stays open at the cap are counted, not hidden. Pairs as a "which K?" makes them: a model and the one of a
 * topic fewer with two topics merged, at moderate and at low alpha, documents of 20 and 40 tokens.
 */
class DifferentKAdaptiveTest {
    private static final double MIDPOINT_TOLERANCE = 0.05;

    @TempDir
    Path dir;

    private record Pair(String label, TopicModel a, TopicModel b) {
    }

    /** Pairs at moderate alpha (0.3 to 1.3): the regime where ratio-AIS's chains mix and its bracket closes. */
    private static List<Pair> moderatePairs() {
        TopicModel other3 = Fixtures.randomModel("o3", 30, new double[] {1, 1, 1}, 0.5, 8);
        TopicModel a3 = Fixtures.randomModel("A3", 30, new double[] {0.4, 0.9, 1.3}, 0.5, 3);
        TopicModel b2 = Fixtures.derived("B2", a3, new int[][] {{0, 1}, {2}}, other3, 0.2, new double[] {0.6, 1.2});
        TopicModel other5 = Fixtures.randomModel("o5", 30, new double[] {1, 1, 1, 1, 1}, 0.5, 18);
        TopicModel a5 = Fixtures.randomModel("A5", 30, new double[] {0.3, 0.5, 0.8, 0.4, 0.6}, 0.5, 13);
        TopicModel b3 = Fixtures.derived("B3", a5, new int[][] {{0, 3}, {1}, {2, 4}}, other5, 0.2, new double[] {0.7, 0.5, 1.1});
        return List.of(new Pair("K3 vs K2", a3, b2), new Pair("K5 vs K3", a5, b3));
    }

    /**
     * Pairs at low alpha (0.02 to 0.2), topics that share words: the chains at each temperature keep a cluster of tokens
     * in its topic, both directions can agree in a wrong mode (estimators.md, "Where the bracket stays open").
     */
    private static List<Pair> lowAlphaPairs() {
        TopicModel other3 = Fixtures.randomModel("o3", 30, new double[] {0.1, 0.1, 0.1}, 0.1, 8);
        TopicModel a3 = Fixtures.randomModel("A3", 30, new double[] {0.05, 0.1, 0.2}, 0.1, 3);
        TopicModel b2 = Fixtures.derived("B2", a3, new int[][] {{0, 1}, {2}}, other3, 0.2, new double[] {0.2, 0.4});
        TopicModel other4 = Fixtures.randomModel("o4", 30, new double[] {0.1, 0.1, 0.1, 0.1}, 0.1, 18);
        TopicModel a4 = Fixtures.randomModel("A4", 30, new double[] {0.02, 0.02, 0.02, 0.02}, 0.1, 13);
        TopicModel b3 = Fixtures.derived("B3", a4, new int[][] {{0, 1}, {2}, {3}}, other4, 0.2, new double[] {0.03, 0.03, 0.03});
        return List.of(new Pair("K3 vs K2 low alpha", a3, b2), new Pair("K4 vs K3 alpha 0.02", a4, b3));
    }

    @Test
    void agreedMidpointsAreWithinFiveHundredthsOfTheExactLogRatio() throws Exception {
        Result r = adaptive(moderatePairs(), "6");
        System.out.print(r.report);
        assertEquals(List.of(), r.wrong, "agreed midpoints off the exact log ratio by more than " + MIDPOINT_TOLERANCE + ":\n" + r.report);
        assertTrue(r.agreed >= 6, r.agreed + " of 32 brackets closed at 8,000 temperatures:\n" + r.report);
    }

    /**
     * At low alpha the ratio paths' directions can agree in a wrong mode (estimators.md, "Where the bracket stays open"),
     * so agreement is not a certificate; what certifies is compare's auto, whose certified values must be within three
     * targets of the exact log ratio there too.
     */
    @Test
    void atLowAlphaAutoCertifiesOnlyWhatIsWithinThreeTargets() throws Exception {
        StringBuilder report = new StringBuilder();
        int certified = 0;
        List<String> wrong = new ArrayList<>();
        for (Pair pair : lowAlphaPairs()) {
            List<Document> docs = documents(pair);
            Path[] in = files(pair, docs);
            Path out = in[0].resolveSibling("out.tsv");
            CliTest.Outcome o = CliTest.run("compare", "--model-a", in[0].toString(), "--model-b", in[1].toString(), "--corpus", in[2].toString(),
                    "--threads", "2", "--no-timing", "--out", out.toString());
            assertEquals(0, o.code(), o.err());
            List<String> table = CliTest.table(out);
            List<String> header = List.of(table.get(0).split("\t", -1));
            Map<String, List<String[]>> byDocument = new LinkedHashMap<>();
            for (String line : table.subList(1, table.size())) {
                String[] f = line.split("\t", -1);
                byDocument.computeIfAbsent(f[header.indexOf("docId")], k -> new ArrayList<>()).add(f);
            }
            for (Document doc : docs) {
                List<String[]> rows = byDocument.get(doc.id());
                if (!rows.get(0)[header.indexOf("certified")].equals("yes")) {
                    continue;
                }
                certified++;
                org.apache.commons.math3.stat.descriptive.SummaryStatistics[] sides = {
                        new org.apache.commons.math3.stat.descriptive.SummaryStatistics(), new org.apache.commons.math3.stat.descriptive.SummaryStatistics()};
                for (String[] row : rows) {
                    sides[row[header.indexOf("direction")].equals("reverse") ? 1 : 0].addValue(Double.parseDouble(row[header.indexOf("logRatio")]));
                }
                double value = sides[1].getN() == 0 ? sides[0].getMean() : (sides[0].getMean() + sides[1].getMean()) / 2;
                double exact = exact(doc, pair.a()) - exact(doc, pair.b());
                String line = String.format(Locale.ROOT, "%s %s %s N %d: %.4f, exact %.4f%n", pair.label(), rows.get(0)[header.indexOf("method")], doc.id(),
                        doc.length(), value, exact);
                report.append(line);
                if (Math.abs(value - exact) > 3 * tmeval.run.certify.Target.nats(doc.length())) {
                    wrong.add(line);
                }
            }
        }
        System.out.print(report);
        assertEquals(List.of(), wrong, "certified beyond three targets:\n" + report);
        assertTrue(certified >= 8, certified + " of 16 certified:\n" + report);
    }

    /** The pair's models and the documents as files in a directory of their own: A, B, the corpus. */
    private Path[] files(Pair pair, List<Document> docs) throws Exception {
        Path a = Files.createTempDirectory(dir, "pair").resolve(pair.a().name() + ".tsv");
        Path b = a.resolveSibling(pair.b().name() + ".tsv");
        NativeModelFormat.write(pair.a(), a);
        NativeModelFormat.write(pair.b(), b);
        Path corpus = a.resolveSibling("heldout.tsv");
        ReliabilityTest.writeCorpus(corpus, pair.a(), docs);
        return new Path[] {a, b, corpus};
    }

    /** Four documents of 20 tokens and four of 40 drawn from A. */
    private static List<Document> documents(Pair pair) {
        List<Document> docs = new ArrayList<>(Fixtures.generate(pair.a(), 4, 20, 41).documents());
        for (Document d : Fixtures.generate(pair.a(), 4, 40, 42).documents()) {
            docs.add(new Document("long-" + d.id(), d.tokens()));
        }
        return docs;
    }

    private record Result(int agreed, List<String> wrong, String report) {
    }

    private Result adaptive(List<Pair> pairs, String runs) throws Exception {
        int agreed = 0;
        int open = 0;
        List<String> wrong = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (Pair pair : pairs) {
            List<Document> docs = documents(pair);
            Path[] in = files(pair, docs);
            Path out = in[0].resolveSibling("out.tsv");
            CliTest.Outcome o = CliTest.run("compare", "--model-a", in[0].toString(), "--model-b", in[1].toString(), "--corpus", in[2].toString(),
                    "--method", "ratio-convex,ratio-geometric", "--adaptive", "--agree-within", "0.05", "--max-temperatures", "8000",
                    "--runs", runs, "--threads", "2", "--no-timing", "--out", out.toString());
            assertEquals(0, o.code(), o.err());
            Map<String, List<String[]>> byDocumentAndMethod = new LinkedHashMap<>();
            List<String> table = CliTest.table(out);
            List<String> header = List.of(table.get(0).split("\t", -1));
            for (String line : table.subList(1, table.size())) {
                String[] f = line.split("\t", -1);
                byDocumentAndMethod.computeIfAbsent(f[header.indexOf("docId")] + " " + f[header.indexOf("method")], k -> new ArrayList<>()).add(f);
            }
            assertEquals(2 * docs.size(), byDocumentAndMethod.size(), "a row group for every document and method");
            for (Document doc : docs) {
                double exact = exact(doc, pair.a()) - exact(doc, pair.b());
                for (String method : List.of("ratio-convex", "ratio-geometric")) {
                    List<String[]> rows = byDocumentAndMethod.get(doc.id() + " " + method);
                    boolean converged = rows.get(0)[header.indexOf("converged")].equals("yes");
                    org.apache.commons.math3.stat.descriptive.SummaryStatistics[] sides = {
                            new org.apache.commons.math3.stat.descriptive.SummaryStatistics(), new org.apache.commons.math3.stat.descriptive.SummaryStatistics()};
                    for (String[] r : rows) {
                        sides[r[header.indexOf("direction")].equals("forward") ? 0 : 1].addValue(Double.parseDouble(r[header.indexOf("logRatio")]));
                    }
                    double midpoint = (sides[0].getMean() + sides[1].getMean()) / 2;
                    report.append(String.format(Locale.ROOT, "%s %s %s N %d: forward %.3f sd %.3f, reverse %.3f sd %.3f, midpoint %.4f, exact %.4f, %s at n = %s%n",
                            pair.label(), method, doc.id(), doc.length(), sides[0].getMean(), sides[0].getStandardDeviation(), sides[1].getMean(),
                            sides[1].getStandardDeviation(), midpoint, exact, converged ? "agreed" : "open", rows.get(0)[header.indexOf("temperatures")]));
                    if (converged) {
                        agreed++;
                        if (Math.abs(midpoint - exact) > MIDPOINT_TOLERANCE) {
                            wrong.add(pair.label() + " " + method + " " + doc.id());
                        }
                    } else {
                        open++;
                    }
                }
            }
        }
        return new Result(agreed, wrong, report.toString());
    }

    private static double exact(Document doc, TopicModel model) {
        return new ExactEvaluator().estimate(doc, model, null, new CancelToken()).logValue();
    }
}
