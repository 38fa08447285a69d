package tmeval.cli;

import tmeval.coherence.CoherenceMeasure;
import tmeval.coherence.CoherenceStudy;
import tmeval.compare.ComparisonMethods;
import tmeval.io.CorpusLoader;
import tmeval.model.Corpus;
import tmeval.run.select.PerKTable;
import tmeval.run.select.SeedsPerK;
import tmeval.run.select.AdjacentRatios;
import tmeval.run.plan.ComparisonPlan;
import tmeval.estimate.MethodOption;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.UnknownWordsRule;
import tmeval.estimate.Methods;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.OutputFile;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.output.EstimateTable;
import tmeval.run.output.SelectRowFormat;
import tmeval.run.select.ModelLabels;
import tmeval.run.select.ModelSelection;
import tmeval.run.exec.JobEngine;
import tmeval.run.exec.Outcome;
import tmeval.run.plan.Shard;
import tmeval.run.output.Provenance;
import tmeval.run.output.ShardDocuments;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code select}: which of several models (K = 10, 20, 50, 100 from one corpus, or one per library) predicts one
 * held-out corpus best. Each model is estimated by the same method and plan (each document's stream depends on its
 * position, not on the model, so the models are compared on common random numbers); the summary gives each model's
 * corpus log-likelihood with its interval, and for every pair the documents decided for each (by the one rule,
 * {@link tmeval.compare.Decided}). With {@code --pairs}, each model is also compared with the next one up in K by
 * a ratio path in both directions ({@link AdjacentRatios}).
 */
final class SelectCommand implements Command {
    static final String HEADER = SelectRowFormat.HEADER;
    private static final String PER_K = "per-k";
    private static final String COHERENCE = "coherence";
    private static final String REFERENCE = "reference";

    private final CancelToken cancel;
    private final JobEngine engine;

    SelectCommand(CancelToken cancel) {
        this(cancel, JobEngine.LOCAL);
    }

    /** @param engine where each model's documents are evaluated (the pilots and the summaries stay on this machine) */
    SelectCommand(CancelToken cancel, JobEngine engine) {
        this.cancel = cancel;
        this.engine = engine;
    }

    @Override
    public String name() {
        return "select";
    }

