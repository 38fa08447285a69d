package tmeval.run.exec;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.estimate.Methods;

import java.util.Map;

/**
 * The key of each method's random streams ({@link tmeval.sampling.RandomStreams}): a constant per method, never computed
 * from the method's name, so that renaming a method changes no number in any output. The constants are the values the
 * streams were keyed by before this table (the names' {@link String#hashCode()}), so every output stayed as it was;
 * a key with a suffix (a direction, a snapshot, an adaptive round's budget) continues that hash over the suffix, as the
 * old key of the concatenated text did. {@code run.exec.MethodStreamsTest} pins the table.
 */
public final class MethodStreams {
    private static final Map<String, Integer> KEYS = Map.ofEntries(
            Map.entry(Methods.EXACT, 96946943), Map.entry(Methods.VB, 3756), Map.entry(Methods.IS_PRIOR, -1309553561),
            Map.entry(Methods.IS_PZW, -1181249398), Map.entry(Methods.IS_IP, 100442282), Map.entry(Methods.HM, 3333),
            Map.entry(Methods.AIS, 96587), Map.entry(Methods.CHIB, 3052606), Map.entry(Methods.LR, 3462),
            Map.entry(Methods.LEE_IS, -1106687861), Map.entry(Methods.IS_VB, 100442671), Map.entry(Methods.IS_GIBBS, 2079131977), Map.entry(Methods.IS_ETA, -1181260177), Map.entry(Methods.AIS_ETA, -992749040), Map.entry(Methods.COMPLETION_THETA, 1304435053),
            Map.entry(Methods.COMPLETION_AIS, 1145471962), Map.entry(Methods.COMPLETION_LR, 314045719),
            Map.entry(Methods.ITERATION_AIS, -1927403941),
            Map.entry(ComparisonMethods.RATIO_CONVEX, 1601619689), Map.entry(ComparisonMethods.RATIO_GEOMETRIC, -1492785921),
            Map.entry(ComparisonMethods.AIS_DIFF, -710489273), Map.entry(ComparisonMethods.LR_DIFF, 374514668),
            Map.entry(ComparisonMethods.CHIB_DIFF, -431779788), Map.entry(ComparisonMethods.IS_VB_DIFF, 460689635),
            Map.entry(ComparisonMethods.LEE_IS_DIFF, 1818133511), Map.entry(ComparisonMethods.IS_GIBBS_DIFF, 1429713061),
            Map.entry(ComparisonMethods.IS_ETA_DIFF, 2066445475), Map.entry(ComparisonMethods.RATIO_ETA, 343757008), Map.entry(ComparisonMethods.COMPLETION_RATIO_CONVEX, 1816341818),
            Map.entry(ComparisonMethods.COMPLETION_RATIO_GEOMETRIC, 87855374), Map.entry(ComparisonMethods.COMPLETION_AIS_DIFF, 2029847064),
            Map.entry(ComparisonMethods.COMPLETION_EXACT, 1291054542), Map.entry(ComparisonMethods.LR_REFERENCE, 1183678404));

    private MethodStreams() {
    }

    /** @throws IllegalArgumentException for a method without a key (a new method gets its own constant here) */
    public static long key(String method) {
        return methodKey(method);
    }

    /** The key of a method's streams with a suffix (a snapshot's {@code @iteration}, a round's budget). */
    public static long key(String method, String suffix) {
        return extend(methodKey(method), suffix);
    }

    /** The key of a method annealing in a direction, with a suffix (empty, or an adaptive round's). */
    public static long key(String method, Direction direction, String suffix) {
        return extend(extend(methodKey(method), directionText(direction)), suffix);
    }

    private static int methodKey(String method) {
        Integer k = KEYS.get(method);
        if (k == null) {
            throw new IllegalArgumentException("no random-stream key for method '" + method + "'");
        }
        return k;
    }

    /** Fixed texts, not {@link Direction#label()}: a renamed label must not move a stream. */
    private static String directionText(Direction direction) {
        return switch (direction) {
            case FORWARD -> "/forward";
            case REVERSE -> "/reverse";
            case NONE -> "/-";
        };
    }

    /** {@link String#hashCode()}'s recurrence continued from {@code h} over {@code suffix}: the key of the concatenation. */
    private static int extend(int h, String suffix) {
        for (int i = 0; i < suffix.length(); i++) {
            h = 31 * h + suffix.charAt(i);
        }
        return h;
    }
}
