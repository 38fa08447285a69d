package tmeval.run.auto;

import org.junit.jupiter.api.Test;
import tmeval.MultiModalCases;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.certify.Target;
import tmeval.run.exec.Outcome;
import tmeval.run.plan.Shard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34's promise on exact cases with several posterior modes: {@code estimate}'s default, {@code auto}, over several
 * seeds, certifies no document beyond three targets of the exact value and at most 1% beyond one target; and certifies
 * most of them (a certificate that says no to everything would pass the first test vacuously).
 */
class AutoCertificateAgainstExactTest {
    private static final long[] SEEDS = {1, 2, 3};

    @Test
    void certifiedDocumentsLieWithinTheirTargetOfTheExactValue() {
        int certified = 0;
        int documents = 0;
        int beyondOne = 0;
        int beyondThree = 0;
        StringBuilder report = new StringBuilder();
        for (MultiModalCases.Case c : MultiModalCases.all()) {
            for (long seed : SEEDS) {
                AutoEstimation.Choice choice = AutoEstimation.choose(c.corpus(), c.model(), seed, 2, new CancelToken());
                Map<Integer, List<Outcome>> runs = new TreeMap<>();
                AutoEstimation.run(choice, c.corpus(), c.model(), seed, 2, Shard.ALL,
                        o -> runs.computeIfAbsent(o.documentIndex(), k -> new ArrayList<>()).add(o), Progress.NONE, new CancelToken());
                for (var e : runs.entrySet()) {
                    documents++;
                    List<Outcome> rows = e.getValue();
                    var verdict = DocumentVerdict.of(rows.get(0).method(), rows).verdict();
                    double exact = c.exact()[e.getKey()];
                    double off = Math.abs(verdict.value() - exact) / Target.nats(rows.get(0).length());
                    report.append(String.format("%s seed %d %s %s: %s %s, %.2f targets off%n", c.name(), seed, rows.get(0).documentId(),
                            rows.get(0).method(), verdict.certified() ? "certified" : "not certified", verdict.reason(), off));
                    if (verdict.certified()) {
                        certified++;
                        beyondOne += off > 1 ? 1 : 0;
                        beyondThree += off > 3 ? 1 : 0;
                    }
                }
            }
        }
        System.out.print(report);
        assertTrue(beyondThree == 0, beyondThree + " certified documents beyond 3 targets\n" + report);
        assertTrue(beyondOne <= certified / 100, beyondOne + " of " + certified + " certified documents beyond 1 target\n" + report);
        assertTrue(certified >= documents * 3 / 4, "certified " + certified + " of " + documents + "\n" + report);
    }
}
