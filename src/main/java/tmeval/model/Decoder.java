package tmeval.model;

/**
 * How a topic model turns a document's theta into word probabilities: LDA's mixture, p(w | theta) = sum_k theta_k phi(w, k),
 * or ProdLDA's product of experts, p(w | theta) = softmax over the vocabulary of (B theta + c). Either way p(w | theta) is
 * exact with the topics summed out, which is all the estimators over theta need.
 */
public sealed interface Decoder extends java.io.Serializable permits MixtureDecoder, ProductDecoder {
    int numTopics();

    int numWords();

    /** The decoder in a word or two, for the model's family ("mixture", "product"). */
    String describe();

    /**
     * A word's weight in topic k for showing topics: phi(w, k) for the mixture, the logit B(w, k) + c(w) of p(w | theta = e_k)
     * for the product; higher is more probable, words of one topic compare, topics do not.
     */
    double topicWeight(int word, int topic);
}
