package tmeval.cli;

import tmeval.io.InputException;
import tmeval.io.MalletStateFormat;
import tmeval.io.NativeModelFormat;
import tmeval.io.OutputFile;
import tmeval.io.OutputFiles;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.train.AlphaMode;
import tmeval.train.GibbsTrainer;
import tmeval.train.TrainerConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code train}: collapsed Gibbs LDA with hyper-parameter optimisation and optional snapshots. */
final class TrainCommand implements Command {
    /** MALLET prints its LL/token every 10 iterations; every 50 keeps a long run's log readable. */
    static final int DEFAULT_LOG_EVERY = 50;
    private final CancelToken cancel;

    TrainCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "train";
    }

    @Override
    public String summary() {
        return "train LDA by collapsed Gibbs sampling (SparseLDA), optimising alpha, with optional snapshots";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>(InputOptions.corpusOptions("training corpus"));
        o.add(OptionSpec.input("init-state", "FILE", "continue from this state's assignments (e.g. MODEL.state.gz); its documents, alpha and beta replace --corpus, --alpha-sum and --beta"));
        o.add(OptionSpec.value("topics", "K", "number of topics (required)"));
        o.add(OptionSpec.value("iterations", "I", "Gibbs sweeps over the corpus (required)"));
        o.add(OptionSpec.value("alpha", "MODE", "asymmetric (default; optimised), symmetric (learned concentration), fixed"));
        o.add(OptionSpec.value("alpha-sum", "A", "initial (or fixed) sum of alpha over topics (default 5.0)"));
        o.add(OptionSpec.value("beta", "B", "symmetric topic-word prior (default 0.01)"));
        o.add(OptionSpec.flag("optimize-beta", "optimise beta too, on alpha's schedule (Minka's fixed point, as MALLET's --optimize-interval)"));
        o.add(OptionSpec.value("log-every", "N", "print the log-likelihood per token every N iterations and at the end (default "
                + DEFAULT_LOG_EVERY + "; 0: never)"));
        o.add(OptionSpec.value("optimize-interval", "N", "sweeps between alpha updates (default 10)"));
        o.add(OptionSpec.value("optimize-burn-in", "N", "sweeps before the first alpha update (default 50)"));
        o.add(OptionSpec.value("snapshot-every", "N", "write a snapshot every N sweeps (needs --series-dir)"));
        o.add(OptionSpec.outputDirectory("series-dir", "DIR", "directory for snapshots iter-N.tsv.gz"));
        o.add(OptionSpec.value("seed", "S", "random seed (default 1)"));
        o.add(OptionSpec.value("name", "TEXT", "model name written in the file (default: the file name)"));
        o.add(OptionSpec.output("out", "FILE", "model file to write (native TSV; .gz for gzip); its state goes beside it as FILE.state.gz"));
        o.add(OptionSpec.flag("no-state", "do not write FILE.state.gz (then 'perturb --model FILE' is not possible)"));
        return o;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        AlphaMode mode;
        try {
            mode = AlphaMode.parse(o.string("alpha", "asymmetric"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        int snapshotEvery = o.integer("snapshot-every", 0, 0, Integer.MAX_VALUE);
        Path seriesDir = o.path("series-dir");
        if (snapshotEvery > 0 && seriesDir == null) {
            throw new UsageException("--snapshot-every needs --series-dir");
        }
        if (seriesDir != null && snapshotEvery == 0) {
            throw new UsageException("--series-dir needs --snapshot-every");
        }
        TrainerConfig config;
        try {
            config = new TrainerConfig(o.requiredInteger("topics", 1, 100_000), o.requiredInteger("iterations", 0, 10_000_000), mode,
                    o.real("alpha-sum", 5.0, Double.MIN_NORMAL, 1e9), o.real("beta", 0.01, Double.MIN_NORMAL, 1e9),
                    o.integer("optimize-interval", 10, 1, Integer.MAX_VALUE), o.integer("optimize-burn-in", 50, 0, Integer.MAX_VALUE),
                    snapshotEvery, o.longValue("seed", 1));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path outFile = o.requiredPath("out");
        Path initFile = o.path("init-state");
        TrainingState initial = null;
        Corpus corpus;
        if (initFile != null) {
            for (String unused : List.of("corpus", "alpha-sum", "beta")) {
                if (o.has(unused)) {
                    throw new UsageException("--init-state takes the documents, alpha and beta from the state; drop --" + unused);
                }
            }
            initial = MalletStateFormat.read(initFile);
            if (initial.numTopics() != config.numTopics()) {
                throw InputException.ofFile(initFile, "the state has " + initial.numTopics() + " topics but --topics is " + config.numTopics());
            }
            corpus = null;
            out.println("continuing from " + initFile + ": " + initial.numDocuments() + " documents, K = " + initial.numTopics());
        } else {
            corpus = InputOptions.corpus(o, null);
            out.println("corpus " + corpus.summary());
        }
        String name = o.string("name", NativeModelFormat.defaultName(outFile));
        if (seriesDir != null) {
            // naming --series-dir asks for it: the one directory tmeval makes for an output
            java.nio.file.Files.createDirectories(seriesDir);
        }
        long start = System.nanoTime();
        GibbsTrainer.Result result;
        try {
            GibbsTrainer.SnapshotListener snapshots = (iteration, model) -> {
                try {
                    NativeModelFormat.write(model, seriesDir.resolve(snapshotName(iteration)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            GibbsTrainer trainer = new GibbsTrainer(config).logging(o.integer("log-every", DEFAULT_LOG_EVERY, 0, Integer.MAX_VALUE),
                    (iteration, perToken, beta, alphaSum) -> out.printf(Locale.ROOT,
                            "iteration %d: log-likelihood per token %.5f (beta %.5g, alpha sum %.5g)%n", iteration, perToken, beta, alphaSum));
            if (o.has("optimize-beta")) {
                trainer = trainer.optimizingBeta();
            }
            result = initial == null ? trainer.train(corpus, name, snapshots, ProgressPrinter.to(err, "train"), cancel)
                    : trainer.resume(initial, name, snapshots, ProgressPrinter.to(err, "train"), cancel);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long tokens = result.state().tokenCount();
        writeModelAndState(result.model(), o.has("no-state") ? null : result.state(), outFile, o);
        out.printf(Locale.ROOT, "trained K = %d on %d tokens, %d iterations in %.2f s (%.3g token updates/s); alpha sum %.4g%n",
                config.numTopics(), tokens, config.iterations(), seconds, tokens * (double) config.iterations() / seconds,
                result.model().alphaSum());
        out.println("wrote " + outFile + (o.has("no-state") ? "" : " and " + stateFileFor(outFile)));
        return 0;
    }

    @Override
    public Map<String, Path> derivedOutputs(Options o) throws UsageException, IOException {
        return stateOutput(o);
    }

    /** Where train writes, and perturb looks for, the assignments behind a model file: FILE.state.gz. */
    static Path stateFileFor(Path modelFile) {
        return modelFile.resolveSibling(modelFile.getFileName() + ".state.gz");
    }

    /** The state file written beside --out (train, perturb), refused where --out is a stream with no "beside". */
    static Map<String, Path> stateOutput(Options o) throws UsageException, IOException {
        Path out = o.path("out");
        if (out == null || o.has("no-state")) {
            return Map.of();
        }
        if (OutputFile.isStandardOutput(out) || !OutputFile.isRegularTarget(out)) {
            throw new UsageException("--out " + out + " is not a regular file, so the model's state has no place beside it; add --no-state");
        }
        return Map.of("the state beside --out", stateFileFor(out));
    }

    /** The model and its state appear together or not at all (a failure never leaves a new model beside an old state). */
    static void writeModelAndState(TopicModel model, TrainingState state, Path outFile, Options o) throws IOException {
        try (OutputFiles files = new OutputFiles(o.standardOutput())) {
            NativeModelFormat.write(model, files.add(outFile).writer());
            if (state != null) {
                MalletStateFormat.write(state, files.add(stateFileFor(outFile)).writer());
            }
            files.commitAll();
        }
    }

    /** The file name of the snapshot after {@code iteration} sweeps, as curve's --series reads it. */
    static String snapshotName(int iteration) {
        return "iter-" + iteration + ".tsv.gz";
    }
}
