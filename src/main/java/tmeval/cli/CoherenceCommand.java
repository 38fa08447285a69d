package tmeval.cli;

import tmeval.coherence.CoherenceMeasure;
import tmeval.coherence.CoherenceStudy;
import tmeval.coherence.Diversity;
import tmeval.coherence.TopicBootstrap;
import tmeval.coherence.TopicDiagnostics;
import tmeval.coherence.Window;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.MalletStateFormat;
import tmeval.io.ModelLoader;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.exec.ExpectedTopicTokens;
import tmeval.run.output.CoherenceTable;
import tmeval.run.output.Provenance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code coherence}: each topic's coherence on a reference corpus as gensim's {@code CoherenceModel} computes it, the
 * mean over topics with a bootstrap interval, topic diversity and inverted RBO, and MALLET's per-topic diagnostics.
 */
final class CoherenceCommand implements Command {
    private static final String STATE = "state";
    private final CancelToken cancel;

    CoherenceCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "coherence";
    }

    @Override
    public String summary() {
        return "topic coherence on a reference corpus (gensim's c_npmi, u_mass, c_v, c_uci), topic diversity, inverted RBO and"
                + " MALLET's per-topic diagnostics";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>(InputOptions.modelOptions("model", "topic model"));
        o.addAll(InputOptions.matrixOptions());
        o.addAll(InputOptions.corpusOptions("reference corpus (the training text, the held-out text or any other; the words in their"
                + " order, for a sliding window)"));
        o.add(OptionSpec.value(SettingName.MEASURE.option(), CoherenceMeasure.labels(), "gensim's c_npmi, u_mass, c_v or c_uci (default "
                + CoherenceMeasure.DEFAULT.label() + ")"));
        o.add(OptionSpec.value(SettingName.WINDOW.option(), "N|" + Window.DOCUMENT_NAME, "a sliding window of N tokens, or the whole document (default"
                + " gensim's: " + defaults() + ")"));
        o.add(OptionSpec.value(SettingName.TOP_N.option(), "N", "top words per topic, by phi, that coherence and exclusivity are over (default "
                + CoherenceStudy.DEFAULT_TOP_N + ")"));
        o.add(OptionSpec.value(SettingName.SEED.option(), "S", "seed of the bootstrap over topics (default " + CoherenceStudy.DEFAULT_SEED + ")"));
        o.add(OptionSpec.input(STATE, "FILE", "training assignments for the topic sizes (MALLET's --output-state, or the state 'train'"
                + " writes; default: the state beside a model written by 'train', or the model itself when it is a state; without"
                + " one, the topics' expected tokens in the reference corpus)"));
        o.add(OptionSpec.value(SettingName.THREADS.option(), "T", "worker threads for the topic sizes' variational fits (default: all cores)"));
        o.add(OptionSpec.flag("no-timing", "no time in the provenance lines, so that files compare byte for byte"));
        o.add(OptionSpec.output("out", "FILE", "one row per topic, then the model's mean, diversity and inverted RBO (TSV; - for standard output)"));
        return o;
    }

    private static String defaults() {
        StringBuilder sb = new StringBuilder();
        for (CoherenceMeasure m : CoherenceMeasure.values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(m.label()).append(' ').append(m.defaultWindow().label());
        }
        return sb.toString();
    }

    @Override
    public Map<String, Path> derivedInputs(Options o) {
        Path beside = o.has("model") && !o.has(STATE) ? TrainCommand.stateFileFor(o.path("model")) : null;
        return beside != null && Files.exists(beside) ? Map.of("the state beside --model", beside) : Map.of();
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        CoherenceStudy.Settings settings;
        try {
            CoherenceMeasure measure = CoherenceMeasure.parse(o.string(SettingName.MEASURE.option(), CoherenceMeasure.DEFAULT.label()));
            Window window = o.has(SettingName.WINDOW.option()) ? Window.parse(o.string(SettingName.WINDOW.option(), "")) : measure.defaultWindow();
            settings = new CoherenceStudy.Settings(measure, window,
                    o.integer(SettingName.TOP_N.option(), CoherenceStudy.DEFAULT_TOP_N, 2, CoherenceStudy.MAX_TOP_N),
                    o.whole(Setting.SEED, CoherenceStudy.DEFAULT_SEED));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        int threads = MethodOptions.threads(o);
        Path outFile = o.requiredPath("out");
        Path modelFile = o.requiredPath("model");
        ModelLoader.Loaded loaded = ModelOptions.PLAIN.load(o, modelFile);
        TopicModel model = loaded.model();
        ModelOptions.requireLda(name(), model, modelFile);
        CorpusLoader.Spec spec = InputOptions.corpusSpec(o);
        if (!settings.window().isDocument()) {
            requireWordOrder(spec);
        }
        Corpus reference = InputOptions.corpus(o, null);
        out.println("reference corpus " + reference.summary());

        List<Provenance.Input> inputs = new ArrayList<>(o.inputs());
        Path stateFile = stateFile(o, modelFile, loaded.kind());
        List<TopicDiagnostics.Topic> diagnostics;
        TopicDiagnostics.Source sizes;
        if (stateFile != null) {
            TrainingState state = assignments(stateFile, model, modelFile);
            if (!o.has(STATE) && !stateFile.equals(modelFile)) {
                inputs.add(new Provenance.Input(STATE, stateFile));
            }
            diagnostics = TopicDiagnostics.fromCounts(model, state.wordTopicCounts(), settings.topN());
            sizes = TopicDiagnostics.Source.ASSIGNMENTS;
            out.printf(Locale.ROOT, "topic sizes: the training assignments of %s (%d tokens)%n", stateFile, state.tokenCount());
        } else {
            Corpus mapped = CorpusLoader.mapOnto(reference, model.vocabulary(), spec.path());
            double[] tokens = ExpectedTopicTokens.of(model, mapped, threads, ProgressPrinter.to(err, "topic sizes"), cancel);
            diagnostics = TopicDiagnostics.fromExpectedTokens(model, tokens, settings.topN());
            sizes = TopicDiagnostics.Source.EXPECTED;
            out.printf(Locale.ROOT, "topic sizes: the model has no training assignments beside it, so each topic's expected tokens in the"
                    + " reference corpus (variational fit; %d of its tokens are in the model's vocabulary)%n", mapped.tokenCount());
        }
        CoherenceStudy study = CoherenceStudy.of(model, reference, settings, diagnostics, sizes, cancel);
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            file.writer().write(Provenance.header(settings(o, settings, sizes), inputs, !o.has("no-timing")));
            CoherenceTable.write(study, file.writer());
            file.commit();
        }
        report(study, out);
        out.println("wrote " + outFile);
        return 0;
    }

    /** A sliding window over a bag of words would count pairs the file's arbitrary order puts side by side. */
    private static void requireWordOrder(CorpusLoader.Spec spec) throws InputException {
        CorpusLoader.Format format = spec.format();
        Path path = spec.path();
        if (format == CorpusLoader.Format.AUTO && Files.isRegularFile(path)) {
            format = CorpusLoader.detect(path);
        }
        if (format == CorpusLoader.Format.UCI || format == CorpusLoader.Format.LDAC) {
            throw InputException.ofFile(path, "a sliding window needs the words in their order, and a " + (format == CorpusLoader.Format.UCI
                    ? "UCI" : "LDA-C") + " bag of words keeps only their counts; give the text as token lines or raw text, or use"
                    + " --window " + Window.DOCUMENT_NAME);
        }
    }

    /** The assignments' file: --state, the model itself when it is a state, the state 'train' wrote beside it, or null. */
    private static Path stateFile(Options o, Path modelFile, ModelLoader.Kind kind) {
        if (o.has(STATE)) {
            return o.path(STATE);
        }
        if (kind == ModelLoader.Kind.MALLET_STATE) {
            return modelFile;
        }
        Path beside = TrainCommand.stateFileFor(modelFile);
        return kind == ModelLoader.Kind.NATIVE && Files.exists(beside) ? beside : null;
    }

    /** A training state's assignments on the model's vocabulary, refused naming the state when they cannot be the model's. */
    static TrainingState assignments(Path stateFile, TopicModel model, Path modelFile) throws InputException {
        TrainingState state = MalletStateFormat.read(stateFile);
        try {
            state = state.onVocabulary(model.vocabulary());
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(stateFile, e.getMessage() + " of " + modelFile.getFileName());
        }
        if (state.numTopics() != model.numTopics()) {
            throw InputException.ofFile(stateFile, "K = " + state.numTopics() + " but the model has K = " + model.numTopics());
        }
        return state;
    }

    /** Everything that decides the numbers: the measure, its window, the words, the seed, and how the corpus was read. */
    private static Map<String, String> settings(Options o, CoherenceStudy.Settings s, TopicDiagnostics.Source sizes) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(SettingName.PLAN.key(), "coherence");
        m.put(SettingName.MEASURE.key(), s.measure().label());
        m.put(SettingName.GENSIM_MEASURE.key(), s.measure().gensimName());
        m.put(SettingName.WINDOW.key(), s.window().label());
        m.put(SettingName.TOP_N.key(), Integer.toString(s.topN()));
        m.put(SettingName.SEED.key(), Long.toString(s.seed()));
        m.put(SettingName.BOOTSTRAP_RESAMPLES.key(), Integer.toString(TopicBootstrap.RESAMPLES));
        m.put(SettingName.DIVERSITY_WORDS.key(), Integer.toString(Diversity.DIVERSITY_WORDS));
        m.put(SettingName.RBO_WORDS.key(), Integer.toString(Diversity.RBO_WORDS));
        m.put(SettingName.RBO_PERSISTENCE.key(), Double.toString(Diversity.RBO_PERSISTENCE));
        m.put(SettingName.TOPIC_SIZES.key(), sizes.label());
        m.put(SettingName.CORPUS_FORMAT.key(), InputOptions.corpusFormat(o));
        m.put(SettingName.MIN_TOKENS.key(), InputOptions.minTokens(o));
        m.putAll(InputOptions.tokenizingSettings(o));
        return m;
    }

    private static void report(CoherenceStudy study, PrintStream out) {
        CoherenceStudy.Settings s = study.settings();
        out.printf(Locale.ROOT, "%s (gensim's %s), window %s: %d %s; top %d words per topic%n", s.measure().label(), s.measure().gensimName(),
                s.window().label(), study.windows(), s.window().isDocument() ? "documents" : "windows", s.topN());
        for (CoherenceStudy.Topic t : study.topics()) {
            if (!t.absent().isEmpty()) {
                out.printf(Locale.ROOT, "topic %d: %d of its top words never occur in the reference corpus (%s); its coherence is over the"
                        + " other %d, as gensim's%n", t.number(), t.absent().size(), String.join(", ", t.absent()), t.words().length - t.absent().size());
            }
        }
        int n = study.topics().size();
        if (study.valued() == 0) {
            out.println("no topic has a coherence value: too few of each topic's top words occur in the reference corpus");
        } else {
            out.printf(Locale.ROOT, "mean %s over %s%d topics: %.6f", s.measure().label(), study.valued() < n ? "the " : "", study.valued(), study.mean());
            if (study.valued() >= 2) {
                out.printf(Locale.ROOT, " (95%% bootstrap interval over topics %.6f to %.6f, seed %d)", study.interval().low(), study.interval().high(), s.seed());
            }
            out.println(study.valued() < n ? "; " + (n - study.valued()) + " topics have none (too few of their top words in the reference corpus)" : "");
        }
        out.printf(Locale.ROOT, "topic diversity (top %d words): %.4f; inverted RBO (top %d words, p = %s): %s%n", Diversity.DIVERSITY_WORDS,
                study.diversity(), Diversity.RBO_WORDS, Diversity.RBO_PERSISTENCE,
                Double.isFinite(study.invertedRbo()) ? String.format(Locale.ROOT, "%.4f", study.invertedRbo()) : "n/a (one topic)");
    }
}
