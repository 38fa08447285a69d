package tmeval.run.certify;

import org.apache.commons.math3.stat.StatUtils;

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

    /** Whether an AIS value lies above the runs' mean beyond their noise and the target: the runs missed mass. */
    public static boolean missedMass(double[] values, double target, double aisValue) {
        double mean = StatUtils.mean(values);
        double se = values.length >= 2 ? Math.sqrt(StatUtils.variance(values, mean) / values.length) : 0;
        return aisValue > mean + Math.max(target, 3 * se);
    }
}
