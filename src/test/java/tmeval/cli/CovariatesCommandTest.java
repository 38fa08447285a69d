package tmeval.cli;

import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.run.covariates.MetaRegression;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code covariates} end to end on a small {@code compare} output (the data of {@link ReliabilityTest#smallData}). */
class CovariatesCommandTest {
    private static final int DOCUMENTS = 30;

    @TempDir
    Path dir;

    private Path[] data;
    private Path results;

    private void compare() throws IOException {
        data = ReliabilityTest.smallData(dir, DOCUMENTS);
        results = dir.resolve("compare.tsv");
        CliTest.Outcome c = CliTest.run("compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus", data[2].toString(),
                "--method", "ratio-convex,is-vb-diff", "--temperatures", "30", "--burn-in", "3", "--runs", "2", "--threads", "2", "--no-timing",
                "--out", results.toString());
        assertEquals(0, c.code(), c.err());
    }

    /** A year (numeric) and a source (categorical) for every document but d5, whose absence is counted. */
    private Path metadata() throws IOException {
        Path meta = dir.resolve("meta.tsv");
        StringBuilder sb = new StringBuilder("docId\tyear\tsource\n");
        for (int d = 0; d < DOCUMENTS; d++) {
            if (d != 5) {
                sb.append("d").append(d).append('\t').append(2000 + d % 7).append('\t').append(d % 3 == 0 ? "news" : "blog").append('\n');
            }
        }
        Files.writeString(meta, sb);
        return meta;
    }

    @Test
    void theSlopeOfAMetadataColumnIsTheMetaRegressionOfTheRowsValues() throws IOException {
        compare();
        Path out = dir.resolve("covariates.tsv");
        CliTest.Outcome r = CliTest.run("covariates", "--results", results.toString(), "--metadata", metadata().toString(), "--all",
                "--no-timing", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("ratio-convex: " + DOCUMENTS + " documents"), r.out());
        assertTrue(r.out().contains("1 of the " + DOCUMENTS + " documents are not in"), r.out());
        String text = Files.readString(out);
        assertTrue(text.startsWith("# tmeval\t"), text);
        assertTrue(text.contains("# setting\tplan\tcovariates\n# setting\tmethod\tratio-convex\n"), text);
        assertTrue(text.contains("# setting\tresults.methods\tratio-convex,is-vb-diff\n"), text);
        assertFalse(text.contains("NaN") || text.contains("Infinity"), text);

        // the rows of the compare file, recomputed here: per document the midpoint of the directions' means per token,
        // and its variance (each direction's squared standard error, a quarter of their sum, plus half the gap squared)
        Map<String, List<double[]>> byDocument = new LinkedHashMap<>();
        Map<String, Integer> length = new LinkedHashMap<>();
        for (String line : CliTest.table(results).subList(1, CliTest.table(results).size())) {
            String[] f = line.split("\t");
            if (f[2].equals("ratio-convex")) {
                byDocument.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new double[] {f[3].equals("forward") ? 0 : 1, Double.parseDouble(f[5])});
                length.put(f[0], Integer.parseInt(f[1]));
            }
        }
        List<double[]> design = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> vs = new ArrayList<>();
        for (var e : byDocument.entrySet()) {
            int d = Integer.parseInt(e.getKey().substring(1));
            if (d == 5) {
                continue;
            }
            double[] fw = e.getValue().stream().filter(x -> x[0] == 0).mapToDouble(x -> x[1]).toArray();
            double[] rv = e.getValue().stream().filter(x -> x[0] == 1).mapToDouble(x -> x[1]).toArray();
            double n = length.get(e.getKey());
            double f = StatUtils.mean(fw);
            double rr = StatUtils.mean(rv);
            ys.add((f + rr) / 2 / n);
            vs.add(((StatUtils.variance(fw) / fw.length + StatUtils.variance(rv) / rv.length) / 4 + (f - rr) * (f - rr) / 4) / (n * n));
            design.add(new double[] {1, 2000 + d % 7});
        }
        MetaRegression.Estimate expected = MetaRegression.fit(design.toArray(new double[0][]), ys.stream().mapToDouble(Double::doubleValue).toArray(),
                vs.stream().mapToDouble(Double::doubleValue).toArray()).coefficient(1);
        String slope = CliTest.table(out).stream().filter(l -> l.startsWith("year\t") && l.contains("\tslope\t")).findFirst().orElseThrow();
        String[] f = slope.split("\t", -1);
        assertEquals(DOCUMENTS - 1, Integer.parseInt(f[5]), slope);
        assertEquals(expected.value(), Double.parseDouble(f[6]), 1e-9 * (1 + Math.abs(expected.value())), slope);
        assertEquals(expected.low(), Double.parseDouble(f[7]), 1e-9 * (1 + Math.abs(expected.low())), slope);
        assertEquals(expected.p(), Double.parseDouble(f[9]), 1e-9, slope);
        assertTrue(CliTest.table(out).contains("year\tmeta.tsv\tnumeric\tmissing\t\t1\t\t\t\t"), String.join("\n", CliTest.table(out)));
        // the categorical column: its two levels, the larger the reference, and their difference
        assertTrue(text.contains("source\tmeta.tsv\tcategorical\tdifference\tnews - blog\t"), text);
        // every built-in covariate has its block
        for (String name : List.of("length", "out-of-vocabulary rate", "dominant topic (A)", "dominant topic (B)", "topic entropy (A)",
                "topic entropy (B)")) {
            assertTrue(text.contains("\n" + name + "\tbuilt-in\t"), name);
        }
    }

    @Test
    void certifiedDocumentsOnlyByDefaultAndTheRestCounted() throws IOException {
        compare();
        Path out = dir.resolve("covariates.tsv");
        CliTest.Outcome r = CliTest.run("covariates", "--results", results.toString(), "--method", "is-vb-diff", "--no-models", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        long certified = CliTest.table(results).stream().filter(l -> l.contains("\tis-vb-diff\t") && l.contains("\t1\t") && l.endsWith("\tyes")).count();
        assertTrue(r.out().contains(certified + " certified; " + certified + " analysed"), r.out() + " expected " + certified);
        assertTrue(CliTest.table(out).contains("(documents)\t-\t-\tcertified\t\t" + certified + "\t\t\t\t"), String.join("\n", CliTest.table(out)));
    }

    @Test
    void aModelThatMovedIsNamedAndCanBeGivenAgainButOnlyTheSameFile() throws IOException {
        compare();
        Path moved = dir.resolve("moved-a.tsv");
        Files.move(data[0], moved);
        Path out = dir.resolve("covariates.tsv");
        CliTest.Outcome missing = CliTest.run("covariates", "--results", results.toString(), "--out", out.toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("model-a") && missing.err().contains("does not exist") && missing.err().contains("--model-a"), missing.err());
        assertFalse(Files.exists(out));
        CliTest.Outcome other = CliTest.run("covariates", "--results", results.toString(), "--model-a", data[1].toString(), "--out", out.toString());
        assertEquals(1, other.code());
        assertTrue(other.err().contains("is not the file the results were made with"), other.err());
        CliTest.Outcome given = CliTest.run("covariates", "--results", results.toString(), "--model-a", moved.toString(), "--out", out.toString());
        assertEquals(0, given.code(), given.err());
    }

    /** A workbench session of the same results gives the same analysis as the compare file (here the length, without models). */
    @Test
    void aSessionIsReadAsItsCompareFile() throws Exception {
        compare();
        Path session = dir.resolve("session.tsv");
        tmeval.run.output.ComparisonOutput.Content content = tmeval.run.output.ComparisonOutput.read(results);
        List<tmeval.run.exec.ComparisonRunner.Result> rows = new ArrayList<>();
        for (tmeval.run.output.CompareRowFormat.Row row : content.rows()) {
            rows.add(row.result(Integer.parseInt(row.documentId().substring(1))));
        }
        tmeval.run.output.SessionFile.write(new tmeval.run.output.SessionFile.Session(Map.of("modelA", data[0], "modelB", data[1], "corpus", data[2]),
                Map.of(), rows), session);
        Path fromFile = dir.resolve("from-file.tsv");
        Path fromSession = dir.resolve("from-session.tsv");
        assertEquals(0, CliTest.run("covariates", "--results", results.toString(), "--out", fromFile.toString()).code());
        CliTest.Outcome r = CliTest.run("covariates", "--results", session.toString(), "--out", fromSession.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(CliTest.table(fromFile), CliTest.table(fromSession));
    }

    /** A session with a run history keeps its rows in its runs: the run it shows is analysed, not an empty list. */
    @Test
    void aSessionsShownRunIsAnalysed() throws Exception {
        compare();
        tmeval.run.output.ComparisonOutput.Content content = tmeval.run.output.ComparisonOutput.read(results);
        List<tmeval.run.exec.ComparisonRunner.Result> rows = new ArrayList<>();
        for (tmeval.run.output.CompareRowFormat.Row row : content.rows()) {
            rows.add(row.result(Integer.parseInt(row.documentId().substring(1))));
        }
        var shown = new tmeval.run.output.SessionFile.RunBlock(2, java.time.Instant.parse("2026-11-26T12:00:00Z"), "finished", "",
                content.settings(), rows, List.of());
        var other = new tmeval.run.output.SessionFile.RunBlock(1, java.time.Instant.parse("2026-11-26T11:00:00Z"), "finished", "",
                content.settings(), rows.subList(0, 2), List.of());
        Path session = dir.resolve("history-session.tsv");
        tmeval.run.output.SessionFile.write(new tmeval.run.output.SessionFile.Session(Map.of("modelA", data[0], "modelB", data[1], "corpus", data[2]),
                Map.of("history.shown", "2"), List.of(), List.of(), List.of(other, shown)), session);
        Path fromFile = dir.resolve("from-file.tsv");
        Path fromSession = dir.resolve("from-history-session.tsv");
        assertEquals(0, CliTest.run("covariates", "--results", results.toString(), "--out", fromFile.toString()).code());
        CliTest.Outcome r = CliTest.run("covariates", "--results", session.toString(), "--out", fromSession.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(CliTest.table(fromFile), CliTest.table(fromSession));
    }

    /** A model compare read with its alpha file (a topic-word matrix) is read again with it, as the provenance names it. */
    @Test
    void theCompanionFilesTheProvenanceNamesAreReadToo() throws Exception {
        data = ReliabilityTest.smallData(dir, 8);
        tmeval.model.TopicModel a = tmeval.io.ModelLoader.read(tmeval.io.ModelLoader.Spec.of(data[0]));
        Path matrix = dir.resolve("a-matrix.tsv");
        Path alpha = dir.resolve("a-alpha.txt");
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < a.numWords(); w++) {
            sb.append(a.vocabulary().word(w));
            for (int k = 0; k < a.numTopics(); k++) {
                sb.append('\t').append(a.phi(w, k));
            }
            sb.append('\n');
        }
        Files.writeString(matrix, sb);
        Files.writeString(alpha, String.join("\n", java.util.Arrays.stream(a.alpha()).mapToObj(Double::toString).toList()) + "\n");
        results = dir.resolve("compare.tsv");
        CliTest.Outcome c = CliTest.run("compare", "--model-a", matrix.toString(), "--alpha-file-a", alpha.toString(), "--model-b", data[1].toString(),
                "--corpus", data[2].toString(), "--method", "is-vb-diff", "--runs", "2", "--no-timing", "--out", results.toString());
        assertEquals(0, c.code(), c.err());
        Path out = dir.resolve("covariates.tsv");
        CliTest.Outcome r = CliTest.run("covariates", "--results", results.toString(), "--all", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).contains("\ntopic entropy (A)\tbuilt-in\t"), Files.readString(out));
    }

    @Test
    void aMethodNotInTheResultsIsAUsageError() throws IOException {
        compare();
        CliTest.Outcome r = CliTest.run("covariates", "--results", results.toString(), "--method", "lr-diff", "--out", dir.resolve("x.tsv").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("ratio-convex, is-vb-diff"), r.err());
    }
}
