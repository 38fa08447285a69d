package tmeval.app.whichk;

import tmeval.app.common.BackgroundJob;
import tmeval.coherence.CoherenceMeasure;
import tmeval.coherence.CoherenceStudy;
import tmeval.estimate.Methods;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.run.select.ModelSelection;
import tmeval.run.select.SeedsPerK;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Which K? screen's job, off the screen's state: each model's corpus mapped onto its vocabulary, then
 * {@link ModelSelection}, the engine of {@code tmeval select}, each score handed on as it comes; then, for models of one
 * vocabulary, coherence and diversity from their top words and the per-K table.
 */
final class WhichKScoring {
    private WhichKScoring() {
    }

    /** What a scoring job gives: the selection, and its per-K table with the coherence's settings (null across vocabularies). */
    record Scored(ModelSelection.Result selection, SeedsPerK.Result perK, CoherenceStudy.Settings coherence) {
    }

    /** Told of each model's score as it finishes, on the job's thread: its label, what scored it, the score, the library's gap. */
    @FunctionalInterface
    interface Scores {
        void scored(String label, String by, ModelSelection.Score score, String library);
    }

    /** The job: each model's corpus mapped onto its vocabulary, then {@code select}'s engine; each score published as it comes. */
    static Scored run(List<WhichKViewModel.Entry> entries, WhichKPlan plan, Corpus raw, Path corpusPath, int minTokens, Path referencePath,
                      BackgroundJob.Sink sink, CancelToken token, Scores scores) throws InputException {
        List<ModelSelection.Candidate> candidates = new ArrayList<>();
        for (WhichKViewModel.Entry e : entries) {
            Corpus mapped = CorpusLoader.mapOnto(raw, e.model().vocabulary(), corpusPath).withMinimumLength(minTokens);
            if (mapped.size() == 0) {
                throw new InputException(String.valueOf(corpusPath), 0, "no document has at least " + minTokens
                        + " tokens in the vocabulary of " + e.label(), null);
            }
            candidates.add(new ModelSelection.Candidate(e.model(), mapped));
        }
        List<ModelSelection.Estimation> estimations = new ArrayList<>();
        for (ModelSelection.Candidate c : candidates) {
            sink.message("auto: the pilot of model " + (estimations.size() + 1) + " of " + entries.size());
            estimations.add(plan.auto() ? ModelSelection.Estimation.auto(c, plan.seed(), plan.threads(), token)
                    : ModelSelection.Estimation.of(plan.estimatePlan()));
        }
        long total = candidates.stream().mapToLong(c -> (long) c.corpus().size() * plan.effectiveRuns()).sum();
        // written by the job's thread, read by the workers' progress calls
        AtomicLong before = new AtomicLong();
        ModelSelection.Result selection = ModelSelection.run(estimations, candidates, new ModelSelection.Listener() {
            @Override
            public void modelStarted(int index, ModelSelection.Candidate candidate, String method) {
                sink.message("model " + (index + 1) + " of " + entries.size() + ": " + entries.get(index).label() + " by " + method);
            }

            @Override
            public void modelDone(int index, ModelSelection.Score score) {
                before.addAndGet((long) score.corpus().size() * plan.effectiveRuns());
                String by = scoredBy(estimations.get(index), plan.auto());
                tmeval.run.output.LibraryGap gap = tmeval.run.output.LibraryGap.of(entries.get(index).library(), score.corpus(), score.model(),
                        score.totals(), token);
                String library = gap == null ? "-" : gap.cell();
                scores.scored(entries.get(index).label(), by, score, library);
            }
        }, index -> (done, all, what) -> sink.progress(before.get() + done, total), token);
        if (!SeedsPerK.oneVocabulary(selection)) {
            return new Scored(selection, null, null);
        }
        // coherence and diversity from each model's top words: cheap beside the estimates
        sink.message("coherence and diversity of each model");
        Corpus reference = referencePath == null ? raw : CorpusLoader.read(CorpusLoader.Spec.of(referencePath));
        Path ordered = referencePath == null ? corpusPath : referencePath;
        CoherenceStudy.Settings coherence = SeedsPerK.coherenceSettings(CoherenceMeasure.DEFAULT,
                ordered == null || CorpusLoader.keepsWordOrder(CorpusLoader.Spec.of(ordered)));
        List<double[]> values = SeedsPerK.topicCoherence(entries.stream().map(WhichKViewModel.Entry::model).toList(), reference, coherence, token);
        return new Scored(selection, SeedsPerK.of(SeedsPerK.models(selection, values), coherence.seed()), coherence);
    }

    /**
     * What a model was scored by, short enough for its column: "ais, temperatures 50"; auto's choice with the budget it
     * started from, which a document not yet certified doubled (the method, its budget option and value, and "+").
     */
    static String scoredBy(ModelSelection.Estimation e, boolean auto) {
        String method = e.plan().method();
        tmeval.estimate.MethodOption option = Methods.budgetOption(method);
        return option == null ? method : method + ", " + option.setting() + " " + Methods.budget(method, e.plan().settings()) + (auto ? "+" : "");
    }
}
