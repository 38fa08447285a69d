package tmeval.run.auto;

import tmeval.run.plan.AutoPilot;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.distributed.ShardMerge;
import tmeval.run.exec.Outcome;
import tmeval.run.output.EstimateRowFormat;
import tmeval.run.output.EstimateTable;
import tmeval.run.output.Provenance;
import tmeval.run.output.ShardDocuments;
import tmeval.run.plan.Shard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.Methods;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code auto}'s per-document fallback (estimators.md, "auto"): a document the choice cannot certify within its cap
 * is run by the pilot's runners-up in turn, and the first that certifies it gives its rows, under its own name. The
 * choice is forced to a poor method ({@code is-prior} from one sample: 16 at the cap, far from 0.1 nats on 20-token
 * documents), as a pilot would never choose it.
 */
class AutoFallbackTest {
    private static final TopicModel MODEL = Fixtures.randomModel("A", 30, new double[] {0.1, 0.2, 0.3, 0.4}, 0.1, 7);
    private static final Corpus CORPUS = Fixtures.generate(MODEL, 10, 20, 11);
    private static final long SEED = 5;

    @TempDir
    Path dir;

    private static AutoEstimation.Choice poorChoice() {
        return new AutoEstimation.Choice(Methods.IS_PRIOR, start(Methods.IS_PRIOR, 1), List.of(), new int[] {0, 1}, "",
                List.of(new AutoEstimation.Fallback(Methods.IS_PZW, start(Methods.IS_PZW, 1)),
                        new AutoEstimation.Fallback(Methods.LEE_IS, start(Methods.LEE_IS, 100))));
    }

    private static tmeval.estimate.MethodSettings start(String method, int budget) {
        return Methods.withBudget(method, Methods.get(method).defaults(), budget);
    }

