package tmeval.app.run;

import tmeval.app.common.Results;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A job's results on their way from its workers to {@link Results}: queued the moment they are computed (any
 * thread), handed over in batches on the FX thread, never one FX call per document. Counts the documents complete,
 * for the "partial: cancelled after 120 of 300 documents" line.
 */
final class ResultStream {
    private final ConcurrentLinkedQueue<ComparisonRunner.Result> pending = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<List<AdaptiveComparison.Row>> rounds = new ConcurrentLinkedQueue<>();
    private final int perDocument;
    private final int[] perDocumentDone;
    private int documentsDone;
    /** An adaptive job's documents are its tasks: counted by its progress, since a round does not say it is the last. */
    private final AtomicInteger adaptiveDocumentsDone = new AtomicInteger();

    /** @param perDocument results that make a plain job's document complete */
    ResultStream(int perDocument, int corpusSize) {
        this.perDocument = perDocument;
        this.perDocumentDone = new int[corpusSize];
    }

    void add(ComparisonRunner.Result r) {
        pending.add(r);
    }

    /** One adaptive round's rows of a (document, method): they replace that pair's earlier rows. */
    void addRound(List<AdaptiveComparison.Row> round) {
        rounds.add(round);
    }

    void adaptiveDocumentsDone(long done) {
        adaptiveDocumentsDone.accumulateAndGet((int) done, Math::max);
    }

    /** Hands everything queued to the views (on the FX thread). */
    void drainInto(Results results) {
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        ComparisonRunner.Result r;
        while ((r = pending.poll()) != null) {
            batch.add(r);
            if (r.documentIndex() < perDocumentDone.length && ++perDocumentDone[r.documentIndex()] == perDocument) {
                documentsDone++;
            }
        }
        if (!batch.isEmpty()) {
            results.addAll(batch);
        }
        List<List<AdaptiveComparison.Row>> batchOfRounds = new ArrayList<>();
        List<AdaptiveComparison.Row> round;
        while ((round = rounds.poll()) != null) {
            batchOfRounds.add(round);
        }
        if (!batchOfRounds.isEmpty()) {
            results.addRounds(batchOfRounds);
        }
    }

    int documentsDone() {
        return Math.max(documentsDone, adaptiveDocumentsDone.get());
    }
}
