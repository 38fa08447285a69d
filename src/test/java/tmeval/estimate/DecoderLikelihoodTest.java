package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.model.Document;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DecoderLikelihoodTest {
    /**
     * The product decoder's blocked evaluation (B's columns streamed a slice of words at a time, every theta of a block
     * over each slice) gives each theta's log p(w | theta) bit for bit as the plain loop does: every logit summed
     * c(w) + theta_1 B(w, 1) + ... in that order, the normaliser after the max; so does a decoder read back from its
     * serialised form (its columns rebuilt). V = 2,100 and K = 7 leave remainders (words past a slice of 2,048, the
     * vector loops' tails; blocks of 1 to 11 thetas).
     */
    @Test
    void aBlockOfThetasGivesEachThetasLogLikelihoodBitForBit() throws Exception {
        TopicModel model = FamilyFixtures.model("product", new FamilyFixtures.Shape(7, false, true, true), 2100, 1.0, 7);
        Document document = FamilyFixtures.generate(model, 1, 40, 8).document(0);
        DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(document), model);
        DecoderLikelihood readBack = DecoderLikelihood.of(DocumentView.of(document), serialisedAndReadBack(model));
        SplittableRandom random = new SplittableRandom(9);
        int k = 7;
        for (int count = 1; count <= 11; count++) {
            double[] logThetas = new double[count * k];
            for (int j = 0; j < count; j++) {
                double[] eta = new double[k];
                for (int t = 0; t < k; t++) {
                    eta[t] = 2 * random.nextGaussian();
                }
                double max = Double.NEGATIVE_INFINITY;
                for (double e : eta) {
                    max = Math.max(max, e);
                }
                double sum = 0;
                for (double e : eta) {
                    sum += Math.exp(e - max);
                }
                for (int t = 0; t < k; t++) {
                    logThetas[j * k + t] = eta[t] - max - Math.log(sum);
                }
            }
            double[] out = new double[count];
            likelihood.log(logThetas, count, out);
            for (int j = 0; j < count; j++) {
                double[] logTheta = java.util.Arrays.copyOfRange(logThetas, j * k, (j + 1) * k);
                double plain = plainLog((ProductDecoder) model.decoder(), document, logTheta);
                assertEquals(plain, out[j], 0, "theta " + j + " of a block of " + count);
                assertEquals(plain, likelihood.log(logTheta), 0, "theta " + j + " alone");
                assertEquals(plain, readBack.log(logTheta), 0, "theta " + j + " on the decoder read back");
            }
        }
    }

    private static TopicModel serialisedAndReadBack(TopicModel model) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(model);
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            return (TopicModel) in.readObject();
        }
    }

    /** log p(w | theta) by the plain loops: logits word by word, their max, the sum of exps in word order, the tokens. */
    private static double plainLog(ProductDecoder decoder, Document document, double[] logTheta) {
        int k = decoder.numTopics();
        int v = decoder.numWords();
        double[] a = new double[v];
        double max = Double.NEGATIVE_INFINITY;
        for (int w = 0; w < v; w++) {
            a[w] = decoder.bias(w);
            for (int t = 0; t < k; t++) {
                a[w] += Math.exp(logTheta[t]) * decoder.weight(w, t);
            }
            max = Math.max(max, a[w]);
        }
        double sum = 0;
        for (int w = 0; w < v; w++) {
            sum += Math.exp(a[w] - max);
        }
        double logNormaliser = max + Math.log(sum);
        DocumentView view = DocumentView.of(document);
        double total = 0;
        for (int s = 0; s < view.numLocalWords(); s++) {
            total += view.count(s) * (a[view.word(s)] - logNormaliser);
        }
        return total;
    }
}
