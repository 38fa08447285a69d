package tmeval.cli;

import tmeval.bench.Benchmark;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ModelPair;
import tmeval.estimate.MethodOption;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.local.Throughput;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code bench}: throughput of the estimators and the trainer (median of repetitions after a warm-up). */
final class BenchCommand implements Command {
    /** Padding beyond this many words would only measure the machine's memory. */
    private static final int MAX_PADDED_VOCABULARY = 10_000_000;
    // bench's own defaults, each written once: the help text states what the parse uses
    private static final int DEFAULT_DOCUMENTS = 200;
    private static final int DEFAULT_TEMPERATURES = 1000;
    private static final int DEFAULT_BURN_IN = 100;
    private static final int DEFAULT_PARTICLES = 10;
    private static final int DEFAULT_CHAIN_LENGTH = 1000;
    private static final int DEFAULT_REPETITIONS = 5;
    private static final int DEFAULT_TRAIN_ITERATIONS = 100;
    private final CancelToken cancel;

    BenchCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String summary() {
        return "measure site updates per second, ms per document and the thread speed-up of the estimators and the trainer";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.input("model-a", "FILE", "model A (the single-model methods use A)"));
        o.add(OptionSpec.input("model-b", "FILE", "model B (for the ratio paths)"));
        o.add(OptionSpec.flag(SettingName.ALIGN.option(), "permute B's topics to A's by the Hungarian algorithm (L1), as compare --align does"));
        o.addAll(InputOptions.corpusOptions());
        o.add(OptionSpec.value(SettingName.DOCUMENTS.option(), "N", "first N documents of the corpus (default " + DEFAULT_DOCUMENTS + ")"));
        o.add(OptionSpec.value(SettingName.METHODS.key(), "NAMES", "default " + String.join(",", Benchmark.DEFAULT_METHODS)));
        o.add(OptionSpec.value(MethodOption.TEMPERATURES.option(), "N", "default " + DEFAULT_TEMPERATURES));
        o.add(OptionSpec.value(MethodOption.BURN_IN.option(), "B", "default " + DEFAULT_BURN_IN));
        o.add(OptionSpec.value(MethodOption.PARTICLES.option(), "R", "left-to-right particles (default " + DEFAULT_PARTICLES + ")"));
        o.add(OptionSpec.value(MethodOption.CHAIN_LENGTH.option(), "S", "Chib-style chain (default " + DEFAULT_CHAIN_LENGTH + ")"));
        o.add(OptionSpec.value("repetitions", "R", "timed repetitions after a warm-up; the median is reported (default " + DEFAULT_REPETITIONS + ")"));
        o.add(OptionSpec.value(SettingName.THREADS.option(), "T", "threads for the speed-up and ceiling columns (default: all cores)"));
        o.add(OptionSpec.value("pad-vocabulary", "V", "also time " + ComparisonMethods.RATIO_CONVEX + " with both models padded to V unused words, alternating with the unpadded runs"));
        o.add(OptionSpec.input("train-corpus", "PATH", "also time the trainer on this corpus"));
        o.add(OptionSpec.value("train-topics", "K", "trainer topics (default: model A's K)"));
        o.add(OptionSpec.value("train-iterations", "I", "trainer iterations (default " + DEFAULT_TRAIN_ITERATIONS + ")"));
        o.add(OptionSpec.output("save-rates", "FILE", "where to save the measured rates for the workbench's cost preview (default ~/.tmeval/throughput.tsv)"));
        o.add(OptionSpec.flag("no-save-rates", "do not save the measured rates"));
        return o;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        // every setting is checked before the models are loaded or anything is timed
        List<String> methods = o.list(SettingName.METHODS.key(), String.join(",", Benchmark.DEFAULT_METHODS));
        for (String m : methods) {
            if (!Benchmark.measures(m)) {
                throw new UsageException("--methods: bench does not measure '" + m + "'; it measures " + Benchmark.measurable());
            }
        }
        int documents = o.integer(SettingName.DOCUMENTS.option(), DEFAULT_DOCUMENTS, 1, Integer.MAX_VALUE);
        int padTo = o.integer("pad-vocabulary", 0, 1, MAX_PADDED_VOCABULARY);
        int trainIterations = o.integer("train-iterations", DEFAULT_TRAIN_ITERATIONS, 1, 1_000_000);
        int threads = MethodOptions.threads(o);
        if (o.has(SettingName.ALIGN.option()) && !o.has("model-b")) {
            throw new UsageException("--align needs --model-b");
        }
        Path ratesFile = o.has("no-save-rates") ? null : ratesFile(o);
        Throughput.Saved saved = ratesFile == null ? null : Throughput.readSaved(ratesFile);
        if (saved != null && saved.damaged()) {
            err.println("warning: " + saved.problem() + "; the rates measured now replace it (the old file is kept as "
                    + Throughput.corruptCopy(ratesFile).getFileName() + ")");
        }
        TopicModel a = ModelLoader.read(ModelLoader.Spec.of(o.requiredPath("model-a")));
        ModelOptions.requireLda(name(), a, o.path("model-a"));
        TopicModel b = a;
        if (o.has("model-b")) {
            Path pathB = o.path("model-b");
            TopicModel modelB = ModelLoader.read(ModelLoader.Spec.of(pathB));
            ModelOptions.requireLda(name(), modelB, pathB);
            ModelPair pair = InputOptions.pair(a, o.path("model-a"), modelB, pathB, o.has(SettingName.ALIGN.option()), false);
            b = pair.b();
            pair.notes().forEach(out::println);
        }
        if (o.has("pad-vocabulary") && padTo <= a.numWords()) {
            throw new UsageException("--pad-vocabulary " + padTo + " must exceed the model's vocabulary (V = " + a.numWords() + ")");
        }
        int trainTopics = o.integer("train-topics", a.numTopics(), 1, 100_000);
        Corpus corpus = Benchmark.firstDocuments(InputOptions.corpus(o, a), documents);
        Benchmark.Setup setup = new Benchmark.Setup(a, b, corpus, o.integer(MethodOption.TEMPERATURES.option(), DEFAULT_TEMPERATURES, 1, Integer.MAX_VALUE),
                o.integer(MethodOption.BURN_IN.option(), DEFAULT_BURN_IN, 0, Integer.MAX_VALUE),
                o.integer(MethodOption.PARTICLES.option(), DEFAULT_PARTICLES, 1, 100_000),
                o.integer(MethodOption.CHAIN_LENGTH.option(), DEFAULT_CHAIN_LENGTH, 1, Integer.MAX_VALUE), o.integer("repetitions", DEFAULT_REPETITIONS, 1, 1000), threads, cancel);
        Corpus training = o.has("train-corpus")
                ? CorpusLoader.read(InputOptions.trainCorpusSpec(o)) : null;
        out.printf(Locale.ROOT, "%d documents (mean length %.1f), K = %d, V = %d; median of %d repetitions after a warm-up; %d threads for the speed-up%n",
                corpus.size(), corpus.tokenCount() / (double) corpus.size(), a.numTopics(), a.numWords(), setup.repetitions(), threads);
        out.printf(Locale.ROOT, "%-16s %-40s %12s %22s %10s %10s%n", "method", "setting", "ms/document", "site updates/s/thread", "speed-up",
                "ceiling");
        Map<String, Double> rates = new LinkedHashMap<>();
        for (String m : methods) {
            Benchmark.Row r = Benchmark.measure(m, setup);
            print(out, r);
            rates.put(r.method(), r.siteUpdatesPerSecond());
        }
        if (ratesFile != null) {
            // the workbench's cost preview prices each method at these rates; merged, under the file's lock, with what
            // other benches saved meanwhile
            Throughput.save(ratesFile, rates, a.numTopics(), LocalDate.now().toString());
            out.println("saved the rates to " + ratesFile + " (the workbench's cost preview uses them)");
        }
        if (o.has("pad-vocabulary")) {
            TopicModel paddedA = Benchmark.padVocabulary(a, padTo);
            TopicModel paddedB = b == a ? paddedA : Benchmark.padVocabulary(b, padTo);
            Benchmark.Setup padded = setup.on(paddedA, paddedB, CorpusLoader.mapOnto(corpus, paddedA.vocabulary(), o.path("corpus")));
            // alternated with the unpadded runs: the ratio, not two rows minutes apart, shows whether V costs time
            Benchmark.Paired r = Benchmark.measureAgainst(ComparisonMethods.RATIO_CONVEX, setup.oneThread(), padded);
            out.printf(Locale.ROOT, "%-16s %-40s %12.3f %22.3g %10s %10s   %.3f x the unpadded time (median of alternating pairs)%n",
                    ComparisonMethods.RATIO_CONVEX, "vocabulary padded to V = " + padTo, r.millisPerDocument(), r.siteUpdatesPerSecond(), "-", "-", r.timeRatio());
        }
        if (training != null) {
            print(out, Benchmark.measureTrainer(training, trainTopics, trainIterations, setup.repetitions(), cancel));
        }
        return 0;
    }

    /**
     * The rates file, checked before anything is timed: {@code --save-rates} like any output (by the guard), the
     * default one in ~/.tmeval, which is tmeval's own directory and made when missing, here.
     */
    private static Path ratesFile(Options o) throws IOException {
        if (o.has("save-rates")) {
            return o.path("save-rates");
        }
        Path file = Throughput.defaultFile();
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException(dir + ": cannot make the directory for the rates file (" + OutputFile.reason(e)
                    + "); give --save-rates FILE or --no-save-rates", e);
        }
        try {
            OutputFile.check(file);
        } catch (IOException e) {
            throw new IOException(e.getMessage() + " (the rates file; give --save-rates FILE or --no-save-rates)", e);
        }
        return file;
    }

    private static void print(PrintStream out, Benchmark.Row r) {
        out.printf(Locale.ROOT, "%-16s %-40s %12.3f %22.3g %10s %10s%n", r.method(), r.setting(), r.millisPerDocument(),
                r.siteUpdatesPerSecond(), times(r.speedUp()), times(r.ceiling()));
    }

    private static String times(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2fx", x);
    }
}
