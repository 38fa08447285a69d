package tmeval.cli;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.io.InputException;
import tmeval.io.MalletStateFormat;
import tmeval.io.ModelLoader;
import tmeval.io.ProvenanceLines;
import tmeval.io.NativeModelFormat;
import tmeval.io.OutputFile;
import tmeval.io.OutputFiles;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.run.output.Provenance;
import tmeval.run.output.TrainingProvenance;
import tmeval.train.AlphaMode;
import tmeval.train.GibbsTrainer;
import tmeval.train.TrainerConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Files;
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
        o.add(OptionSpec.value(SettingName.TOPICS.option(), "K", "number of topics (required)"));
        o.add(OptionSpec.value(SettingName.ITERATIONS.option(), "I", "Gibbs sweeps over the corpus (required)"));
        o.add(OptionSpec.value(SettingName.ALPHA.option(), "MODE", "asymmetric (default; optimised), symmetric (learned concentration), fixed"));
        o.add(OptionSpec.value(SettingName.ALPHA_SUM.option(), "A", "initial (or fixed) sum of alpha over topics (default "
                + TrainerConfig.DEFAULT_ALPHA_SUM + ")"));
        o.add(OptionSpec.value(SettingName.BETA.option(), "B", "symmetric topic-word prior (default " + TrainerConfig.DEFAULT_BETA + ")"));
        o.add(OptionSpec.flag(SettingName.OPTIMIZE_BETA.option(), "optimise beta too, on alpha's schedule (Minka's fixed point, as MALLET's"
                + " --optimize-interval)"));
        o.add(OptionSpec.value("log-every", "N", "print the log-likelihood per token every N iterations and at the end (default "
                + DEFAULT_LOG_EVERY + "; 0: never)"));
        o.add(OptionSpec.value(SettingName.OPTIMIZE_INTERVAL.option(), "N", "sweeps between alpha updates (default "
                + TrainerConfig.DEFAULT_OPTIMIZE_INTERVAL + ")"));
        o.add(OptionSpec.value(SettingName.OPTIMIZE_BURN_IN.option(), "N", "sweeps before the first alpha update (default "
                + TrainerConfig.DEFAULT_OPTIMIZE_BURN_IN + ")"));
        o.add(OptionSpec.value(SettingName.SNAPSHOT_EVERY.option(), "N", "write a snapshot every N sweeps (needs --series-dir)"));
        o.add(OptionSpec.outputDirectory("series-dir", "DIR", "directory for snapshots iter-N.tsv.gz, each naming this run (a series is"
                + " one run: a directory with another run's snapshots is refused)"));
        o.add(OptionSpec.flag("replace-series", "remove the snapshots already in --series-dir before training (those of another run)"));
        o.add(OptionSpec.value(SettingName.SEED.option(), "S", "random seed (default " + TrainerConfig.DEFAULT_SEED + ")"));
        o.add(OptionSpec.value("name", "TEXT", "model name written in the file (default: the file name)"));
        o.add(OptionSpec.output("out", "FILE", "model file to write (native TSV; .gz for gzip); its state goes beside it as FILE.state.gz"));
        o.add(OptionSpec.flag("no-state", "do not write FILE.state.gz (then 'perturb --model FILE' is not possible)"));
        return o;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        AlphaMode mode;
        try {
            mode = AlphaMode.parse(o.string(SettingName.ALPHA.option(), TrainerConfig.DEFAULT_ALPHA_MODE.label()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        int snapshotEvery = o.integer(SettingName.SNAPSHOT_EVERY.option(), 0, 0, Integer.MAX_VALUE);
        Path seriesDir = o.path("series-dir");
        if (snapshotEvery > 0 && seriesDir == null) {
            throw new UsageException("--snapshot-every needs --series-dir");
        }
        if (seriesDir != null && snapshotEvery == 0) {
            throw new UsageException("--series-dir needs --snapshot-every");
        }
        if (o.has("replace-series") && seriesDir == null) {
            throw new UsageException("--replace-series goes with --series-dir");
        }
        TrainerConfig config;
        try {
            config = new TrainerConfig(o.requiredInteger(SettingName.TOPICS.option(), 1, 100_000),
                    o.requiredInteger(SettingName.ITERATIONS.option(), 0, 10_000_000), mode,
                    o.real(SettingName.ALPHA_SUM.option(), TrainerConfig.DEFAULT_ALPHA_SUM, Double.MIN_NORMAL, 1e9),
                    o.real(SettingName.BETA.option(), TrainerConfig.DEFAULT_BETA, Double.MIN_NORMAL, 1e9),
                    o.integer(SettingName.OPTIMIZE_INTERVAL.option(), TrainerConfig.DEFAULT_OPTIMIZE_INTERVAL, 1, Integer.MAX_VALUE),
                    o.integer(SettingName.OPTIMIZE_BURN_IN.option(), TrainerConfig.DEFAULT_OPTIMIZE_BURN_IN, 0, Integer.MAX_VALUE),
                    snapshotEvery, o.whole(Setting.SEED, TrainerConfig.DEFAULT_SEED));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path outFile = o.requiredPath("out");
        // every snapshot names the run that wrote it, so that a series cannot mix two runs (time left out: a run is its settings and inputs)
        String run = seriesDir == null ? "" : Provenance.header(runSettings(config, o), o.inputs(), false);
        if (seriesDir != null) {
            makeRoomForSeries(seriesDir, run, o.has("replace-series"), out);
        }
        Path initFile = o.path("init-state");
        TrainingState initial = null;
        Corpus corpus;
        if (initFile != null) {
            for (String unused : List.of("corpus", SettingName.ALPHA_SUM.option(), SettingName.BETA.option())) {
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
        // the snapshots this run adds: each appears whole when written, and all go again if the run does not finish
        List<Path> added = new ArrayList<>();
        boolean finished = false;
        try {
            GibbsTrainer.SnapshotListener snapshots = (iteration, model) -> {
                Path snapshot = seriesDir.resolve(snapshotName(iteration));
                try {
                    boolean isNew = !Files.exists(snapshot);
                    NativeModelFormat.write(model, run, snapshot);
                    if (isNew) {
                        added.add(snapshot);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            GibbsTrainer trainer = new GibbsTrainer(config).logging(o.integer("log-every", DEFAULT_LOG_EVERY, 0, Integer.MAX_VALUE),
                    (iteration, perToken, beta, alphaSum) -> out.printf(Locale.ROOT,
                            "iteration %d: log-likelihood per token %.5f (beta %.5g, alpha sum %.5g)%n", iteration, perToken, beta, alphaSum));
            if (o.has(SettingName.OPTIMIZE_BETA.option())) {
                trainer = trainer.optimizingBeta();
            }
            result = initial == null ? trainer.train(corpus, name, snapshots, ProgressPrinter.to(err, "train"), cancel)
                    : trainer.resume(initial, name, snapshots, ProgressPrinter.to(err, "train"), cancel);
            writeModelAndState(result.model(), o.has("no-state") ? null : result.state(), outFile, o);
            finished = true;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            if (!finished) {
                removeSnapshots(added, seriesDir, err);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long tokens = result.state().tokenCount();
        out.printf(Locale.ROOT, "trained K = %d on %d tokens, %d iterations in %.2f s (%.3g token updates/s); alpha sum %.4g%n",
                config.numTopics(), tokens, config.iterations(), seconds, tokens * (double) config.iterations() / seconds,
                result.model().alphaSum());
        out.println("wrote " + outFile + (o.has("no-state") ? "" : " and " + stateFileFor(outFile)));
        return 0;
    }

    /** What makes a training run: every setting that changes its snapshots, as the workbench's Run > Train names them too. */
    private static Map<String, String> runSettings(TrainerConfig c, Options o) throws UsageException {
        return TrainingProvenance.settings(c, o.has(SettingName.OPTIMIZE_BETA.option()), new TrainingProvenance.CorpusReading(
                InputOptions.corpusFormat(o), InputOptions.tokenizingSettings(o), InputOptions.corpusSpec(o).tokens().effectiveMinLength(),
                InputOptions.minTokens(o)));
    }

    /**
     * Refuses a series directory that holds snapshots of another run (unless asked to replace them, and then removes
     * them first), before any work: a series is one run, and curve would anneal across two without a word.
     *
     * @param run the provenance lines this run writes into each snapshot
     */
    private static void makeRoomForSeries(Path dir, String run, boolean replace, PrintStream out) throws UsageException, InputException,
            IOException {
        ModelLoader.SnapshotFiles existing = ModelLoader.snapshotFiles(dir);
        if (existing.byIteration().isEmpty()) {
            return;
        }
        if (existing.mallet()) {
            throw new UsageException("--series-dir " + dir + " holds MALLET state files (" + existing.byIteration().values().iterator().next()
                    .getFileName() + ", ...): a series is one kind of file; give another directory");
        }
        if (replace) {
            for (Path snapshot : existing.byIteration().values()) {
                Files.delete(snapshot);
            }
            out.println("removed the " + existing.byIteration().size() + " snapshots in " + dir + " (--replace-series)");
            return;
        }
        List<String> mine = run.lines().toList();
        for (Path snapshot : existing.byIteration().values()) {
            String difference = ProvenanceLines.firstDifference(mine, NativeModelFormat.provenance(snapshot), "this run");
            if (difference != null) {
                throw new UsageException("--series-dir " + dir + " holds snapshots of another run (" + snapshot.getFileName() + ": " + difference
                        + "); a series is one run: give another directory, or --replace-series to remove its " + existing.byIteration().size()
                        + " snapshots first");
            }
        }
    }

    /** A run that did not finish takes back the snapshots it added, so that no partial series is left for curve. */
    private static void removeSnapshots(List<Path> added, Path dir, PrintStream err) {
        int removed = 0;
        for (Path snapshot : added) {
            try {
                Files.deleteIfExists(snapshot);
                removed++;
            } catch (IOException e) {
                err.println("tmeval train: could not remove the snapshot " + snapshot + " of this unfinished run: " + e.getMessage());
            }
        }
        if (removed > 0) {
            err.println("tmeval train: the run did not finish: removed the " + removed + " snapshots it had written to " + dir);
        }
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
        return ModelLoader.snapshotName(iteration);
    }
}
