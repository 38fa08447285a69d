package tmeval.run.certify;

import org.apache.commons.math3.stat.StatUtils;
import tmeval.estimate.WeightDiagnostics;

/**
 * Agreement between two estimator families that fail differently (issue 34): an importance sampler over theta fails by
 * missing posterior mass its proposal does not cover, and then its runs agree with each other, low; annealed importance
 * sampling starts from the prior, which covers every mode, and fails by a bias its runs do not show, also low. Both are
 * stochastic lower bounds of log P(w), so one AIS run above the sampler's mean by more than the sampler's own noise (three
 * standard errors) and the target shows mass the sampler missed; that value is then not certified, whatever its runs'
 * agreement. AIS below it says nothing (it is a lower bound), so the check costs one AIS run and can only say no.
 */
public final class FamilyCheck {
    private FamilyCheck() {
    }

    /**
     * Whether an AIS value lies above the runs' mean beyond the target and three standard errors of the difference (the
     * runs' and the AIS run's own, combined): the runs missed mass. Without AIS's own noise, four AIS samples of 1,000
     * temperatures flagged runs at the exact value on 6 of 20 documents of 30 tokens (seen while building
     * {@code FamilyCheckTest}).
     *
     * @param aisLogWeights the AIS run's per-sample log-weights, whose delta-method standard error is its noise
     */
    public static boolean missedMass(double[] values, double target, double aisValue, double[] aisLogWeights) {
        double mean = StatUtils.mean(values);
        double se = values.length >= 2 ? Math.sqrt(StatUtils.variance(values, mean) / values.length) : 0;
        double aisSe = WeightDiagnostics.standardErrorOfLogMean(aisLogWeights);
        return aisValue > mean + Math.max(target, 3 * Math.sqrt(se * se + aisSe * aisSe));
    }

}
