package tmeval.train;

/**
 * Settings of the collapsed Gibbs trainer. Defaults follow MALLET's command line (alpha sum 5, beta 0.01) and
 * its hyper-parameter optimisation schedule (every 10 iterations after a burn-in).
 *
 * @param numTopics K
 * @param iterations Gibbs sweeps over the corpus
 * @param alphaMode asymmetric, symmetric or fixed
 * @param alphaSum initial sum of alpha over topics
 * @param beta fixed symmetric topic-word prior
 * @param optimizeInterval sweeps between alpha updates (ignored when alpha is fixed)
 * @param optimizeBurnIn sweeps before the first alpha update
 * @param snapshotEvery take a model snapshot every this many sweeps (0: none)
 * @param seed the random seed; the same seed gives the same model bit for bit
 */
public record TrainerConfig(int numTopics, int iterations, AlphaMode alphaMode, double alphaSum, double beta,
                            int optimizeInterval, int optimizeBurnIn, int snapshotEvery, long seed) {
    /** The defaults where the command line gives no value: MALLET's, as {@link #defaults} takes them. */
    public static final AlphaMode DEFAULT_ALPHA_MODE = AlphaMode.ASYMMETRIC;
    public static final double DEFAULT_ALPHA_SUM = 5.0;
    public static final double DEFAULT_BETA = 0.01;
    public static final int DEFAULT_OPTIMIZE_INTERVAL = 10;
    public static final int DEFAULT_OPTIMIZE_BURN_IN = 50;
    public static final long DEFAULT_SEED = 1;

    public TrainerConfig {
        if (numTopics < 1) {
            throw new IllegalArgumentException("--topics must be at least 1");
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("--iterations must not be negative");
        }
        if (!(alphaSum > 0) || !Double.isFinite(alphaSum)) {
            throw new IllegalArgumentException("the alpha sum must be a positive number");
        }
        if (!(beta > 0) || !Double.isFinite(beta)) {
            throw new IllegalArgumentException("--beta must be a positive number");
        }
        if (optimizeInterval < 1) {
            throw new IllegalArgumentException("the optimisation interval must be at least 1");
        }
        if (optimizeBurnIn < 0 || snapshotEvery < 0) {
            throw new IllegalArgumentException("burn-in and snapshot interval must not be negative");
        }
    }

    public static TrainerConfig defaults(int numTopics, int iterations, long seed) {
        return new TrainerConfig(numTopics, iterations, DEFAULT_ALPHA_MODE, DEFAULT_ALPHA_SUM, DEFAULT_BETA, DEFAULT_OPTIMIZE_INTERVAL,
                DEFAULT_OPTIMIZE_BURN_IN, 0, seed);
    }
}
