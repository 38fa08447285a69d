package tmeval.run.exec;

import tmeval.coherence.TopicDiagnostics;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

/**
 * Each topic's expected tokens in a corpus over the model's vocabulary ({@link TopicDiagnostics#expectedTokens}): the
 * documents' variational fits in parallel, summed in document order, so that the sizes are the same for any thread count.
 */
public final class ExpectedTopicTokens {
    private ExpectedTopicTokens() {
    }

    public static double[] of(TopicModel model, Corpus corpus, int threads, Progress progress, CancelToken cancel) {
        double[] total = new double[model.numTopics()];
        OrderedParallel.run(corpus.size(), i -> TopicDiagnostics.expectedTokens(corpus.document(i), model, cancel), tokens -> {
            for (int k = 0; k < total.length; k++) {
                total[k] += tokens[k];
            }
        }, threads, "tmeval-topic-sizes", progress, cancel, i -> corpus.document(i).id());
        return total;
    }
}
