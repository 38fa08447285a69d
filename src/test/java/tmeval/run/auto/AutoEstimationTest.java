package tmeval.run.auto;

import tmeval.run.certify.DocumentVerdict;
import tmeval.run.exec.Outcome;
import tmeval.run.plan.Shard;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AutoEstimationTest {
    private static final TopicModel MODEL = Fixtures.randomModel("A", 30, new double[] {0.1, 0.2, 0.3, 0.4}, 0.1, 7);

    @Test
    void calibrationRaisesTooFewTemperaturesAndKeepsEnough() {
        StringBuilder report = new StringBuilder();
        // one temperature is a sandwich many nats wide on 30-token documents: calibration doubles it to its limit
        assertEquals(4, AutoEstimation.calibratedTemperatures(MODEL, new int[] {30, 30, 30, 30}, 1, 1, 2, report, new CancelToken()));
        assertTrue(report.toString().contains("temperatures [1, 2, 4]"), report.toString());
        // 2,000 temperatures on 5-token documents close the sandwich within 0.1 nats: kept
        assertEquals(2000, AutoEstimation.calibratedTemperatures(MODEL, new int[] {5, 5, 5, 5}, 2000, 1, 2, new StringBuilder(), new CancelToken()));
    }

    @Test
    void candidatesAreRankedByViolationsThenByVarianceTimesWork() {
        // scikit-learn's K = 10 pilot: is-ip certifies the pilot more cheaply, is-vb leaves 4.6 times less variance per unit of work
        var isIp = new AutoEstimation.Trial("is-ip", 0, 0, 2.13e-4, 10_600_000, 0, 7.97e6, 1);
        var isVb = new AutoEstimation.Trial("is-vb", 0, 0, 1.26e-5, 5_430_000, 0, 2.60e7, 1);
        var ais = new AutoEstimation.Trial("ais", 1, 0, 1e-9, 1_000, 0, 1, 1);
        var ranked = new java.util.ArrayList<>(java.util.List.of(isIp, ais, isVb));
        ranked.sort(AutoEstimation.Trial.BEST);
        assertEquals(java.util.List.of(isVb, isIp, ais), ranked, "a floor violation ranks last however cheap; then variance x work");
    }

    /**
     * What the preview prices a job by: each pilot document's rounds as the escalation will run them, in default budgets.
     * Needs 0.3, 0.4, 0.5, 3 and one beyond {@link AutoEstimation#HOPELESS} times the cap: their starts with the margin
     * 1, 1, 1, 8 and more, so the start is 1; three stop at once (1 each), one doubles until its budget reaches its
     * need (1 + 2 + 4), the hopeless one stops after its first round (1), one beyond any budget too (1): 12 rounds over 6
     * documents. Planted: rounds to the margined start (1 + 2 + 4 + 8 for the need of 3) would give 20 / 6, a count of
     * first rounds only 1.
     */
    @Test
    void theJobsRoundsArePricedAsTheEscalationRunsThem() {
        var tally = new AutoEstimation.Tally("is-gibbs");
        int cap = 1 << tmeval.run.plan.AutoPilot.MAX_DOUBLINGS;
        for (double needed : new double[] {0.3, 0.4, 0.5, 3, AutoEstimation.HOPELESS * cap * 1.5}) {
            tally.spent(100, 1_000_000);
            tally.asks(50, needed, 100.0 * needed, 1e-3);
        }
        tally.spent(100, 1_000_000);
        tally.beyondAnyBudget(100);
        var trial = tally.trial();
        assertEquals(1, trial.startFactor());
        assertEquals(2.0, trial.roundsPerDocument(), 1e-12);
        // the pilot spent 6 ms on its 6 documents: 1 ms a document at the default, 2 rounds each, on 100 documents
        assertEquals(0.001 * 2 * 100, trial.predictedSeconds(6, 100), 1e-12);
    }

    /**
     * The escalation meets the target, not only the starting budget: {@code lee-is} started at 4 samples (an error of
     * several targets on these 20-token documents) is doubled per document until certified, and each
     * certified document's mean is then within its target of the exact answer up to noise. Pooled over documents the
     * squared errors in units of the target are at most about one each (the standard error is at most the target; the
     * log's bias is a fraction of it), so their sum stays under the chi-square's 99.9% point for that many terms. A
     * target ten times looser stops earlier and fails (seen: sum 74 against 32.9; here 8.3 over 10 documents).
     */
    @Test
    void escalationBringsEachCertifiedDocumentWithinItsTargetOfTheExactAnswer() {
        var corpus = Fixtures.generate(MODEL, 12, 20, 11);
        String method = tmeval.estimate.Methods.LEE_IS;
        var start = tmeval.estimate.Methods.withBudget(method, tmeval.estimate.Methods.get(method).defaults(), 4);
        var choice = new AutoEstimation.Choice(method, start, java.util.List.of(), new int[0], "", java.util.List.of());
        long startSiteUpdates = tmeval.estimate.Methods.get(method).create(start).estimate(corpus.document(0), MODEL, new java.util.SplittableRandom(1),
                new CancelToken()).siteUpdates();
        java.util.Map<Integer, java.util.List<Outcome>> runs = new java.util.TreeMap<>();
        AutoEstimation.run(choice, corpus, MODEL, 5, 2, Shard.ALL, o -> runs.computeIfAbsent(o.documentIndex(), k -> new java.util.ArrayList<>()).add(o),
                tmeval.progress.Progress.NONE, new CancelToken());
        double sum = 0;
        int certified = 0;
        int escalated = 0;
        for (var e : runs.entrySet()) {
            var doc = corpus.document(e.getKey());
            var verdict = DocumentVerdict.of(method, e.getValue()).verdict();
            // the last round's rows are written: more than the start's site updates means the document was escalated
            escalated += e.getValue().get(0).result().siteUpdates() > startSiteUpdates ? 1 : 0;
            if (verdict.certified()) {
                certified++;
                double exact = new tmeval.estimate.ExactEvaluator().estimate(doc, MODEL, null, new CancelToken()).logValue();
                double mean = e.getValue().stream().mapToDouble(o -> o.result().logValue()).average().orElseThrow();
                double z = (mean - exact) / documentedTarget(doc.length());
                sum += z * z;
            }
        }
        assertTrue(escalated >= 6, "the starting budget misses the target on most documents: escalated " + escalated + " of 12");
        assertTrue(certified >= 8, "certified " + certified + " of 12");
        double threshold = new org.apache.commons.math3.distribution.ChiSquaredDistribution(certified).inverseCumulativeProbability(0.999);
        assertTrue(sum < threshold, "sum of squared errors in units of the target " + sum + " over " + certified + " documents (99.9%: " + threshold + ")");
    }

    /** The target as estimators.md ("Certified answers") states it, written out so that a change to {@code Target} is seen. */
    private static double documentedTarget(int tokens) {
        return Math.max(0.1, 0.001 * tokens);
    }

    /**
     * A pilot document no budget certifies (every run chains-apart) sets no start: three documents that certify at the
     * default and five whose chains stayed apart, with a standard error a hundred targets wide, start at the default,
     * and the five count beyond the cap (planted: counted like the others they made the median ask for 16 times).
     */
    @Test
    void documentsNoBudgetCertifiesSetNoStart() {
        java.util.List<java.util.List<Outcome>> documents = new java.util.ArrayList<>();
        for (int d = 0; d < 8; d++) {
            boolean apart = d >= 3;
            java.util.List<Outcome> runs = new java.util.ArrayList<>();
            for (int r = 1; r <= AutoEstimation.RUNS; r++) {
                double value = -100 + (apart ? 10.0 * r : 0.001 * r);
                tmeval.estimate.EstimateResult e = new tmeval.estimate.EstimateResult(value, new double[0], 1000, 20, 1, apart ? 0.1 : 0.9);
                runs.add(new Outcome(d, "d" + d, 20, r, e, null, apart ? tmeval.run.exec.Status.CHAINS_APART : tmeval.run.exec.Status.OK,
                        r == 1 ? -1000 : Double.NaN, tmeval.estimate.Methods.IS_GIBBS));
            }
            documents.add(runs);
        }
        AutoEstimation.Trial trial = AutoEstimation.trial(tmeval.estimate.Methods.IS_GIBBS, documents);
        assertEquals(1, trial.startFactor());
        assertEquals(5, trial.beyondCap());
        assertEquals(0, trial.violations());
    }
}
