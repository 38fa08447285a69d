package tmeval.app.common;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import java.util.ArrayList;
import java.util.List;

/**
 * Two runs of results on {@link AppFixtures#corpus()} (12 documents of 8 tokens: a target of 0.1 nats) whose verdicts are
 * known by hand: ratio-convex both ways, its directions 0.02 nats apart on documents 0 to 8 (certified) and 0.4 apart on
 * 9 to 11 (not: the directions disagree); lr-diff, its runs 0.02 apart on documents 0 to 3 (standard error 0.01:
 * certified) and 1.0 apart on 4 to 11 (standard error 0.5: not). Every estimate is above 0: each bracket decides for A.
 */
public final class KnownVerdicts {
    public static final int CONVEX_CERTIFIED = 9;
    public static final int LR_CERTIFIED = 4;

    private KnownVerdicts() {
    }

    public static List<ComparisonRunner.Result> results(Corpus corpus) {
        List<ComparisonRunner.Result> all = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            for (int run = 1; run <= 2; run++) {
                all.add(result(corpus, d, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, run, 0.5));
                all.add(result(corpus, d, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, run, d < CONVEX_CERTIFIED ? 0.52 : 0.9));
                all.add(result(corpus, d, ComparisonMethods.LR_DIFF, Direction.NONE, run, d < LR_CERTIFIED ? (run == 1 ? 0.3 : 0.32)
                        : (run == 1 ? 0.0 : 1.0)));
            }
        }
        return all;
    }

    public static ComparisonRunner.Result result(Corpus corpus, int d, String method, Direction direction, int run, double logRatio) {
        return new ComparisonRunner.Result(d, corpus.document(d).id(), corpus.document(d).length(), method, direction, run, false,
                new RatioResult(logRatio, new double[0], 1, 1), null);
    }
}
