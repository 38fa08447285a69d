package tmeval.run.exec;

import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.estimate.Methods;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Random streams are keyed by a constant per method, so that a renamed method changes no output (issue 25, item 7). */
class MethodStreamsTest {
    /** The keys every output was made with, written out: a change here changes every number of that method. */
    private static final Map<String, Long> PINNED = Map.ofEntries(
            Map.entry("exact", 96946943L), Map.entry("vb", 3756L), Map.entry("is-prior", -1309553561L), Map.entry("is-pzw", -1181249398L),
            Map.entry("is-ip", 100442282L), Map.entry("hm", 3333L), Map.entry("ais", 96587L), Map.entry("chib", 3052606L),
            Map.entry("lr", 3462L), Map.entry("lee-is", -1106687861L), Map.entry("is-vb", 100442671L),
            Map.entry("completion-theta", 1304435053L), Map.entry("completion-ais", 1145471962L), Map.entry("completion-lr", 314045719L),
            Map.entry("iteration-ais", -1927403941L), Map.entry("ratio-convex", 1601619689L), Map.entry("ratio-geometric", -1492785921L),
            Map.entry("ais-diff", -710489273L), Map.entry("lr-diff", 374514668L), Map.entry("chib-diff", -431779788L),
            Map.entry("is-vb-diff", 460689635L), Map.entry("lee-is-diff", 1818133511L), Map.entry("completion-ratio-convex", 1816341818L),
            Map.entry("completion-ratio-geometric", 87855374L), Map.entry("completion-ais-diff", 2029847064L),
            Map.entry("completion-exact", 1291054542L), Map.entry("lr-reference", 1183678404L), Map.entry("is-gibbs", 2079131977L), Map.entry("is-gibbs-diff", 1429713061L),
            Map.entry("is-eta", -1181260177L), Map.entry("ais-eta", -992749040L), Map.entry("is-eta-diff", 2066445475L), Map.entry("ratio-eta", 343757008L));

    private static List<String> everyMethod() {
        List<String> all = new ArrayList<>(Methods.names());
        all.add(Methods.ITERATION_AIS);
        ComparisonMethods.names().stream().filter(n -> !all.contains(n)).forEach(all::add);
        all.add(ComparisonMethods.LR_REFERENCE);
        return all;
    }

    @Test
    void everyMethodHasItsPinnedKeyAndNoTwoShareOne() {
        Set<Long> seen = new HashSet<>();
        for (String m : everyMethod()) {
            assertTrue(PINNED.containsKey(m), m + " has no pinned key in this test");
            assertEquals(PINNED.get(m), MethodStreams.key(m), m);
            assertTrue(seen.add(MethodStreams.key(m)), m + " shares its key");
        }
        assertEquals(PINNED.size(), everyMethod().size());
    }

    @Test
    void keysWithASuffixAreTheKeysOfTheTextsTheStreamsWereFirstKeyedBy() {
        // the suffixes of a direction, a snapshot and an adaptive round, as the runners add them
        assertEquals("ais@40".hashCode(), MethodStreams.key(Methods.AIS, "@40"));
        assertEquals("ratio-convex/forward".hashCode(), MethodStreams.key(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, ""));
        assertEquals("ratio-geometric/reverse@2000".hashCode(), MethodStreams.key(ComparisonMethods.RATIO_GEOMETRIC, Direction.REVERSE, "@2000"));
        assertEquals("lr-diff/-".hashCode(), MethodStreams.key(ComparisonMethods.LR_DIFF, Direction.NONE, ""));
    }

    @Test
    void aMethodWithoutAKeyIsRefusedRatherThanKeyedByItsName() {
        assertThrows(IllegalArgumentException.class, () -> MethodStreams.key("renamed-ais"));
    }
}
