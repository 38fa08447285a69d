package tmeval.run.certify;

import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;

import tmeval.estimate.Methods;
import tmeval.estimate.WeightDiagnostics;

import java.util.ArrayList;
import java.util.List;

/**
 * A document's runs by one single-model method, judged once all are in: an estimate more than twice its noise below the
 * document's variational floor is {@code below-floor} (it cannot be right), and the document's verdict
 * ({@link Certification#ofRuns}) follows from the statuses so decided. The one rule for {@code estimate}, {@code select}
 * and the workbench's Which K?.
 *
 * @param statuses each run's status, in the order of the runs given ({@code ok} may have become {@code below-floor})
 */
public record DocumentVerdict(Status[] statuses, Verdict verdict) {
    /** @param runs the document's outcomes, its first run first (the one that carries the floor) */
    public static DocumentVerdict of(String method, List<Outcome> runs) {
        double floor = runs.get(0).floor();
        double noise = noise(runs);
        Status[] statuses = new Status[runs.size()];
        double[] values = new double[runs.size()];
        for (int i = 0; i < statuses.length; i++) {
            Outcome o = runs.get(i);
            Status status = o.status();
            // below the floor says more than heavy-tailed weights (the value cannot be right), so it replaces that status too
            if ((status == Status.OK || status == Status.HEAVY_TAIL || status == Status.CHAINS_APART) && o.result().logValue() < floor - Math.max(2 * noise, 1e-9)) {
                status = Status.BELOW_FLOOR;
            }
            statuses[i] = status;
            values[i] = o.result() == null ? Double.NaN : o.result().logValue();
        }
        Verdict verdict = Certification.ofRuns(Methods.guarantee(method), Methods.scoredTokens(method, runs.get(0).length()), statuses, values);
        return new DocumentVerdict(statuses, verdict);
    }

    /** How many of the runs lie below the floor. */
    public int belowFloor() {
        int n = 0;
        for (Status s : statuses) {
            n += s == Status.BELOW_FLOOR ? 1 : 0;
        }
        return n;
    }

    /**
     * The noise of one estimate of this document: the standard deviation across its runs, or with one run the
     * delta-method standard error of the log of a mean of importance weights; 0 when neither is known.
     */
    public static double noise(List<Outcome> runs) {
        List<Double> values = new ArrayList<>();
        for (Outcome o : runs) {
            if (o.result() != null) {
                values.add(o.result().logValue());
            }
        }
        if (values.size() >= 2) {
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            return Math.sqrt(squares / (values.size() - 1));
        }
        if (values.size() == 1) {
            double[] w = runs.stream().filter(o -> o.result() != null).findFirst().orElseThrow().result().logWeights();
            return WeightDiagnostics.standardErrorOfLogMean(w);
        }
        return 0;
    }
}
