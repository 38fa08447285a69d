package tmeval;

import tmeval.model.Corpus;
import tmeval.model.Decoder;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.MixtureDecoder;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Small seeded models of the other families (logistic-normal prior; mixture or product decoder) and documents drawn from them. */
public final class FamilyFixtures {
    private FamilyFixtures() {
    }

    /** What to build: K topics, eta of D = K or K - 1, full or diagonal covariance, mixture or product decoder. */
    public record Shape(int topics, boolean reference, boolean diagonal, boolean product) {
        public int dimension() {
            return reference ? topics - 1 : topics;
        }

        @Override
        public String toString() {
            return "K" + topics + (reference ? " D=K-1" : " D=K") + (diagonal ? " var" : " cov") + (product ? " product" : " mixture");
        }
    }

    /** Every combination of the hidden cases' axes at K = 2 and 3. */
    public static List<Shape> allShapes() {
        List<Shape> shapes = new ArrayList<>();
        for (int k : new int[] {2, 3}) {
            for (boolean reference : new boolean[] {true, false}) {
                for (boolean diagonal : new boolean[] {true, false}) {
                    for (boolean product : new boolean[] {false, true}) {
                        shapes.add(new Shape(k, reference, diagonal, product));
                    }
                }
            }
        }
        return shapes;
    }

    /**
     * A random logistic-normal model: mu of size about 0.5, Sigma = A A^T / D + 0.3 I scaled by {@code spread} (or its
     * diagonal), phi from Dirichlet(0.5) over V words, or B with entries of size about 1.5 and c of size about 0.5.
     */
    public static TopicModel model(String name, Shape shape, int numWords, double spread, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int k = shape.topics();
        int d = shape.dimension();
        double[] mu = new double[d];
        for (int i = 0; i < d; i++) {
            mu[i] = 0.5 * random.nextGaussian();
        }
        double[] a = new double[d * d];
        for (int i = 0; i < a.length; i++) {
            a[i] = random.nextGaussian();
        }
        double[] cov = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double s = 0;
                for (int m = 0; m < d; m++) {
                    s += a[i * d + m] * a[j * d + m];
                }
                cov[i * d + j] = shape.diagonal() && i != j ? 0 : spread * (s / d + (i == j ? 0.3 : 0));
            }
        }
        LogisticNormalPrior prior = new LogisticNormalPrior(k, mu, cov, shape.diagonal());
        return new TopicModel(name, Fixtures.vocabulary(numWords), prior, decoder(shape, numWords, random));
    }

    private static Decoder decoder(Shape shape, int numWords, SplittableRandom random) {
        int k = shape.topics();
        if (shape.product()) {
            double[] b = new double[numWords * k];
            double[] c = new double[numWords];
            for (int i = 0; i < b.length; i++) {
                b[i] = 1.5 * random.nextGaussian();
            }
            for (int w = 0; w < numWords; w++) {
                c[w] = 0.5 * random.nextGaussian();
            }
            return new ProductDecoder(b, c, k);
        }
        double[] phi = new double[numWords * k];
        for (int t = 0; t < k; t++) {
            double sum = 0;
            double[] g = new double[numWords];
            for (int w = 0; w < numWords; w++) {
                g[w] = Math.exp(tmeval.sampling.Dirichlet.logGammaDraw(0.5, random));
                sum += g[w];
            }
            for (int w = 0; w < numWords; w++) {
                phi[w * k + t] = g[w] / sum;
            }
        }
        return new MixtureDecoder(phi, k);
    }

    /** Documents of {@code length} tokens from the model: eta ~ N(mu, Sigma), theta = softmax(eta), words from p(w | theta). */
    public static Corpus generate(TopicModel model, int numDocs, int length, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
        int k = model.numTopics();
        int d = prior.dimension();
        double[] l = prior.cholesky();
        double[] mu = prior.mean();
        double[] eta = new double[d];
        double[] z = new double[d];
        double[] logTheta = new double[k];
        double[] p = new double[model.numWords()];
        List<Document> docs = new ArrayList<>();
        for (int n = 0; n < numDocs; n++) {
            for (int i = 0; i < d; i++) {
                z[i] = random.nextGaussian();
            }
            for (int i = 0; i < d; i++) {
                double s = mu[i];
                for (int j = 0; j <= i; j++) {
                    s += l[i * d + j] * z[j];
                }
                eta[i] = s;
            }
            prior.logTheta(eta, logTheta);
            wordProbabilities(model, logTheta, p);
            int[] tokens = new int[length];
            for (int i = 0; i < length; i++) {
                tokens[i] = tmeval.sampling.Categorical.draw(p, p.length, random);
            }
            docs.add(new Document("d" + n, tokens));
        }
        return new Corpus("generated", model.vocabulary(), docs, 0, 0);
    }

    /** p(w | theta) over the whole vocabulary, written out plainly (the tests' independent arithmetic). */
    public static void wordProbabilities(TopicModel model, double[] logTheta, double[] p) {
        int k = model.numTopics();
        if (model.decoder() instanceof ProductDecoder pd) {
            double max = Double.NEGATIVE_INFINITY;
            for (int w = 0; w < p.length; w++) {
                double a = pd.bias(w);
                for (int t = 0; t < k; t++) {
                    a += Math.exp(logTheta[t]) * pd.weight(w, t);
                }
                p[w] = a;
                max = Math.max(max, a);
            }
            double sum = 0;
            for (int w = 0; w < p.length; w++) {
                p[w] = Math.exp(p[w] - max);
                sum += p[w];
            }
            for (int w = 0; w < p.length; w++) {
                p[w] /= sum;
            }
        } else {
            for (int w = 0; w < p.length; w++) {
                double s = 0;
                for (int t = 0; t < k; t++) {
                    s += Math.exp(logTheta[t]) * model.phi(w, t);
                }
                p[w] = s;
            }
        }
    }

    /** The exact log P(w) of a model of any family at K = 2 or 3: the dynamic programme on an LDA, quadrature over eta on another. */
    public static double exactLogProbability(TopicModel model, Document doc) {
        tmeval.sampling.DocumentView view = tmeval.sampling.DocumentView.of(doc);
        return model.isLda() ? new tmeval.estimate.ExactEvaluator().logProbability(view, model, new tmeval.progress.CancelToken())
                : tmeval.estimate.EtaQuadrature.logProbability(view, model, new tmeval.progress.CancelToken());
    }
}
