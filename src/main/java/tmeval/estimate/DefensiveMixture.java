package tmeval.estimate;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/** The rule every mixture proposal of a theta or eta sampler keeps: shares that add up to 1, a prior's among them. */
final class DefensiveMixture {
    private DefensiveMixture() {
    }

    /**
     * @throws IllegalArgumentException when the shares do not add up to 1 or no prior component has a share (the prior's
     *                                  share is what bounds the weights, so their variance is finite)
     */
    static <T> void check(List<T> components, ToDoubleFunction<T> share, Predicate<T> isPrior, String what) {
        double total = components.stream().mapToDouble(share).sum();
        if (Math.abs(total - 1) > 1e-12 || components.stream().noneMatch(c -> isPrior.test(c) && share.applyAsDouble(c) > 0)) {
            throw new IllegalArgumentException("the shares of " + what + " must add up to 1 and include the prior's");
        }
    }
}
