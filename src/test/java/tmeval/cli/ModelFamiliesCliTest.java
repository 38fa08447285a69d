package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.FamilyFixtures;
import tmeval.estimate.EtaQuadrature;
import tmeval.io.NativeModelFormat;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code estimate} on models of the other families (issue 37): is-eta named or chosen by auto, every document certified
 * and within its target of the exact answer by quadrature; the methods built on LDA refused in words.
 */
class ModelFamiliesCliTest {
    @TempDir
    Path dir;

    /** A logistic-normal model of K = 3 (D = K, full covariance, product decoder), its file, and a corpus drawn from it. */
    private record Data(TopicModel model, Path modelFile, Path corpus, List<Document> documents) {
    }

    private Data data(FamilyFixtures.Shape shape, int documents, int length) throws Exception {
        TopicModel model = FamilyFixtures.model("family", shape, 30, 1.0, 7);
        Path m = dir.resolve("family.tsv");
        NativeModelFormat.write(model, m);
        List<Document> docs = FamilyFixtures.generate(model, documents, length, 8).documents();
        Path corpus = dir.resolve("heldout.tsv");
        ReliabilityTest.writeCorpus(corpus, model, docs);
        return new Data(model, m, corpus, docs);
    }

    private static Map<String, Double> exact(Data d) {
        Map<String, Double> exact = new HashMap<>();
        for (Document doc : d.documents()) {
            exact.put(doc.id(), EtaQuadrature.logProbability(DocumentView.of(doc), d.model(), new CancelToken()));
        }
        return exact;
    }

    /** The mean of each document's certified rows, by id; fails on a row that is not certified. */
    private static Map<String, Double> certifiedMeans(Path out) throws Exception {
        Map<String, double[]> sums = new HashMap<>();
        for (String row : Files.readAllLines(out)) {
            if (row.startsWith("#") || row.startsWith("docId")) {
                continue;
            }
            String[] f = row.split("\t", -1);
            assertEquals("is-eta", f[2], row);
            assertEquals("yes", f[9], "not certified: " + row);
            double[] s = sums.computeIfAbsent(f[0], k -> new double[2]);
            s[0] += Double.parseDouble(f[4]);
            s[1]++;
        }
        Map<String, Double> means = new HashMap<>();
        sums.forEach((id, s) -> means.put(id, s[0] / s[1]));
        return means;
    }

