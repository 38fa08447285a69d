package tmeval.estimate;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A benchmark, not a test (issue 37): {@code ais-eta}'s delayed acceptance against plain Metropolis steps on a product
 * decoder, document by document at equal temperatures: thread CPU seconds per run, the likelihood's evaluations, the
 * steps accepted, and the runs' log-weights (their mean and spread: the error a run's time buys). The same seeds for both.
 * Run: java -cp target/test-classes:target/classes:DEPENDENCIES tmeval.estimate.DelayedAcceptanceEfficiency MODEL CORPUS
 * TEMPERATURES RUNS [DOCUMENTS]
 */
public final class DelayedAcceptanceEfficiency {
    private DelayedAcceptanceEfficiency() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(Path.of(args[0])));
        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[1])), model.vocabulary());
        int temperatures = Integer.parseInt(args[2]);
        int runs = Integer.parseInt(args[3]);
        int documents = args.length > 4 ? Math.min(corpus.size(), Integer.parseInt(args[4])) : corpus.size();
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        System.out.println("| document | N | steps | CPU s a run | evaluations a run | accepted | mean log-weight | sd of log-weights | log-mean-exp |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (int d = 0; d < documents; d++) {
            Document doc = corpus.document(d);
            LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
            DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(doc), model);
            EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, new CancelToken());
            int dim = prior.dimension();
            double[] scratch = new double[dim];
            double[] logTheta = new double[model.numTopics()];
            prior.logTheta(fit.mode(), logTheta);
            DecoderLikelihood.Surrogate surrogate = likelihood.surrogateAt(logTheta);
            EtaImportanceSampler.Density start = EtaImportanceSampler.Density.gaussian(prior.mean(), prior.cholesky());
            for (boolean delayed : new boolean[] {false, true}) {
                EtaPath.Densities cheap = delayed ? (x, out) -> {
                    out[0] = prior.logDensity(x, scratch);
                    prior.logTheta(x, logTheta);
                    out[1] = surrogate.log(logTheta);
                } : null;
                EtaPath path = new EtaPath((x, out) -> {
                    out[0] = prior.logDensity(x, scratch);
                    prior.logTheta(x, logTheta);
                    out[1] = likelihood.log(logTheta);
                }, cheap, EtaPath.SecondStage.DELAYED_ACCEPTANCE, EtaPath.precisionFactor(prior.covariance(), dim),
                        EtaPath.precisionFactor(fit.covariance(), dim), dim);
                double[] w = new double[runs];
                double[] eta = new double[dim];
                long t0 = cpu.getCurrentThreadCpuTime();
                for (int r = 0; r < runs; r++) {
                    SplittableRandom random = new SplittableRandom(1000L * d + r);
                    start.draw(random, eta);
                    w[r] = path.run(eta, new AnnealingEngine.Temperatures(Schedule.UNIFORM, temperatures, false), random, new CancelToken(), null);
                }
                double seconds = (cpu.getCurrentThreadCpuTime() - t0) / 1e9 / runs;
                double mean = java.util.Arrays.stream(w).average().orElse(Double.NaN);
                double sd = Math.sqrt(java.util.Arrays.stream(w).map(x -> (x - mean) * (x - mean)).sum() / (runs - 1));
                System.out.printf(Locale.ROOT, "| %s | %d | %s | %.3f | %d | %.2f | %.2f | %.2f | %.2f |%n", doc.id(), doc.length(),
                        delayed ? "delayed" : "plain", seconds, path.evaluations() / runs, path.accepted() / (double) (runs * temperatures), mean, sd,
                        LogMath.logMeanExp(w));
            }
        }
    }
}
