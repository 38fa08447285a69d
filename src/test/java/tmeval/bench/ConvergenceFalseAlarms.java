package tmeval.bench;

import tmeval.curve.ConvergenceRule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How often {@link ConvergenceRule} says "stopped improving" on simulated iteration-AIS curves that go on improving,
 * each run on to 5 times the budget to see. A curve has B = 40 snapshots in its budget; run r's value at snapshot t is
 * mu_t + a_r + (a random walk of steps of standard deviation 1), as iteration-AIS carries its runs (a level per run,
 * measured 100 to 200 nats on KOS, and small steps, 2 to 20 nats: so units of one step's noise). False alarm: the rule
 * says "stopped since I" within the budget, and the true curve at 5B is more than 3 units above mu_I. Families:
 * converged (50 (1 - e^(-t/5))), creeping (the same plus g t, g = 0.2 or 1 a snapshot), late (the same plus a rise of
 * 20 units centred at a snapshot c drawn between B/2 and 4B).
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.ConvergenceFalseAlarms -Dexec.classpathScope=test
 */
public final class ConvergenceFalseAlarms {
    private static final int BUDGET = 40;
    private static final int SERIES = 2000;
    private static final double LEVEL = 30;
    private static final double MEANINGFUL = 3;

    private interface Truth {
        double at(int t, SplittableRandom random, double[] drawn);
    }

    private ConvergenceFalseAlarms() {
    }

    public static void main(String[] args) {
        double[][] km = {{2, 5}, {1, 5}, {1, 10}, {2, 10}};
        System.out.println("family | runs | k | m | declared within the budget | false alarms (of all series) | of them, with the rise under way"
                + " when declared | median snapshot declared");
        for (int runs : new int[] {2, 5}) {
            for (double[] p : km) {
                ConvergenceRule rule = new ConvergenceRule(p[0], (int) p[1]);
                report("converged", rule, runs, (t, r, d) -> saturating(t));
                report("creeping g=0.2", rule, runs, (t, r, d) -> saturating(t) + 0.2 * t);
                report("creeping g=1", rule, runs, (t, r, d) -> saturating(t) + t);
                report("late rise", rule, runs, (t, r, d) -> saturating(t) + 20 / (1 + Math.exp(-(t - d[0]) / 3)));
            }
        }
    }

    private static double saturating(int t) {
        return 50 * (1 - Math.exp(-t / 5.0));
    }

    private static void report(String family, ConvergenceRule rule, int runs, Truth truth) {
        SplittableRandom random = new SplittableRandom(1);
        int declared = 0;
        int falseAlarms = 0;
        int underWay = 0;
        List<Integer> when = new ArrayList<>();
        for (int s = 0; s < SERIES; s++) {
            double[] drawn = {BUDGET / 2.0 + random.nextDouble() * (4 * BUDGET - BUDGET / 2.0)};
            double[] level = new double[runs];
            double[] walk = new double[runs];
            for (int r = 0; r < runs; r++) {
                level[r] = LEVEL * random.nextGaussian();
            }
            List<ConvergenceRule.Point> points = new ArrayList<>();
            for (int t = 1; t <= BUDGET; t++) {
                double mu = truth.at(t, random, drawn);
                double[] values = new double[runs];
                for (int r = 0; r < runs; r++) {
                    walk[r] += random.nextGaussian();
                    values[r] = mu + level[r] + walk[r];
                }
                points.add(new ConvergenceRule.Point(t, values));
                ConvergenceRule.Verdict v = rule.judge(points);
                if (v.converged()) {
                    declared++;
                    when.add(t);
                    if (truth.at(5 * BUDGET, random, drawn) - truth.at(v.since(), random, drawn) > MEANINGFUL) {
                        falseAlarms++;
                        // a rise of scale 3 has reached 5% of its height 9 snapshots before its centre
                        if (drawn[0] - 9 < t) {
                            underWay++;
                        }
                    }
                    break;
                }
            }
        }
        when.sort(null);
        System.out.printf(Locale.ROOT, "%s | %d | %s | %d | %.1f%% | %.1f%% | %s | %s%n", family, runs, rule.k(), rule.m(), 100.0 * declared / SERIES,
                100.0 * falseAlarms / SERIES, family.startsWith("late") ? String.format(Locale.ROOT, "%.1f%%", 100.0 * underWay / SERIES) : "",
                when.isEmpty() ? "-" : Integer.toString(when.get(when.size() / 2)));
    }
}
