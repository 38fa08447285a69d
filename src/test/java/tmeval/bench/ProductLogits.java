package tmeval.bench;

import tmeval.model.ProductDecoder;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What one evaluation of ProdLDA's logits a = B theta + c costs on this machine (V = 6,906, KOS's vocabulary; K = 20
 * and 50), CPU microseconds per theta, the median of several repetitions after a warm-up, by thread CPU time (wall time
 * means little on a shared machine): the plain loop (a word's sum over K innermost, as {@code DecoderLikelihood} had it)
 * against {@link ProductDecoder#logits} for a lone theta ({@code ais-eta}'s Metropolis steps) and a block of 16
 * ({@code is-eta}'s draws). Every run checks that the logits are the plain loop's bit for bit.
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.ProductLogits -Dexec.classpathScope=test
 */
public final class ProductLogits {
    private static final int V = 6906;
    private static final int BLOCK = 16;
    private static final int REPETITIONS = 7;

    private ProductLogits() {
    }

    public static void main(String[] args) {
        for (int k : new int[] {20, 50}) {
            SplittableRandom random = new SplittableRandom(k);
            double[] b = new double[V * k];
            double[] c = new double[V];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextGaussian();
            }
            for (int w = 0; w < V; w++) {
                c[w] = random.nextGaussian();
            }
            ProductDecoder decoder = new ProductDecoder(b, c, k);
            double[] thetas = new double[BLOCK * k];
            for (int i = 0; i < thetas.length; i++) {
                thetas[i] = random.nextDouble() / k;
            }
            double[][] plain = new double[BLOCK][V];
            double[][] fast = new double[BLOCK][V];
            int evaluations = 4_000 / k;
            double[] plainTimes = new double[REPETITIONS];
            double[] loneTimes = new double[REPETITIONS];
            double[] blockTimes = new double[REPETITIONS];
            for (int r = 0; r < REPETITIONS; r++) {
                plainTimes[r] = perTheta(() -> {
                    for (int j = 0; j < BLOCK; j++) {
                        plainLoop(b, c, k, thetas, j, plain[j]);
                    }
                }, evaluations);
                loneTimes[r] = perTheta(() -> {
                    for (int j = 0; j < BLOCK; j++) {
                        decoder.logits(Arrays.copyOfRange(thetas, j * k, (j + 1) * k), 1, new double[][] {fast[j]});
                    }
                }, evaluations);
                for (int j = 0; j < BLOCK; j++) {
                    check(plain[j], fast[j]);
                }
                blockTimes[r] = perTheta(() -> decoder.logits(thetas, BLOCK, fast), evaluations);
                for (int j = 0; j < BLOCK; j++) {
                    check(plain[j], fast[j]);
                }
            }
            System.out.printf(Locale.ROOT, "K = %d, V = %d: plain loop %.1f us per theta, logits of a lone theta %.1f, of a block of %d %.1f%n",
                    k, V, median(plainTimes), median(loneTimes), BLOCK, median(blockTimes));
        }
    }

    /** a = c + sum_k theta_k B(., k), a word's sum over K innermost. */
    private static void plainLoop(double[] b, double[] c, int k, double[] thetas, int j, double[] out) {
        for (int w = 0; w < c.length; w++) {
            double a = c[w];
            for (int t = 0; t < k; t++) {
                a += thetas[j * k + t] * b[w * k + t];
            }
            out[w] = a;
        }
    }

    private static void check(double[] expected, double[] actual) {
        if (!Arrays.equals(expected, actual)) {
            throw new AssertionError("the logits differ from the plain loop's");
        }
    }

    /** CPU microseconds per theta of {@code times} runs of a block of {@link #BLOCK} thetas. */
    private static double perTheta(Runnable block, int times) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long start = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < times; i++) {
            block.run();
        }
        return (mx.getCurrentThreadCpuTime() - start) / 1e3 / times / BLOCK;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
