package tmeval.app.teaching;

import tmeval.anneal.Schedule;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.estimate.BidirectionalCheck;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.Locale;

/**
 * The two-sided check of the teaching screen's experiment, with no JavaFX: documents simulated from the model at the
 * teaching document's length, where the true topics are known, each bounded from below by forward AIS and from above by
 * reverse AIS started at its true topics ({@link BidirectionalCheck}, as {@code tmeval calibrate} does); the mean bounds
 * per token at each budget close in on each other as the temperatures grow, and their gap bounds the error of AIS on
 * documents like these.
 */
@UsesNoJavaFx
public final class TwoSidedCheck {
    /** Simulated documents per budget: few, so that it runs in seconds beside the experiment. */
    static final int DOCUMENTS = 8;

    private TwoSidedCheck() {
    }

    /** Per budget, the mean lower and upper bound of log P(w) per token over the simulated documents. */
    public record Result(int[] temperatures, double[] lowerPerToken, double[] upperPerToken, int documents, int length) {
        public double gap(int i) {
            return upperPerToken[i] - lowerPerToken[i];
        }
    }

    static Result run(TopicModel m, int length, int[] temperatures, long seed, CancelToken cancel) {
        BidirectionalCheck check = new BidirectionalCheck(m);
        BidirectionalCheck.Simulated[] docs = new BidirectionalCheck.Simulated[DOCUMENTS];
        for (int d = 0; d < DOCUMENTS; d++) {
            docs[d] = check.simulate("simulated " + (d + 1), length, RandomStreams.stream(seed, 11, d));
        }
        double[] lower = new double[temperatures.length];
        double[] upper = new double[temperatures.length];
        for (int i = 0; i < temperatures.length; i++) {
            for (int d = 0; d < DOCUMENTS; d++) {
                cancel.check();
                BidirectionalCheck.Sandwich s = check.sandwich(docs[d], temperatures[i], Schedule.UNIFORM,
                        RandomStreams.stream(seed, 12, i, d), cancel);
                lower[i] += s.lower() / (DOCUMENTS * (double) length);
                upper[i] += s.upper() / (DOCUMENTS * (double) length);
            }
        }
        return new Result(temperatures.clone(), lower, upper, DOCUMENTS, length);
    }

    static String describe(Result r) {
        if (r == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "Two-sided check on %d documents of %d tokens drawn from the model"
                + " (their true topics known): forward AIS below, reverse AIS from the true topics above, mean per token:", r.documents(),
                r.length()));
        for (int i = 0; i < r.temperatures().length; i++) {
            b.append(String.format(Locale.ROOT, " %d temperatures %.4f to %.4f (gap %.4f);", r.temperatures()[i], r.lowerPerToken()[i],
                    r.upperPerToken()[i], r.gap(i)));
        }
        return b.append(" the gap closes as the temperatures grow, and bounds how far AIS can be from the truth here.").toString();
    }
}
