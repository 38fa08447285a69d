package tmeval.bench;

import tmeval.sampling.SparseBuckets;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The floor under any exact Gibbs draw on this machine: the cost of the smallest draw a sparse sampler could make,
 * P weights n_k r_k over a fixed list of P topics, summed into running totals and picked by counting (no branch on
 * the data, no bucket, no bookkeeping), in three settings:
 * <ul>
 *   <li>chain: each draw reads the counts the previous draw just wrote, as in a Gibbs sweep;</li>
 *   <li>frozen: the same arithmetic on counts that never change, so no draw waits for another;</li>
 *   <li>moves only: the token's count taken out and put back, with one random number and no draw.</li>
 * </ul>
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.DrawFloor
 * If the chain row for P = 4 already costs about as much as a target per site update, no rearrangement of the real
 * draw (which also keeps bucket totals, a present-topic list and a running floor mass) can reach that target. P = 12
 * is about the number of topics the convex path's draw visits (10.9 on average on the KOS setting of issue 6).
 */
public final class DrawFloor {
    private static final int K = 50;
    private static final int WORDS = 100;
    private static final int LENGTH = 128;
    private static final int DRAWS_PER_REPETITION = 1 << 22;

    private final int listLength;
    private final int[] topic;
    private final double[] residual;
    private final int[] document = new int[LENGTH];
    private final int[] assignment = new int[LENGTH];
    private final int[] counts = new int[K];
    private final int[] frozen = new int[K];
    private final double[] running;

    private DrawFloor(int listLength, long seed) {
        this.listLength = listLength;
        SplittableRandom random = new SplittableRandom(seed);
        topic = new int[WORDS * listLength];
        residual = new double[WORDS * listLength];
        running = new double[listLength];
        for (int i = 0; i < topic.length; i++) {
            topic[i] = random.nextInt(K);
            residual[i] = random.nextDouble();
        }
        for (int i = 0; i < LENGTH; i++) {
            document[i] = random.nextInt(WORDS);
            assignment[i] = topic[document[i] * listLength + random.nextInt(listLength)];
            counts[assignment[i]]++;
        }
        for (int k = 0; k < K; k++) {
            frozen[k] = 1 + random.nextInt(5);
        }
    }

    private int draw(int[] n, int word, SplittableRandom random) {
        int from = word * listLength;
        double total = 0;
        for (int j = 0; j < listLength; j++) {
            total += n[topic[from + j]] * residual[from + j] + 1e-3;
            running[j] = total;
        }
        return SparseBuckets.pickPresent(topic, from, listLength, running, random.nextDouble() * total);
    }

    /** Nanoseconds per site update over full sweeps of the document; the checksum keeps the work alive. */
    private enum Mode { CHAIN, FROZEN, MOVES_ONLY }

    private double time(Mode mode, SplittableRandom random, long[] checksum) {
        int sweeps = DRAWS_PER_REPETITION / LENGTH;
        long start = System.nanoTime();
        long sum = 0;
        for (int s = 0; s < sweeps; s++) {
            for (int i = 0; i < LENGTH; i++) {
                int old = assignment[i];
                counts[old]--;
                int k = switch (mode) {
                    case CHAIN -> draw(counts, document[i], random);
                    case FROZEN -> draw(frozen, document[i], random);
                    case MOVES_ONLY -> random.nextDouble() < 2 ? old : -1; // always old, after the draw's one random number
                };
                assignment[i] = k;
                counts[k]++;
                sum += k;
            }
        }
        checksum[0] += sum;
        return (System.nanoTime() - start) / (double) (sweeps * LENGTH);
    }

    public static void main(String[] args) {
        int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long[] checksum = new long[1];
        System.out.printf(Locale.ROOT, "%-12s %4s %12s%n", "setting", "P", "ns/draw");
        for (Mode mode : Mode.values()) {
            for (int listLength : mode == Mode.MOVES_ONLY ? new int[] {0} : new int[] {4, 8, 12}) {
                DrawFloor floor = new DrawFloor(Math.max(1, listLength), 1);
                SplittableRandom random = new SplittableRandom(2);
                for (int w = 0; w < 3; w++) {
                    floor.time(mode, random, checksum); // warm-up: compiled before timing
                }
                double[] ns = new double[repetitions];
                for (int r = 0; r < repetitions; r++) {
                    ns[r] = floor.time(mode, random, checksum);
                }
                Arrays.sort(ns);
                System.out.printf(Locale.ROOT, "%-12s %4s %12.1f%n", mode.name().toLowerCase(Locale.ROOT).replace('_', ' '), listLength == 0 ? "-" : listLength, ns[repetitions / 2]);
            }
        }
        System.out.println("(checksum " + checksum[0] + ")");
    }
}