    @Override
    public String summary() {
        return "several models against one held-out corpus: which K (or which library, where the models share one vocabulary), each"
                + " model's likelihood with its intervals, and pairwise wins between models of one vocabulary (n/a across vocabularies:"
                + " formats.md says why)";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.value("models", "FILES", "two or more models, comma-separated, each any model estimate reads (native TSV,"
                + " MALLET state, MALLET weights or counts, a topic-word matrix), its options given per model as --alpha-file-I,"
                + " --beta-I, ... with I its place in the list from 1; models of different vocabularies are each scored on their own,"
                + " their pair n/a"));
        o.addAll(ModelOptions.indexed(OptionSpec.INDEX).specs(" of the I-th model"));
        o.addAll(InputOptions.corpusOptions());
        o.add(OptionSpec.value(SettingName.METHOD.option(), "NAME", "the estimator: " + AutoEstimation.NAME + " (default: each model's own choice by a pilot,"
                + " every document certified where it can be), or one of " + String.join(", ", Methods.names())));
        o.add(OptionSpec.value(SettingName.PAIRS.option(), "PATH", "also compare each model with the next one up in K (the models sorted by K) by"
                + " this ratio path,"
                + " one of " + String.join(", ", ratioPaths()) + " (" + ComparisonMethods.RATIO_ETA + " whatever the models' families), in"
                + " both directions: the pair's log-ratio with its bracket beside the difference of the two models' estimates (default: none)"));
        o.addAll(MethodOptions.options(offered()));
        o.addAll(MethodOptions.runOptions(ModelSelection.DEFAULT_RUNS, EstimatePlan.DEFAULT_SEED));
        o.add(MethodOptions.shardOption());
        o.add(OptionSpec.output("out", "FILE", "per-document results, a model column before estimate's columns (TSV; - for standard output)"));
        o.add(OptionSpec.output(PER_K, "FILE", "also write the per-K table (the models grouped by K, several training seeds a K: each K's"
                + " mean log-likelihood with its interval over seeds and runs, coherence, diversity, decided) as TSV with provenance"));
        o.add(OptionSpec.value(COHERENCE, CoherenceMeasure.labels(), "the per-K table's coherence measure, gensim's (default "
                + CoherenceMeasure.DEFAULT.label() + ", in its window; the whole document for a bag-of-words reference)"));
        o.add(OptionSpec.input(REFERENCE, "FILE", "the reference corpus of the per-K table's coherence, in any corpus format, tokenised as"
                + " --corpus (default: the held-out --corpus)"));
        return o;
    }

    /**
     * The ratio paths of whole documents, which {@code --pairs} takes (select scores whole documents, never completions):
     * those over z for LDAs, and ratio-eta, which anneals models of any families and K over eta.
     */
    private static List<String> ratioPaths() {
        return ComparisonMethods.all().stream().filter(m -> m.directional() && !ComparisonMethods.completion(m.name()))
                .map(ComparisonMethods.Method::name).toList();
    }

    private static MethodOptions.MethodUse use(ComparisonMethods.Method m) {
        return new MethodOptions.MethodUse(m.name(), m.options(), ComparisonPlan.DEFAULT_METHOD_SETTINGS);
    }

    /** Every method an option may be meant for: the estimators, and the ratio paths of --pairs. */
    private static List<MethodOptions.MethodUse> offered() {
        List<MethodOptions.MethodUse> all = new ArrayList<>(EstimateCommand.uses(Methods.all()));
        ComparisonMethods.all().stream().filter(ComparisonMethods.Method::directional).forEach(m -> all.add(use(m)));
        return all;
    }

    @Override
    public Map<String, Path> derivedInputs(Options o) {
        Map<String, Path> in = new LinkedHashMap<>();
        if (o.has("models")) {
            for (String m : o.string("models", "").split(",")) {
                if (!m.isBlank()) {
                    in.put("--models " + m.trim(), Path.of(m.trim()));
                }
            }
            if (o.has(REFERENCE)) {
                try {
                    CorpusLoader.foundFiles(InputOptions.referenceSpec(o, REFERENCE))
                            .forEach(p -> in.put("the vocabulary found beside --" + REFERENCE, p));
                } catch (UsageException e) {
                    // the run reports it
                }
            }
            for (int i = 1; i <= o.string("models", "").split(",").length; i++) {
                ModelOptions.indexed(Integer.toString(i)).inputs(o).forEach((name, path) -> in.put("--" + name, path));
            }
        }
        return in;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        List<String> paths = o.list("models", null);
        if (paths.size() < 2) {
            throw new UsageException("--models needs two or more models");
        }
        o.checkIndices(paths.size(), "--models gives " + paths.size() + " models");
        String methodName = o.string(SettingName.METHOD.option(), AutoEstimation.NAME);
        boolean auto = methodName.equals(AutoEstimation.NAME);
        EstimatePlan plan = null;
        ComparisonPlan pairs = null;
        long seed = o.whole(Setting.SEED, EstimatePlan.DEFAULT_SEED);
        int threads = MethodOptions.threads(o);
        try {
            Methods.Method method = auto ? null : Methods.get(methodName);
            List<MethodOptions.MethodUse> chosen = new ArrayList<>(auto ? List.of() : EstimateCommand.uses(List.of(method)));
            ComparisonMethods.Method pairMethod = null;
            if (o.has(SettingName.PAIRS.option())) {
                pairMethod = ComparisonMethods.get(o.string(SettingName.PAIRS.option(), ""));
                if (!ratioPaths().contains(pairMethod.name())) {
                    throw new UsageException("--pairs takes a ratio path (" + String.join(", ", ratioPaths()) + "), not " + pairMethod.name()
                            + ": the single-model scores already give each pair's difference");
                }
                chosen.add(use(pairMethod));
            }
            if (auto && o.has(SettingName.RUNS.option())) {
                throw new UsageException("--runs: auto runs each document " + AutoEstimation.RUNS + " times (its certificate needs a standard error)");
            }
            int runs = auto ? AutoEstimation.RUNS : MethodOptions.integer(o, Setting.RUNS, ModelSelection.DEFAULT_RUNS);
            if (auto) {
                // auto chooses each model's method and budget: an option is only for the ratio path of --pairs, if any
                MethodOptions.settings(o, ComparisonPlan.DEFAULT_METHOD_SETTINGS, chosen, offered());
            } else {
                plan = new EstimatePlan(method.name(), MethodOptions.settings(o, method.defaults(), chosen, offered()), runs, seed, threads);
            }
            if (pairMethod != null) {
                // the ratio path starts from compare's defaults; an option given sets both methods where both read it
                pairs = ComparisonPlan.defaults(List.of(pairMethod.name())).withDirections(ComparisonPlan.Directions.BOTH)
                        .withSettings(MethodOptions.settings(o, ComparisonPlan.DEFAULT_METHOD_SETTINGS, chosen, offered())).withRuns(runs)
                        .withSeed(seed).withThreads(threads).withReference(ComparisonPlan.Reference.NONE);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Shard shard = MethodOptions.shard(o);
        if (o.has(PER_K) && !shard.equals(Shard.ALL)) {
            throw new UsageException("--per-k groups every model's whole-corpus total by K: give it to an unsharded select, not with --shard");
        }
        CoherenceStudy.Settings coherence;
        try {
            coherence = SeedsPerK.coherenceSettings(CoherenceMeasure.parse(o.string(COHERENCE, CoherenceMeasure.DEFAULT.label())),
                    CorpusLoader.keepsWordOrder(o.has(REFERENCE) ? InputOptions.referenceSpec(o, REFERENCE) : InputOptions.corpusSpec(o)));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (pairs != null && !shard.equals(Shard.ALL)) {
            throw new UsageException("--pairs compares adjacent models over the whole corpus once every model is scored: give it to an unsharded"
                    + " select (one machine or Spark), not with --shard");
        }
        boolean timing = !o.has("no-timing");
        Path outFile = o.requiredPath("out");
        // each model read as estimate reads its --model, with its own options (--alpha-file-I, --beta-I, ...)
        List<ModelLoader.Loaded> loaded = new ArrayList<>();
        List<Provenance.Input> inputs = new ArrayList<>(o.inputs());
        Map<String, String> modelSettings = new LinkedHashMap<>();
        for (int i = 0; i < paths.size(); i++) {
            ModelOptions options = ModelOptions.indexed(Integer.toString(i + 1));
            loaded.add(options.load(o, Path.of(paths.get(i))));
            inputs.add(new Provenance.Input("model " + (i + 1), Path.of(paths.get(i))));
            options.inputs(o).forEach((name, path) -> inputs.add(new Provenance.Input(name, path)));
            if (o.has(options.beta())) {
                modelSettings.put("model-" + (i + 1) + "-beta", o.string(options.beta(), ""));
            }
        }
        // one label per model, never two alike: rows, summaries and pairs name the model they are of
        List<String> labels = ModelLabels.of(loaded.stream().map(l -> l.model().name()).toList(), paths);
        List<TopicModel> models = new ArrayList<>();
        for (int i = 0; i < loaded.size(); i++) {
            models.add(loaded.get(i).model().withName(labels.get(i)));
            modelSettings.put("model-" + (i + 1) + "-label", labels.get(i));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        if (auto) {
            settings.put(SettingName.METHOD.key(), AutoEstimation.NAME);
            settings.put(SettingName.RUNS.key(), Integer.toString(AutoEstimation.RUNS));
            settings.put(SettingName.SEED.key(), Long.toString(seed));
        } else {
            settings.putAll(plan.toSettings());
        }
        settings.put(SettingName.PLAN.key(), "select");
        settings.putAll(modelSettings);
        if (pairs != null) {
            settings.put(SettingName.PAIRS.key(), pairs.methods().get(0));
            for (MethodOption read : ComparisonMethods.get(pairs.methods().get(0)).options()) {
                settings.put("pairs-" + read.setting(), read.text(pairs.settings()));
            }
        }
        List<ModelSelection.Candidate> candidates = new ArrayList<>();
        for (TopicModel model : models) {
            candidates.add(new ModelSelection.Candidate(model, InputOptions.corpus(o, model, models)));
        }
        // each model scores the corpus mapped onto its own vocabulary: one unknown-words report when they share one,
        // else one per model (as the workbench's Which K? table shows them)
        boolean oneVocabulary = models.stream().allMatch(m -> new HashSet<>(m.vocabulary().words()).equals(new HashSet<>(models.get(0).vocabulary().words())));
        for (int i = 0; i < (oneVocabulary ? 1 : candidates.size()); i++) {
            if (!oneVocabulary) {
                out.println("model " + (i + 1) + " (" + models.get(i).name() + "), its own vocabulary of " + models.get(i).numWords() + " words:");
            }
            InputOptions.reportCorpus(candidates.get(i).corpus(), loaded.get(i).kind(), models.get(i).numWords(), false, out);
        }
        List<ModelSelection.Estimation> estimations = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (auto) {
                ModelSelection.Estimation e;
                try (ProgressPrinter progress = ProgressPrinter.to(err, "auto pilot, model " + (i + 1))) {
                    e = ModelSelection.Estimation.auto(candidates.get(i), seed, threads, progress, cancel);
                }
                String prefix = "model-" + (i + 1) + "-";
                out.print("model " + (i + 1) + " (" + models.get(i).name() + "): " + e.auto().report(candidates.get(i).corpus()));
                e.auto().settingsText(seed, threads).forEach((k, v) -> {
                    if (k.startsWith("auto") || k.equals(SettingName.METHOD.key()) || Methods.budgetOption(e.plan().method()).setting().equals(k)) {
                        settings.put(prefix + k, v);
                    }
                });
                estimations.add(e);
            } else {
                estimations.add(ModelSelection.Estimation.of(plan));
            }
        }
        settings.putAll(InputOptions.tokenizingSettings(o));
        settings.put(Setting.UNKNOWN_WORDS, UnknownWordsRule.DROP.label()); // select scores each model on its own words and drops the rest
        for (int i = 0; i < candidates.size(); i++) {
            settings.put("model-" + (i + 1) + "-" + Setting.OUT_OF_VOCABULARY, candidates.get(i).corpus().unknownWords().provenanceText());
        }
        List<String> summaries = new ArrayList<>();
        ModelSelection.Result result;
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(settings, inputs, timing, shard, shard.equals(Shard.ALL) ? null
                    : ShardDocuments.ofSelection(candidates.stream().map(ModelSelection.Candidate::corpus).toList(), shard, estimations.stream()
                    .map(e -> (java.util.function.IntUnaryOperator) length -> Methods.scoredTokens(e.plan().method(), length)).toList())));
            w.write(HEADER);
            EstimateTable[] table = new EstimateTable[1];
            try {
                result = ModelSelection.run(engine, shard, estimations, candidates, new ModelSelection.Listener() {
                    @Override
                    public void modelStarted(int index, ModelSelection.Candidate candidate, String method) {
                        table[0] = new EstimateTable(w, timing, candidate.model().name());
                    }

                    @Override
                    public void outcome(int index, Outcome outcome) {
                        try {
                            table[0].add(outcome);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }

                    @Override
                    public void modelDone(int index, ModelSelection.Score score) {
                        try {
                            table[0].finish();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        summaries.add(String.format(Locale.ROOT, "model %d: %s (K = %d%s)%n", index + 1, score.name(), score.model().numTopics(),
                                // an LDA as before; another family says which, so that the ranking reads "which family and which K"
                                score.model().isLda() ? "" : ", " + score.model().family())
                                + score.summary().report(estimations.get(index).plan().method()).lines().map(l -> "  " + l + "\n").reduce("", String::concat)
                                + table[0].report());
                    }
                }, i -> ProgressPrinter.to(err, models.get(i).name()), cancel);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        if (!shard.equals(Shard.ALL)) {
            out.println("shard " + shard.label() + ": the figures below are over this shard's documents only; merge gives the corpus's");
        }
        summaries.forEach(out::print);
        out.print(result.pairwiseText());
        if (pairs != null) {
            out.print(AdjacentRatios.text(AdjacentRatios.run(engine, pairs, result, label -> ProgressPrinter.to(err, label), cancel), result, methodName));
        }
        if (shard.equals(Shard.ALL)) {
            perK(o, result, models, coherence, settings, inputs, timing, out);
        }
        if (!oneVocabulary) {
            out.println("n/a: the two models have different vocabularies, so they score different tokens and their documents cannot be set"
                    + " side by side; each model's own score above stands (on its own vocabulary)");
        }
        out.println("wrote " + outFile);
        if (o.has(PER_K) && SeedsPerK.oneVocabulary(result)) {
            out.println("wrote " + o.path(PER_K));
        }
        return 0;
    }

    /**
     * The models grouped by K ({@link SeedsPerK}): printed, and written with the run's provenance and the coherence's
     * settings to --per-k; n/a across vocabularies (the totals are of different tokens).
     */
    private void perK(Options o, ModelSelection.Result result, List<TopicModel> models, CoherenceStudy.Settings coherence,
                      Map<String, String> settings, List<Provenance.Input> inputs, boolean timing, PrintStream out)
            throws UsageException, InputException, IOException {
        if (!SeedsPerK.oneVocabulary(result)) {
            out.println("per K: n/a: the models have different vocabularies, so their totals are of different tokens");
            return;
        }
        Corpus reference = o.has(REFERENCE) ? CorpusLoader.read(InputOptions.referenceSpec(o, REFERENCE)) : InputOptions.corpus(o, null);
        SeedsPerK.Result perK = SeedsPerK.of(SeedsPerK.models(result, SeedsPerK.topicCoherence(models, reference, coherence, cancel)),
                coherence.seed());
        int leftOut = SeedsPerK.documentsLeftOut(result);
        if (leftOut > 0) {
            out.println("per K: over the documents every model has an estimate of (" + leftOut + " left out)");
        }
        out.print(PerKTable.report(perK, coherence.measure().label()));
        if (o.has(PER_K)) {
            Map<String, String> all = new LinkedHashMap<>(settings);
            all.putAll(SeedsPerK.settings(coherence, o.has(REFERENCE) ? "reference" : "corpus"));
            try (OutputFile file = OutputFile.create(o.requiredPath(PER_K))) {
                List<Provenance.Input> read = new ArrayList<>(inputs);
                if (o.has(REFERENCE)) {
                    CorpusLoader.foundFiles(InputOptions.referenceSpec(o, REFERENCE)).stream()
                            .filter(p -> read.stream().noneMatch(i -> i.path().equals(p)))
                            .forEach(p -> read.add(new Provenance.Input("the vocabulary found beside --" + REFERENCE, p)));
                }
                file.writer().write(Provenance.header(all, read, timing));
                file.writer().write(PerKTable.text(perK, '\t'));
                file.commit();
            }
        }
    }
}
