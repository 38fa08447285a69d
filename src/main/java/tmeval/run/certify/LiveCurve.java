package tmeval.run.certify;

import tmeval.curve.ConvergenceRule;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.run.exec.CurveRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A curve judged as it grows (a training run watched live): after each snapshot, the iteration-AIS step from the
 * snapshot before (the ratio-AIS estimate of log P(w | Phi_t) - log P(w | Phi_t-1) along the convex path, run by run)
 * with its certificate, and the {@link ConvergenceRule}'s verdict on the iteration-AIS points so far. A step is
 * certified as a one-model value is (estimators.md, "Certified answers"): two runs or more, none refused, and the
 * standard error of the runs' mean step within the corpus target, the sum of the documents' targets. It has one
 * direction only (no reverse run brackets it), so its certificate rests on the runs' agreement.
 */
public final class LiveCurve {
    /** The method judged: the one whose runs are carried from snapshot to snapshot. */
    public static final String JUDGED = Methods.ITERATION_AIS;

    /** The step into a snapshot from the one before. */
    public record Step(int from, int to, double mean, double standardError, int runs, boolean certified) {
        public String text(double target) {
            return String.format(Locale.ROOT, "step %d -> %d: %+.3f nats%s: %s", from, to, mean,
                    runs >= 2 ? String.format(Locale.ROOT, " (standard error %.3f over %d runs)", standardError, runs) : " (one run)",
                    certified ? String.format(Locale.ROOT, "certified (standard error within the corpus target %.2f)", target)
                            : String.format(Locale.ROOT, "not certified (%s)", runs < 2 ? "needs two runs or more"
                            : Double.isNaN(standardError) ? "a run was refused" : String.format(Locale.ROOT, "standard error above the corpus target %.2f", target)));
        }
    }

    private final ConvergenceRule rule;
    private final double target;
    private final List<ConvergenceRule.Point> points = new ArrayList<>();
    private final List<Step> steps = new ArrayList<>();
    private ConvergenceRule.Verdict verdict = new ConvergenceRule.Verdict(null, "not judged yet: no snapshot");

    public LiveCurve(Corpus corpus, ConvergenceRule rule) {
        this.rule = rule;
        double t = 0;
        for (int d = 0; d < corpus.size(); d++) {
            t += Target.nats(corpus.document(d).length());
        }
        this.target = t;
    }

    /** Takes a snapshot's corpus points ({@link CurveRunner.Listener#snapshotDone}); the step into it, or null for the first snapshot or none judged. */
    public Step add(int iteration, List<CurveRunner.Point> snapshot) {
        List<CurveRunner.Point> judged = snapshot.stream().filter(p -> p.method().equals(JUDGED)).toList();
        if (judged.isEmpty()) {
            return null;
        }
        double[] runs = new double[judged.size()];
        for (int r = 0; r < runs.length; r++) {
            // a run with a refused document sums over fewer documents: not comparable, so missing
            runs[r] = judged.get(r).refused() > 0 ? Double.NaN : judged.get(r).logLikelihood();
        }
        ConvergenceRule.Point point = new ConvergenceRule.Point(iteration, runs);
        Step step = null;
        if (!points.isEmpty()) {
            ConvergenceRule.Point before = points.get(points.size() - 1);
            double se = ConvergenceRule.differenceError(before, point);
            step = new Step(before.iteration(), iteration, point.mean() - before.mean(), se, runs.length, se <= target);
            steps.add(step);
        }
        points.add(point);
        verdict = rule.judge(points);
        return step;
    }

    public ConvergenceRule.Verdict verdict() {
        return verdict;
    }

    /** The corpus target in nats: the sum of the documents' targets. */
    public double target() {
        return target;
    }

    public List<Step> steps() {
        return List.copyOf(steps);
    }

    /** The judged method's points so far, one per snapshot. */
    public List<ConvergenceRule.Point> points() {
        return List.copyOf(points);
    }
}