    /**
     * Every document the choice leaves uncertified falls back, its rows carry the method that certified it, and that
     * method's mean is within its target of the exact answer up to noise: pooled, the squared errors in units of the
     * target stay under the chi-square's 99.9% point (as {@code AutoEstimationTest} checks the escalation).
     */
    @Test
    void aDocumentTheChoiceCannotCertifyIsCertifiedByAFallbackWithinItsTargetOfTheExactAnswer() {
        Map<Integer, List<Outcome>> runs = new TreeMap<>();
        AutoEstimation.Result result = AutoEstimation.run(poorChoice(), CORPUS, MODEL, SEED, 2, Shard.ALL,
                o -> runs.computeIfAbsent(o.documentIndex(), k -> new ArrayList<>()).add(o), Progress.NONE, new CancelToken());
        Map<String, Integer> byMethod = new TreeMap<>();
        double sum = 0;
        int fellBack = 0;
        for (var e : runs.entrySet()) {
            String method = e.getValue().get(0).method();
            assertTrue(e.getValue().stream().allMatch(o -> o.method().equals(method)), "one method per document");
            var verdict = DocumentVerdict.of(method, e.getValue()).verdict();
            if (method.equals(Methods.IS_PRIOR)) {
                continue;
            }
            fellBack++;
            byMethod.merge(method, 1, Integer::sum);
            assertTrue(verdict.certified(), "a fallback's rows are kept only where they certify: document " + e.getKey() + " " + verdict.describe());
            var doc = CORPUS.document(e.getKey());
            double exact = new ExactEvaluator().estimate(doc, MODEL, null, new CancelToken()).logValue();
            double mean = e.getValue().stream().mapToDouble(o -> o.result().logValue()).average().orElseThrow();
            double z = (mean - exact) / Math.max(0.1, 0.001 * doc.length());
            sum += z * z;
        }
        assertTrue(fellBack >= 8, "is-prior at 16 samples certifies few 20-token documents: " + fellBack + " fell back of 10");
        assertTrue(byMethod.containsKey(Methods.LEE_IS), "the second fallback certifies what the first cannot: " + byMethod);
        assertEquals(byMethod, new TreeMap<>(Map.copyOf(result.fellBack())).entrySet().stream().filter(x -> x.getValue() > 0)
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, Integer::sum, TreeMap::new)), "the report counts them");
        assertTrue(result.report().contains(fellBack + " documents fell back"), result.report());
        double threshold = new org.apache.commons.math3.distribution.ChiSquaredDistribution(fellBack).inverseCumulativeProbability(0.999);
        assertTrue(sum < threshold, "sum of squared errors in units of the target " + sum + " over " + fellBack + " documents (99.9%: " + threshold + ")");
    }

    @Test
    void theRowsAreTheSameForAnyThreadCountAndTwoShardsMergedAreTheWholeRun() throws Exception {
        String whole = rows(write(Shard.ALL, 1));
        assertTrue(whole.contains("\t" + Methods.LEE_IS + "\t"), "some rows are a fallback's: " + whole);
        assertEquals(whole, rows(write(Shard.ALL, 2)));
        ShardMerge.Merged merged = ShardMerge.merge(List.of(write(Shard.parse("1/2"), 2), write(Shard.parse("2/2"), 1)));
        assertEquals(whole, String.join("", merged.rows()));
        assertEquals(List.of(Methods.IS_PZW, Methods.LEE_IS),
                AutoPilot.fromSettings(merged.settings()).fallbacks(), "the provenance names the fallbacks");
    }

    @Test
    void mergeRefusesARowWhoseMethodIsNeitherTheChoiceNorAFallback() throws Exception {
        Path first = write(Shard.parse("1/2"), 1);
        Path second = write(Shard.parse("2/2"), 1);
        List<String> lines = Files.readAllLines(second);
        int row = lines.size() - 1;
        String method = lines.get(row).split("\t")[2];
        Files.write(second, replace(lines, row, lines.get(row).replace("\t" + method + "\t", "\t" + Methods.IS_IP + "\t")));
        InputException e = assertThrows(InputException.class, () -> ShardMerge.merge(List.of(first, second)));
        assertTrue(e.getMessage().contains("is not the plan's is-prior nor one of auto's fallbacks is-pzw, lee-is"), e.getMessage());
        // a fallback's document relabelled as the choice's runs, or one run of it: one document's rows are one method's
        Files.write(second, replace(lines, row, lines.get(row).replace("\t" + method + "\t",
                "\t" + (method.equals(Methods.IS_PRIOR) ? Methods.LEE_IS : Methods.IS_PRIOR) + "\t")));
        e = assertThrows(InputException.class, () -> ShardMerge.merge(List.of(first, second)));
        assertTrue(e.getMessage().contains("one document's rows are one method's"), e.getMessage());
        // a fallback's run moved 3 nats: its document is no longer certified by it, and auto would not have kept its rows
        int fallbackRow = 0;
        while (!lines.get(fallbackRow).contains("\t" + Methods.LEE_IS + "\t")) {
            fallbackRow++;
        }
        EstimateRowFormat.Row r = EstimateRowFormat.parse(lines.get(fallbackRow));
        String moved = EstimateRowFormat.write(new EstimateRowFormat.Row(r.documentId(), r.length(), r.method(), r.run(), r.logLik() + 3,
                r.siteUpdates(), r.nanos(), r.status(), r.certified()), false);
        Files.write(second, replace(lines, fallbackRow, moved.substring(0, moved.length() - 1)));
        e = assertThrows(InputException.class, () -> ShardMerge.merge(List.of(first, second)));
        assertTrue(e.getMessage().contains("its rows are the fallback lee-is's but do not certify it"), e.getMessage());
    }

    @Test
    void theFallbacksAreThePilotsRunnersUpWithoutAFloorViolationAtMostTwoEachFromItsOwnStart() {
        var isVb = new AutoEstimation.Trial(Methods.IS_VB, 0, 0, 1e-5, 1000, 0, 1, 1);
        var chib = new AutoEstimation.Trial(Methods.CHIB, 1, 0, 1e-6, 1000, 0, 1, 1);
        var leeIs = new AutoEstimation.Trial(Methods.LEE_IS, 0, 1, 1e-4, 1000, 0, 1, 4);
        var isIp = new AutoEstimation.Trial(Methods.IS_IP, 0, 2, 1e-3, 1000, 0, 1, 2);
        var ais = new AutoEstimation.Trial(Methods.AIS, 0, 3, 1e-3, 1000, 0, 1, 1);
        var fallbacks = AutoEstimation.fallbacks(List.of(isVb, chib, leeIs, isIp, ais));
        assertEquals(List.of(Methods.LEE_IS, Methods.IS_IP), fallbacks.stream().map(AutoEstimation.Fallback::method).toList(),
                "chib fell below a floor in the pilot: not trusted; then the ranking's order, two at most");
        assertEquals(4 * Methods.budget(Methods.LEE_IS, Methods.get(Methods.LEE_IS).defaults()), Methods.budget(Methods.LEE_IS, fallbacks.get(0).start()));
    }

    @Test
    void theProvenanceNamesTheFallbacksAndReadsThemBack() {
        var settings = poorChoice().settingsText(SEED, 1);
        assertEquals("is-pzw,lee-is", settings.get("auto-fallback"));
        assertEquals(List.of(Methods.IS_PZW, Methods.LEE_IS), AutoPilot.fromSettings(settings).fallbacks());
        var none = new AutoPilot(4, new int[] {1}).toSettings();
        assertTrue(!none.containsKey("auto-fallback"), "compare's auto has none and writes none: " + none);
        for (String bad : List.of("is-ip,chib,ais", "is-ip,is-ip", "exact", "")) {
            var edited = new java.util.LinkedHashMap<>(settings);
            edited.put("auto-fallback", bad);
            var e = assertThrows(IllegalArgumentException.class, () -> AutoPilot.fromSettings(edited), bad);
            assertTrue(e.getMessage().contains("auto-fallback"), e.getMessage());
        }
    }

    private static List<String> replace(List<String> lines, int i, String line) {
        List<String> copy = new ArrayList<>(lines);
        copy.set(i, line);
        return copy;
    }

    /** An estimate file as {@code estimate} writes it for auto: the choice's provenance, then its rows. */
    private Path write(Shard shard, int threads) throws Exception {
        AutoEstimation.Choice choice = poorChoice();
        StringWriter w = new StringWriter();
        w.write(Provenance.header(choice.settingsText(SEED, threads), List.of(), false, shard,
                ShardDocuments.of(CORPUS, shard, length -> length)));
        w.write(EstimateRowFormat.HEADER);
        EstimateTable table = new EstimateTable(w, false);
        AutoEstimation.run(choice, CORPUS, MODEL, SEED, threads, shard, o -> {
            try {
                table.add(o);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, Progress.NONE, new CancelToken());
        table.finish();
        Path file = dir.resolve("auto-" + shard.label().replace('/', '-') + "-" + threads + ".tsv");
        Files.writeString(file, w.toString());
        return file;
    }

    private static String rows(Path file) throws Exception {
        return String.join("", Files.readAllLines(file).stream().filter(l -> !l.startsWith("#") && !l.startsWith("docId")).map(l -> l + "\n").toList());
    }
}