    @Test
    void autoChoosesIsEtaAndCertifiesEveryDocumentNearTheExactAnswer() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, false, false, true), 10, 20);
        Path out = dir.resolve("auto.tsv");
        CliTest.Outcome o = CliTest.run("estimate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out", out.toString(),
                "--summary");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("auto chose is-eta"), o.out());
        Map<String, Double> exact = exact(d);
        Map<String, Double> means = certifiedMeans(out);
        assertEquals(exact.keySet(), means.keySet());
        // a certified mean is within its target (0.1 nats here) of the truth, up to its noise
        means.forEach((id, mean) -> assertEquals(exact.get(id), mean, 0.2, "document " + id));
    }

    @Test
    void isEtaByNameOnAMixtureOfReferenceConvention() throws Exception {
        Data d = data(new FamilyFixtures.Shape(2, true, true, false), 6, 15);
        Path out = dir.resolve("is-eta.tsv");
        CliTest.Outcome o = CliTest.run("estimate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out", out.toString(),
                "--method", "is-eta", "--runs", "3", "--samples", "2000");
        assertEquals(0, o.code(), o.err());
        Map<String, Double> exact = exact(d);
        certifiedMeans(out).forEach((id, mean) -> assertEquals(exact.get(id), mean, 0.05, "document " + id));
    }

    /** An LDA over the family model's words, its file, and the exact log P(w | LDA) - log P(w | family) of each document. */
    private Map<String, Double> ldaAgainst(Data d, Path ldaFile) throws Exception {
        TopicModel lda = tmeval.Fixtures.randomModel("lda", d.model().numWords(), new double[] {0.3, 0.8}, 0.5, 9);
        NativeModelFormat.write(lda, ldaFile);
        Map<String, Double> exactB = exact(d);
        Map<String, Double> ratio = new HashMap<>();
        for (Document doc : d.documents()) {
            ratio.put(doc.id(), new tmeval.estimate.ExactEvaluator().logProbability(DocumentView.of(doc), lda, new CancelToken()) - exactB.get(doc.id()));
        }
        return ratio;
    }

    /** Each document's mean logRatio over its rows, by id. */
    private static Map<String, Double> meanRatios(Path out, String method) throws Exception {
        Map<String, double[]> sums = new HashMap<>();
        for (String row : Files.readAllLines(out)) {
            if (row.startsWith("#") || row.startsWith("docId")) {
                continue;
            }
            String[] f = row.split("\t", -1);
            assertEquals(method, f[2], row);
            double[] s = sums.computeIfAbsent(f[0], k -> new double[2]);
            s[0] += Double.parseDouble(f[5]);
            s[1]++;
        }
        Map<String, Double> means = new HashMap<>();
        sums.forEach((id, s) -> means.put(id, s[0] / s[1]));
        return means;
    }

    @Test
    void compareRanksAnLdaAgainstAProdLdaByTheirDifferencedEstimates() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, false, true, true), 6, 10);
        Path lda = dir.resolve("lda.tsv");
        Map<String, Double> exact = ldaAgainst(d, lda);
        Path out = dir.resolve("compare.tsv");
        CliTest.Outcome o = CliTest.run("compare", "--model-a", lda.toString(), "--model-b", d.modelFile().toString(), "--corpus", d.corpus().toString(),
                "--out", out.toString(), "--method", "is-eta-diff", "--temperatures", "3000", "--runs", "3");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("B is logistic-normal (D = K, diagonal covariance) prior, product decoder: each model is evaluated on its own"), o.out());
        assertTrue(o.out().contains("B none (logistic-normal"), o.out());
        Map<String, Double> means = meanRatios(out, "is-eta-diff");
        assertEquals(exact.keySet(), means.keySet());
        means.forEach((id, mean) -> assertEquals(exact.get(id), mean, 0.05, "document " + id));

        Path auto = dir.resolve("auto.tsv");
        CliTest.Outcome a = CliTest.run("compare", "--model-a", lda.toString(), "--model-b", d.modelFile().toString(), "--corpus", d.corpus().toString(),
                "--out", auto.toString());
        assertEquals(0, a.code(), a.err());
        assertTrue(a.out().contains("auto chose is-eta-diff"), a.out());
        meanRatios(auto, "is-eta-diff").forEach((id, mean) -> assertEquals(exact.get(id), mean, 0.2, "auto, document " + id));
        assertTrue(Files.readAllLines(auto).stream().filter(l -> !l.startsWith("#") && !l.startsWith("docId")).allMatch(l -> l.split("\t")[10].equals("yes")),
                "every document certified:\n" + Files.readString(auto));

        CliTest.Outcome refused = CliTest.run("compare", "--model-a", lda.toString(), "--model-b", d.modelFile().toString(), "--corpus",
                d.corpus().toString(), "--out", dir.resolve("r.tsv").toString(), "--method", "ratio-convex");
        assertEquals(2, refused.code(), refused.err());
        assertTrue(refused.err().contains("ratio-convex compares two LDAs (a Dirichlet prior and a mixture of topics each); A is LDA, B is"
                + " logistic-normal"), refused.err());
    }

    /** The commands built on LDA refuse another family as an input error naming the file, never with a stack trace. */
    @Test
    void theCommandsBuiltOnLdaRefuseAnotherFamilyNamingTheFile() throws Exception {
        Data d = data(new FamilyFixtures.Shape(2, true, true, false), 3, 8);
        String m = d.modelFile().toString();
        Path series = Files.createDirectories(dir.resolve("series"));
        Files.copy(d.modelFile(), series.resolve("iter-10.tsv"));
        List<List<String>> commands = List.of(
                List.of("coherence", "--model", m, "--corpus", d.corpus().toString(), "--out", dir.resolve("h.tsv").toString()),
                List.of("curve", "--series", series.toString(), "--corpus", d.corpus().toString(), "--method", "iteration-ais", "--out",
                        dir.resolve("u.tsv").toString()),
                List.of("perturb", "--model", m, "--out", dir.resolve("p.tsv").toString()),
                List.of("bench", "--model-a", m, "--corpus", d.corpus().toString()));
        for (List<String> command : commands) {
            CliTest.Outcome o = CliTest.run(command.toArray(new String[0]));
            assertEquals(1, o.code(), command + ": " + o.err());
            assertTrue(o.err().contains(command.get(0) + " needs an LDA (a Dirichlet prior and a mixture of topics); model family is"
                    + " logistic-normal (D = K - 1, diagonal covariance) prior, mixture decoder"), command + ": " + o.err());
        }
    }

    /**
     * calibrate runs on a logistic-normal model: documents simulated in eta, ais-eta forward and its reverse run from the true
     * eta, a width per document and budget, the mean width falling with the budget; a method built on LDA is refused naming
     * the file.
     */
    @Test
    void calibrateSandwichesAisEtaOnAnotherFamily() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, false, false, true), 3, 20);
        Path out = dir.resolve("cal.tsv");
        CliTest.Outcome o = CliTest.run("calibrate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out",
                out.toString(), "--temperatures", "3,300", "--documents", "8", "--threads", "1");
        assertEquals(0, o.code(), o.err());
        double[] sum = new double[2];
        int rows = 0;
        for (String row : Files.readAllLines(out)) {
            if (!row.startsWith("#") && !row.startsWith("docId")) {
                assertTrue(row.contains("\tais-eta\t"), row);
                rows++;
            }
        }
        assertEquals(16, rows, o.out());
        tmeval.run.exec.Calibration.Result r = tmeval.run.exec.Calibration.widths(d.model(), new int[] {20, 20, 20, 20, 20, 20, 20, 20},
                List.of("ais-eta"), List.of(3, 300), 1, 1, row -> { }, tmeval.progress.Progress.NONE, new CancelToken());
        double few = r.summaries().get(0).meanWidth();
        double many = r.summaries().get(1).meanWidth();
        assertTrue(many < few && many > -0.5, "mean width " + few + " at 3 temperatures, " + many + " at 300");
        CliTest.Outcome refused = CliTest.run("calibrate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out",
                dir.resolve("ais.tsv").toString(), "--method", "ais");
        assertEquals(1, refused.code(), refused.err());
        assertTrue(refused.err().contains(d.modelFile().toString()) && refused.err().contains("ais needs an LDA"), refused.err());
    }

    /**
     * select ranks models of different families and K on one corpus (which family and which K): an LDA of K = 2, a
     * ProdLDA-shaped model of K = 3 that generated the documents and a CTM-shaped one of K = 2, each by its own auto; nothing
     * refuses them, each summary names its family, and the generating model wins most documents.
     */
    @Test
    void selectRanksModelsOfDifferentFamiliesAndK() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, false, true, true), 8, 20);
        Path lda = dir.resolve("lda.tsv");
        NativeModelFormat.write(tmeval.Fixtures.randomModel("lda", d.model().numWords(), new double[] {0.3, 0.8}, 0.5, 9), lda);
        Path ctm = dir.resolve("ctm.tsv");
        NativeModelFormat.write(FamilyFixtures.model("ctm", new FamilyFixtures.Shape(2, true, false, false), 30, 1.0, 11), ctm);
        Path out = dir.resolve("select.tsv");
        CliTest.Outcome o = CliTest.run("select", "--models", lda + "," + d.modelFile() + "," + ctm, "--corpus", d.corpus().toString(),
                "--out", out.toString(), "--threads", "1");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("model 1: lda (K = 2)\n"), o.out());
        assertTrue(o.out().contains("model 2: family (K = 3, logistic-normal (D = K, diagonal covariance) prior, product decoder)"), o.out());
        assertTrue(o.out().contains("model 3: ctm (K = 2, logistic-normal (D = K - 1, full covariance) prior, mixture decoder)"), o.out());
        String row = o.out().lines().filter(l -> l.startsWith("model 2 (K = 3)")).findFirst().orElseThrow();
        String[] cells = row.trim().split("\\s+");
        assertTrue(Integer.parseInt(cells[cells.length - 3]) >= 5 && Integer.parseInt(cells[cells.length - 1]) >= 5,
                "the generating model wins most documents against both: " + o.out());
    }

    /**
     * {@code select --pairs ratio-eta}: the models chained by K whatever their families (an LDA and a CTM-shaped model of
     * K = 2, the ProdLDA-shaped model of K = 3 that generated the documents), each against the next one up in both
     * directions; every pair's label names the family, the pair of different K says how the smaller is padded, and each
     * pair's corpus bracket holds the exact sum of the log ratios (the dynamic programme and quadrature) within its noise.
     */
    @Test
    void selectPairsByRatioEtaChainModelsOfAnyFamiliesAndK() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, false, true, true), 6, 12);
        TopicModel lda = tmeval.Fixtures.randomModel("lda", d.model().numWords(), new double[] {1.5, 2.5}, 0.5, 9);
        TopicModel ctm = FamilyFixtures.model("ctm", new FamilyFixtures.Shape(2, true, false, false), 30, 1.0, 11);
        Path ldaFile = dir.resolve("lda.tsv");
        NativeModelFormat.write(lda, ldaFile);
        Path ctmFile = dir.resolve("ctm.tsv");
        NativeModelFormat.write(ctm, ctmFile);
        Path out = dir.resolve("select.tsv");
        CliTest.Outcome o = CliTest.run("select", "--models", ldaFile + "," + d.modelFile() + "," + ctmFile, "--corpus", d.corpus().toString(),
                "--pairs", "ratio-eta", "--out", out.toString(), "--threads", "1");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("adjacent models in K by ratio-eta in both directions"), o.out());
        assertTrue(o.out().contains("model 3 (K = 2, logistic-normal (D = K - 1, full covariance) prior, mixture decoder) against model 1 (K = 2), 6 documents:")
                && o.out().contains("model 2 (K = 3, logistic-normal (D = K, diagonal covariance) prior, product decoder) against model 3 (K = 2,"), o.out());
        assertTrue(o.out().contains("its topics summed out; for ratio-eta B's 2 topics are aligned to 2 of A's"), "the padding note: " + o.out());
        // the per-K table: the LDA and the CTM-shaped model of K = 2 are two rows, each named with its family
        assertTrue(o.out().lines().anyMatch(l -> l.trim().startsWith("2     1") && l.endsWith("(LDA)"))
                && o.out().lines().anyMatch(l -> l.trim().startsWith("2     1") && l.endsWith("(logistic-normal (D = K - 1, full covariance) prior,"
                + " mixture decoder)")), o.out());
        // exact sums of log P(w | A) - log P(w | B) over the documents, the pairs in the order printed
        double[] exactSums = new double[2];
        for (Document doc : d.documents()) {
            DocumentView view = DocumentView.of(doc);
            double ofLda = new tmeval.estimate.ExactEvaluator().logProbability(view, lda, new CancelToken());
            double ofCtm = EtaQuadrature.logProbability(view, ctm, new CancelToken());
            exactSums[0] += ofCtm - ofLda;
            exactSums[1] += EtaQuadrature.logProbability(view, d.model(), new CancelToken()) - ofCtm;
        }
        List<String> lines = o.out().lines().filter(l -> l.startsWith("  ratio-eta: forward ")).toList();
        assertEquals(2, lines.size(), o.out());
        for (int p = 0; p < 2; p++) {
            String[] f = lines.get(p).replace(",", "").split("\\s+");
            // "ratio-eta: forward F +- e reverse R +- e nats: ..."
            double forward = Double.parseDouble(f[3]);
            double forwardError = Double.parseDouble(f[5]);
            double reverse = Double.parseDouble(f[7]);
            double reverseError = Double.parseDouble(f[9]);
            assertTrue(forward - forwardError - 0.01 <= exactSums[p] && exactSums[p] <= reverse + reverseError + 0.01,
                    "pair " + (p + 1) + ": exact " + exactSums[p] + ", " + lines.get(p));
        }
    }

    /** exact answers a logistic-normal model of K = 2 or 3 by quadrature (rows certified, the value itself), and refuses K = 4 in words. */
    @Test
    void exactIsQuadratureAtKTwoAndThree() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, true, false, true), 4, 12);
        Map<String, Double> exact = exact(d);
        List<String[]> rows = rowsByName(d, "exact");
        for (String[] f : rows) {
            assertEquals(exact.get(f[0]), Double.parseDouble(f[4]), 1e-9, String.join("\t", f));
            assertEquals("yes", f[9], String.join("\t", f));
        }
        assertEquals(4, rows.size());
        TopicModel k4 = FamilyFixtures.model("k4", new FamilyFixtures.Shape(4, true, true, false), 30, 1.0, 7);
        Path m4 = dir.resolve("k4.tsv");
        NativeModelFormat.write(k4, m4);
        CliTest.Outcome refused = CliTest.run("estimate", "--model", m4.toString(), "--corpus", d.corpus().toString(), "--out",
                dir.resolve("e4.tsv").toString(), "--method", "exact");
        assertEquals(2, refused.code(), refused.err());
        assertTrue(refused.err().contains("exact needs an LDA (a Dirichlet prior and a mixture of topics), or a logistic-normal prior with"
                + " K = 2 or 3 (quadrature over eta); model k4 is logistic-normal"), refused.err());
    }

    @Test
    void infoSaysTheFamily() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, true, false, true), 2, 5);
        CliTest.Outcome o = CliTest.run("info", "--model", d.modelFile().toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("K = 3 topics, V = 30 words, logistic-normal (D = K - 1, full covariance) prior, product decoder"), o.out());
        assertTrue(o.out().contains("eta: 2 components (eta_K = 0), mean "), o.out());
        assertTrue(o.out().contains("topic 3 (by B(w, k) + c(w)): "), o.out());
    }

    @Test
    void aMethodBuiltOnLdaIsRefusedInWordsBeforeAnyWork() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, true, false, true), 2, 5);
        for (String method : List.of("ais", "is-gibbs", "lr", "chib", "is-vb")) {
            Path out = dir.resolve(method + ".tsv");
            CliTest.Outcome o = CliTest.run("estimate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out", out.toString(),
                    "--method", method);
            assertEquals(2, o.code(), method + ": " + o.err());
            assertTrue(o.err().contains(method + " needs an LDA (a Dirichlet prior and a mixture of topics); model family is logistic-normal"
                    + " (D = K - 1, full covariance) prior, product decoder: use exact or is-eta or ais-eta, or auto"), o.err());
            assertTrue(Files.notExists(out), method);
        }
        // vb has the correlated topic model's bound for a mixture decoder, none for a product decoder: refused naming why
        Path out = dir.resolve("vb.tsv");
        CliTest.Outcome o = CliTest.run("estimate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out", out.toString(),
                "--method", "vb");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("vb: no closed-form variational floor for a product decoder: its likelihood's expectation under a Gaussian"
                + " over eta needs E_q[softmax(eta)]"), o.err());
        assertTrue(o.err().contains("model family is logistic-normal (D = K - 1, full covariance) prior, product decoder: use exact or is-eta or"
                + " ais-eta, or auto"), o.err());
        assertTrue(Files.notExists(out));
    }

    /** vb by name on a logistic-normal prior with a mixture decoder: one row per document, the floor below the exact value. */
    @Test
    void vbIsAFloorOnAMixtureDecoder() throws Exception {
        Data d = data(new FamilyFixtures.Shape(3, false, false, false), 5, 12);
        Map<String, Double> exact = exact(d);
        List<String[]> rows = rowsByName(d, "vb");
        for (String[] f : rows) {
            assertEquals("vb", f[2]);
            double value = Double.parseDouble(f[4]);
            assertTrue(value <= exact.get(f[0]) && value > exact.get(f[0]) - 5, String.join("\t", f) + " against the exact " + exact.get(f[0]));
        }
        assertEquals(5, rows.size());
    }

    /** estimate --method name on the data: its rows' cells (the header and comment lines left out). */
    private List<String[]> rowsByName(Data d, String method) throws Exception {
        Path out = dir.resolve(method + ".tsv");
        CliTest.Outcome o = CliTest.run("estimate", "--model", d.modelFile().toString(), "--corpus", d.corpus().toString(), "--out", out.toString(),
                "--method", method);
        assertEquals(0, o.code(), o.err());
        return Files.readAllLines(out).stream().filter(r -> !r.startsWith("#") && !r.startsWith("docId")).map(r -> r.split("\t", -1)).toList();
    }
}
