package tmeval.bench;

import cc.mallet.topics.ParallelTopicModel;
import cc.mallet.types.InstanceList;
import tmeval.estimate.Methods;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.output.CorpusSummary;
import tmeval.run.exec.EstimationRunner;
import tmeval.train.AlphaMode;
import tmeval.train.GibbsTrainer;
import tmeval.train.TrainerConfig;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Held-out quality against MALLET 2.0.8 at equal settings: MALLET's ParallelTopicModel (one thread, alpha and beta
 * optimised every 10 iterations after 50) and tmeval's trainer with and without {@code --optimize-beta}, on the same
 * training corpus, K and iterations; each model's held-out log-likelihood per token estimated by the same AIS
 * (n = 1000, S = 1, the same seed). MALLET's model is read from its own state file.
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.HeldOutVersusMallet -Dexec.classpathScope=test
 *      -Dexec.args="TRAIN HELDOUT K ITERATIONS"
 */
public final class HeldOutVersusMallet {
    private HeldOutVersusMallet() {
    }

    public static void main(String[] args) throws Exception {
        Path trainPath = Path.of(args.length > 0 ? args[0] : "sample-data/kos-train.tokens.gz");
        Path heldoutPath = Path.of(args.length > 1 ? args[1] : "sample-data/kos-heldout.tokens.gz");
        int numTopics = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        int iterations = args.length > 3 ? Integer.parseInt(args[3]) : 300;
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);
        Corpus train = CorpusLoader.read(CorpusLoader.Spec.of(trainPath));
        TrainerConfig config = new TrainerConfig(numTopics, iterations, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 50, 0, 1);
        TopicModel fixedBeta = new GibbsTrainer(config).train(train, "tmeval, beta fixed", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        TopicModel optimisedBeta = new GibbsTrainer(config).optimizingBeta()
                .train(train, "tmeval, beta optimised", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        InstanceList instances = TrainerVersusMallet.toMallet(train);
        ParallelTopicModel mallet = TrainerVersusMallet.malletModel(numTopics, iterations, 1);
        mallet.addInstances(instances);
        mallet.estimate();
        Path state = Files.createTempFile("mallet-state", ".gz");
        mallet.printState(new File(state.toString()));
        TopicModel malletModel = ModelLoader.read(ModelLoader.Spec.of(state)).withName("MALLET 2.0.8");
        Files.delete(state);
        System.out.printf(Locale.ROOT, "K = %d, %d iterations on %s; held out: %s; AIS n = 1000, S = 1, seed 1%n",
                numTopics, iterations, trainPath, heldoutPath);
        for (TopicModel m : new TopicModel[] {malletModel, fixedBeta, optimisedBeta}) {
            Corpus heldout = CorpusLoader.read(CorpusLoader.Spec.of(heldoutPath), m.vocabulary());
            var ais = Methods.get(Methods.AIS).create(Methods.get(Methods.AIS).defaults());
            CorpusSummary summary = new CorpusSummary(1);
            EstimationRunner.run(new EstimationRunner.Job(heldout, m, ais, 1, 1, Runtime.getRuntime().availableProcessors()),
                    summary::add, Progress.NONE, new CancelToken());
            String line = summary.report(Methods.AIS).lines().filter(l -> l.startsWith("corpus log-likelihood")).findFirst().orElse("");
            System.out.printf(Locale.ROOT, "%-24s alpha sum %.3f: %s%n", m.name(), m.alphaSum(), line);
        }
    }
}
