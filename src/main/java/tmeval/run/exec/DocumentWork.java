package tmeval.run.exec;

import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.io.Serializable;
import java.util.function.Consumer;

/**
 * Work whose rounds end document by document ({@code compare --adaptive}, {@code auto}'s escalations and fallbacks):
 * everything one document needs, on the random streams of its position in the whole corpus, so that its result is
 * the same on any thread, shard or Spark executor. It carries its own inputs (plan, models, choice) and is
 * serialisable, so that a cluster can broadcast it once ({@link JobEngine#documents}).
 *
 * @param <T> one document's result
 */
public interface DocumentWork<T extends Serializable> extends Serializable {
    /**
     * All of one document's rounds.
     *
     * @param corpus the corpus, or a slice of it, that holds the document
     * @param local the document's index in {@code corpus}
     * @param position its position in the whole corpus: its random streams and its rows' index
     */
    T document(Corpus corpus, int local, int position, CancelToken cancel);

    /** The worker threads' name. */
    String name();

    /**
     * Runs documents {@code local[i]} of {@code corpus} as the documents at corpus positions {@code positions[i]}, one
     * task each, results in that order on the calling thread.
     */
    static <T extends Serializable> void run(DocumentWork<T> work, Corpus corpus, int[] local, int[] positions, int threads,
                                             Consumer<T> inOrder, Progress progress, CancelToken cancel) {
        OrderedParallel.run(local.length, i -> work.document(corpus, local[i], positions[i], cancel), inOrder, threads,
                "tmeval-" + work.name(), progress, cancel, i -> corpus.document(local[i]).id());
    }
}
