package tmeval.app.teaching;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.app.common.AppFixtures;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.LogMath;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The teaching screen's computation, driven with no JavaFX toolkit started. */
class AisWalkthroughTest {
    @Test
    void aRunKeepsEverySamplesLineFromThePriorAndItsEstimateIsTheLogOfTheMeanFinalWeight() {
        TopicModel a = AppFixtures.modelA();
        Document doc = AisWalkthrough.shortDocuments(AppFixtures.corpus()).get(0);
        AisWalkthrough.Run r = AisWalkthrough.ais(doc, a, 20, 4, 7, new CancelToken());
        assertEquals(4, r.traces().size());
        for (List<double[]> line : r.traces()) {
            assertEquals(21, line.size(), "temperatures 0 to 20");
            assertArrayEquals(new double[] {0, 0}, line.get(0), "every line starts at the prior with weight 1");
            assertEquals(1.0, line.get(20)[0], 1e-12, "and ends at the posterior");
        }
        assertEquals(LogMath.logSumExp(r.finalLogWeights()) - Math.log(4), r.estimate(), 1e-9);
        for (double ess : r.effectiveSampleSizes()) {
            assertTrue(ess >= 1 - 1e-9 && ess <= 4 + 1e-9, "the effective sample size lies between 1 and the samples: " + ess);
        }
        assertEquals(21, r.topics().size(), "the first sample's topics at every temperature");
        assertNotNull(r.exact(), "a short document has its exact value");
        AisWalkthrough.Run again = AisWalkthrough.ais(doc, a, 20, 4, 7, new CancelToken());
        assertArrayEquals(r.finalLogWeights(), again.finalLogWeights(), "the same seed, the same run");
        assertTrue(AisWalkthrough.describeStep(r, 20).startsWith("step 20 of 20, beta = 1.000"), AisWalkthrough.describeStep(r, 20));
        assertEquals(4, AisWalkthrough.histogram(r.logWeightsAt(10), 3).stream().mapToInt(AisWalkthrough.Bin::count).sum());
    }

    @Test
    void onlyShortDocumentsAreOfferedShortestFirstOrAllWhenNoneIsShort() {
        Corpus mixed = new Corpus("mixed", AppFixtures.modelA().vocabulary(), List.of(new Document("long", new int[60]),
                new Document("five", new int[5]), new Document("two", new int[2])), 0, 0);
        assertEquals(List.of("two", "five"), AisWalkthrough.shortDocuments(mixed).stream().map(Document::id).toList());
        Corpus longOnly = Fixtures.generate(AppFixtures.modelA(), 3, 100, 1);
        assertEquals(3, AisWalkthrough.shortDocuments(longOnly).size());
        assertTrue(AisWalkthrough.exactPrefix(100, 20) < 100, "20 topics: only a prefix has an exact answer");
        assertEquals(1, AisWalkthrough.exactPrefix(1, 20));
    }

    private static AisWalkthrough.Run runWith(double estimate, Double exact) {
        Document d = new Document("d", new int[8]);
        return new AisWalkthrough.Run(d, "A", 10, 4, List.of(List.of(new double[] {0, 0})), new double[4], estimate, 2.5, exact, 1,
                List.of(), new double[] {4});
    }

    @Test
    void theTextFollowsTheNumbersForALowAHighAndAnOnTargetEstimate() {
        String low = AisWalkthrough.describe(runWith(-20.5, -20.0));
        assertTrue(low.contains("estimate is low") && low.contains("0.5000 nats below"), low);
        assertFalse(low.contains("estimate is high"), low);
        String high = AisWalkthrough.describe(runWith(-19.7, -20.0));
        assertTrue(high.contains("estimate is high") && high.contains("0.3000 nats above"), high);
        assertFalse(high.contains("estimate is low"), high);
        String close = AisWalkthrough.describe(runWith(-20.001, -20.0));
        assertTrue(close.contains("within"), close);
        assertFalse(close.contains("estimate is low") || close.contains("estimate is high"), close);
        String unknown = AisWalkthrough.describe(runWith(-19.7, null));
        assertTrue(unknown.contains("out of reach"), unknown);
    }

    @Test
    void theFirstDocumentIsTheShortestWithAtLeastEightTokensAndAnExactValue() {
        Corpus c = new Corpus("ap-like", AppFixtures.modelA().vocabulary(), List.of(new Document("two", new int[2]),
                new Document("twelve", new int[12]), new Document("nine", new int[9]), new Document("five", new int[5]),
                new Document("another-two", new int[2])), 0, 0);
        List<Document> offered = AisWalkthrough.shortDocuments(c);
        assertEquals("two", offered.get(0).id(), "the list stays shortest first");
        assertEquals("nine", AisWalkthrough.instructive(offered, 3).id());
        assertEquals("nine", AisWalkthrough.instructive(offered, 0).id(), "K unknown: by length");
        assertEquals("five", AisWalkthrough.instructive(offered, 20).id(), "no document of 8 or more tokens is exact under 20 topics: the longest that is");
        Corpus twos = new Corpus("twos", AppFixtures.modelA().vocabulary(), List.of(new Document("a", new int[2]), new Document("b", new int[3])), 0, 0);
        assertEquals("b", AisWalkthrough.instructive(AisWalkthrough.shortDocuments(twos), 3).id());
    }
}
