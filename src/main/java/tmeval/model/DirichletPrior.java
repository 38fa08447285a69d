package tmeval.model;

import java.util.Arrays;

/** LDA's prior: theta ~ Dir(alpha), K positive finite parameters. Immutable. */
public final class DirichletPrior implements ThetaPrior {
    private static final long serialVersionUID = 1L;
    private final double[] alpha;

    public DirichletPrior(double[] alpha) {
        if (alpha.length < 1) {
            throw new IllegalArgumentException("a model needs at least one topic");
        }
        for (int k = 0; k < alpha.length; k++) {
            if (!(alpha[k] > 0) || !Double.isFinite(alpha[k])) {
                throw new IllegalArgumentException("alpha[" + (k + 1) + "] = " + alpha[k] + " is not a positive finite number");
            }
        }
        this.alpha = alpha.clone();
    }

    @Override
    public int numTopics() {
        return alpha.length;
    }

    public double alpha(int topic) {
        return alpha[topic];
    }

    public double[] alpha() {
        return alpha.clone();
    }

    /** The array itself, for {@link TopicModel}'s accessors without a copy per call. */
    double[] values() {
        return alpha;
    }

    @Override
    public String describe() {
        return "Dirichlet";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DirichletPrior p && Arrays.equals(alpha, p.alpha);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(alpha);
    }
}
