package tmeval.model;

/**
 * A topic model's prior over a document's topic proportions theta: LDA's Dirichlet, or the logistic-normal of CTM, STM,
 * ETM and ProdLDA (theta = softmax(eta), eta Gaussian). With the topics summed out, P(w) = E_prior[P(w | theta)] for
 * either; the estimators that need the Dirichlet's conjugacy (the collapsed Gibbs samplers over z) refuse the other.
 */
public sealed interface ThetaPrior extends java.io.Serializable permits DirichletPrior, LogisticNormalPrior {
    /** K, the number of topics theta spreads over. */
    int numTopics();

    /** The prior in a few words, for the model's family ("Dirichlet", "logistic-normal, D = K - 1, diagonal"). */
    String describe();
}
