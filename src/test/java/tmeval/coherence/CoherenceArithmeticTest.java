package tmeval.coherence;

import org.junit.jupiter.api.Test;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.Vocabulary;
import tmeval.progress.CancelToken;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The coherence arithmetic on a corpus small enough to count by hand, so that a machine without gensim still checks it
 * (GensimCoherenceTest checks it against gensim where gensim is installed). Four documents over a, b, c, d:
 * <pre>
 *   d1 = a b a c d   (5 tokens: 3 windows of 3)
 *   d2 = b c         (shorter than the window: 1 window)
 *   d3 = a d b       (as long as the window: 1 window)
 *   d4 = c c a b     (2 windows)
 * </pre>
 * Windows of 3, as gensim keeps them (the word at the old window's first place leaves, the new last word enters): d1
 * gives {a,b}, {b,c} ("a" leaves though a copy is still inside), {c,d} (the same again); d2 {b,c}; d3 {a,b,d}; d4
 * {a,c}, {a,b}. N = 7 windows; a in 4, b in 5, c in 4, d in 2; a b together in 3, a c in 1, b c in 2.
 * Whole documents: N = 4; a in 3, b in 4, c in 3; a b in 3, a c in 2, b c in 3.
 */
class CoherenceArithmeticTest {
    private static final double EPS = 1e-12;

    private static Corpus corpus() {
        Vocabulary v = Vocabulary.of(List.of("a", "b", "c", "d", "e"));
        List<Document> docs = new ArrayList<>();
        docs.add(new Document("d1", new int[] {0, 1, 0, 2, 3}));
        docs.add(new Document("d2", new int[] {1, 2}));
        docs.add(new Document("d3", new int[] {0, 3, 1}));
        docs.add(new Document("d4", new int[] {2, 2, 0, 1}));
        return new Corpus("hand", v, docs, 0, 0);
    }

    /** One topic a, b, c (and "e", which the vocabulary has and no document uses, and "zz", which neither has). */
    private static ReferenceTopics topic() {
        return ReferenceTopics.of(List.<String[]>of(new String[] {"a", "e", "b", "zz", "c"}), corpus());
    }

    /** The probabilities counted by hand: P(a), P(b), P(c), P(ab), P(ac), P(bc). */
    private record P(double a, double b, double c, double ab, double ac, double bc) {
        static P windowsOfThree() {
            return new P(4 / 7.0, 5 / 7.0, 4 / 7.0, 3 / 7.0, 1 / 7.0, 2 / 7.0);
        }

        static P documents() {
            return new P(3 / 4.0, 4 / 4.0, 3 / 4.0, 3 / 4.0, 2 / 4.0, 3 / 4.0);
        }
    }

    private static double pmi(double joint, double x, double y) {
        return Math.log((joint + EPS) / (x * y));
    }

    private static double npmi(double joint, double x, double y) {
        return pmi(joint, x, y) / -Math.log(joint + EPS);
    }

    private static double value(CoherenceMeasure m, Window w) {
        ReferenceTopics t = topic();
        Cooccurrences c = t.count(corpus(), w, new CancelToken());
        return m.topic(c, 0, t.found(0));
    }

    @Test
    void theWindowsAreCountedAsGensimCountsThem() {
        ReferenceTopics t = topic();
        assertEquals(3, t.found(0));
        assertEquals(List.of("e", "zz"), t.absent(0), "words the reference never uses are left out, as gensim leaves them out");
        Cooccurrences c = t.count(corpus(), Window.sliding(3), new CancelToken());
        assertEquals(7, c.windows());
        assertEquals(List.of(4L, 5L, 4L), List.of(c.together(0, 0, 0), c.together(0, 1, 1), c.together(0, 2, 2)));
        assertEquals(List.of(3L, 1L, 2L), List.of(c.together(0, 0, 1), c.together(0, 0, 2), c.together(0, 1, 2)));
        assertEquals(c.together(0, 0, 1), c.together(0, 1, 0));
        Cooccurrences d = t.count(corpus(), Window.DOCUMENT, new CancelToken());
        assertEquals(4, d.windows());
        assertEquals(List.of(3L, 4L, 3L, 3L, 2L, 3L), List.of(d.together(0, 0, 0), d.together(0, 1, 1), d.together(0, 2, 2),
                d.together(0, 0, 1), d.together(0, 0, 2), d.together(0, 1, 2)));
    }

    @Test
    void npmiAndUciAreTheMeansOverThePairs() {
        for (var run : List.of(new Object[] {Window.sliding(3), P.windowsOfThree()}, new Object[] {Window.DOCUMENT, P.documents()})) {
            Window w = (Window) run[0];
            P p = (P) run[1];
            double npmi = (npmi(p.ab, p.a, p.b) + npmi(p.ac, p.a, p.c) + npmi(p.bc, p.b, p.c)) / 3;
            double uci = (pmi(p.ab, p.a, p.b) + pmi(p.ac, p.a, p.c) + pmi(p.bc, p.b, p.c)) / 3;
            assertEquals(npmi, value(CoherenceMeasure.NPMI, w), 1e-12, "npmi, window " + w.label());
            assertEquals(uci, value(CoherenceMeasure.UCI, w), 1e-12, "uci, window " + w.label());
        }
        // by hand, windows of 3: npmi(a,b) = log((3/7) / (4/7 * 5/7)) / -log(3/7) = log(21/20) / log(7/3)
        assertEquals(Math.log(21 / 20.0) / Math.log(7 / 3.0), npmi(3 / 7.0, 4 / 7.0, 5 / 7.0), 1e-11);
    }

    @Test
    void uMassConditionsEachWordOnTheWordsRankedAboveIt() {
        for (var run : List.of(new Object[] {Window.sliding(3), P.windowsOfThree()}, new Object[] {Window.DOCUMENT, P.documents()})) {
            Window w = (Window) run[0];
            P p = (P) run[1];
            // the topic is a, b, c in rank order: b given a, c given a, c given b
            double umass = (Math.log((p.ab + EPS) / p.a) + Math.log((p.ac + EPS) / p.a) + Math.log((p.bc + EPS) / p.b)) / 3;
            assertEquals(umass, value(CoherenceMeasure.UMASS, w), 1e-12, "umass, window " + w.label());
        }
    }

    @Test
    void cvIsTheMeanCosineOfEachWordsNpmiVectorWithTheTopics() {
        for (var run : List.of(new Object[] {Window.sliding(3), P.windowsOfThree()}, new Object[] {Window.DOCUMENT, P.documents()})) {
            Window w = (Window) run[0];
            P p = (P) run[1];
            double[] pw = {p.a, p.b, p.c};
            double[][] joint = {{p.a, p.ab, p.ac}, {p.ab, p.b, p.bc}, {p.ac, p.bc, p.c}};
            double[][] v = new double[3][3];
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    v[i][j] = npmi(joint[i][j], pw[i], pw[j]);
                }
            }
            double[] topic = {v[0][0] + v[1][0] + v[2][0], v[0][1] + v[1][1] + v[2][1], v[0][2] + v[1][2] + v[2][2]};
            double cv = 0;
            for (int i = 0; i < 3; i++) {
                cv += cosine(v[i], topic) / 3;
            }
            assertEquals(cv, value(CoherenceMeasure.CV, w), 1e-12, "cv, window " + w.label());
        }
    }

    private static double cosine(double[] x, double[] y) {
        double dot = 0;
        double nx = 0;
        double ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
        }
        return dot / Math.sqrt(nx * ny);
    }

    @Test
    void aTopicWithOneWordInTheReferenceHasNoPairwiseValue() {
        ReferenceTopics t = ReferenceTopics.of(List.<String[]>of(new String[] {"a", "zz"}), corpus());
        Cooccurrences c = t.count(corpus(), Window.DOCUMENT, new CancelToken());
        assertTrue(Double.isNaN(CoherenceMeasure.NPMI.topic(c, 0, t.found(0))));
        assertTrue(Double.isNaN(CoherenceMeasure.UMASS.topic(c, 0, t.found(0))));
        assertEquals(1.0, CoherenceMeasure.CV.topic(c, 0, t.found(0)), 1e-12, "c_v of one word: its vector with itself");
    }

    @Test
    void theDefaultsAreGensims() {
        assertEquals(10, CoherenceMeasure.NPMI.defaultWindow().size());
        assertEquals(10, CoherenceMeasure.UCI.defaultWindow().size());
        assertEquals(110, CoherenceMeasure.CV.defaultWindow().size());
        assertTrue(CoherenceMeasure.UMASS.defaultWindow().isDocument());
        assertEquals(CoherenceMeasure.CV, CoherenceMeasure.parse("c_v"));
        assertEquals(3, Window.sliding(3).windowsIn(5));
        assertEquals(1, Window.sliding(3).windowsIn(3));
        assertEquals(1, Window.sliding(3).windowsIn(2));
    }
}
