package tmeval.cli;

import tmeval.run.plan.AdaptiveBudget;

import tmeval.run.plan.Setting;
import tmeval.run.output.ShardDocuments;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.ModelPair;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.auto.AutoComparison;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.services.Comparisons;
import tmeval.progress.Progress;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.output.CertifiedRows;
import tmeval.run.output.CompareRowFormat;
import tmeval.run.output.ComparisonAnswer;
import tmeval.run.certify.Disagreements;
import tmeval.run.certify.VerdictCounts;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.JobEngine;
import tmeval.run.output.Provenance;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Shard;
import tmeval.run.plan.Vocabulary;
import tmeval.run.exec.VariationalFloors;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare}: per-document log P(w | A) - log P(w | B) by ratio-AIS in both directions and the differenced
 * baselines, the summary table of Foulds and Smyth's Tables 1 and 2, and the forward/reverse convergence check.
 */
final class CompareCommand implements Command {
    private final CancelToken cancel;
    private final JobEngine engine;

    CompareCommand(CancelToken cancel) {
        this(cancel, JobEngine.LOCAL);
    }

    CompareCommand(CancelToken cancel, JobEngine engine) {
        this.cancel = cancel;
        this.engine = engine;
    }

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String summary() {
        return "compare two models per document (" + String.join(", ", ComparisonMethods.names()) + ") with the summary table";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.input("model-a", "FILE", "model A (native TSV or MALLET state)"));
        o.add(OptionSpec.input("model-b", "FILE", "model B"));
        o.add(OptionSpec.input("alpha-file-a", "FILE", "alpha for A when it is a topic-word matrix"));
        o.add(OptionSpec.input("alpha-file-b", "FILE", "alpha for B when it is a topic-word matrix"));
        o.add(OptionSpec.value("beta-a", "B", "the beta MALLET trained A with, when A is its --word-topic-counts-file output"));
        o.add(OptionSpec.value("beta-b", "B", "the beta MALLET trained B with, when B is its --word-topic-counts-file output"));
        o.add(OptionSpec.input("beta-from-a", "FILE", "instead of --beta-a: read it from A's MALLET --output-state file or train-topics' log"));
        o.add(OptionSpec.input("beta-from-b", "FILE", "instead of --beta-b: read it from B's MALLET --output-state file or train-topics' log"));
        o.add(OptionSpec.value("matrix-header", "yes|no", "whether a matrix's first line is a header of words (default: guessed)"));
        o.add(OptionSpec.flag("renormalize", "rescale topics that do not sum to 1 (otherwise an error)"));
        o.addAll(InputOptions.corpusOptions());
        o.add(InputOptions.unknownWordsOption());
        o.add(OptionSpec.value(SettingName.METHODS.option(), "NAMES", AutoComparison.NAME + " (default: a pilot measures "
                + String.join(", ", AutoComparison.CANDIDATES) + ", chooses the one that certifies at the least cost and doubles each document's"
                + " budget until it is certified), or one or more of " + String.join(", ", ComparisonMethods.names()) + ", comma-separated"));
        o.add(OptionSpec.value(SettingName.DIRECTION.option(), "D", "forward (B to A), reverse (A to B), or both (default "
                + ComparisonPlan.DEFAULT_DIRECTIONS.label() + ")"));
        o.add(OptionSpec.flag(SettingName.ALIGN.option(), "permute B's topics to A's before annealing (the default)"));
        o.add(OptionSpec.flag(SettingName.ALIGN.negated(), "do not permute B's topics to A's before annealing (by default they are aligned"
                + " by the Hungarian algorithm on L1 distances: no likelihood changes, the ratio paths converge better)"));
        o.add(OptionSpec.value(SettingName.VOCABULARY.option(), "MODE", Vocabulary.STRICT.label() + " (default: differing vocabularies are an error)"
                + " or " + Vocabulary.INTERSECT.label()));
        o.add(OptionSpec.value(SettingName.REFERENCE.option(), "R", "none, lr (a long left-to-right run) or exact: the table's correlation column"
                + " (default " + ComparisonPlan.DEFAULT_REFERENCE.label() + ")"));
        o.add(OptionSpec.value(SettingName.REFERENCE_PARTICLES.option(), "P", "particles of the lr reference (default "
                + ComparisonPlan.DEFAULT_REFERENCE_PARTICLES + ")"));
        o.add(OptionSpec.value(SettingName.GAP_THRESHOLD.option(), "NATS", "flag documents whose forward/reverse gap exceeds this (default "
                + ComparisonPlan.DEFAULT_GAP_THRESHOLD + ")"));
        o.addAll(MethodOptions.options(uses(ComparisonMethods.all())));
        o.addAll(MethodOptions.runOptions(ComparisonPlan.DEFAULT_RUNS, ComparisonPlan.DEFAULT_SEED));
        o.add(MethodOptions.shardOption());
        o.add(OptionSpec.flag(SettingName.ADAPTIVE.option(), "run again, with twice the temperatures, each document whose directions disagree"
                + " by more than --agree-within, until they agree or reach --max-temperatures; rows gain temperatures and converged"));
        o.add(OptionSpec.value(SettingName.AGREE_WITHIN.option(), "NATS", "with --adaptive: the agreement sought (default: --gap-threshold, "
                + ComparisonPlan.DEFAULT_GAP_THRESHOLD + ")"));
        o.add(OptionSpec.value(SettingName.MAX_TEMPERATURES.option(), "N", "with --adaptive: the most temperatures a document gets"
                + " (default " + ComparisonPlan.DEFAULT_MAX_TEMPERATURES_FACTOR + " x --temperatures)"));
        o.add(OptionSpec.output("out", "FILE", "per-document results (TSV; - for standard output)"));
        return o;
    }

    private static List<MethodOptions.MethodUse> uses(List<ComparisonMethods.Method> methods) {
        return methods.stream().map(m -> new MethodOptions.MethodUse(m.name(), m.options(), ComparisonPlan.DEFAULT_METHOD_SETTINGS)).toList();
    }

    /** Whether the options ask for {@code auto}: no --method, or --method auto. */
    static boolean auto(Options o) throws UsageException {
        List<String> names = o.list(SettingName.METHODS.option(), AutoComparison.NAME);
        if (names.contains(AutoComparison.NAME) && names.size() > 1) {
            throw new UsageException("--method " + AutoComparison.NAME + " chooses one method itself: give it alone, or name the methods without it");
        }
        return names.contains(AutoComparison.NAME);
    }

    /** The options of the settings auto sets itself ({@link ComparisonJob#CHOSEN_BY_AUTO}: budgets, runs, directions, the adaptive budget, the reference). */
    private static void refuseWhatAutoChooses(Options o) throws UsageException {
        for (String setting : ComparisonJob.CHOSEN_BY_AUTO) {
            // a setting's option is its name, or for a method option its flag (resampling: --no-resampling)
            String option = java.util.Arrays.stream(MethodOption.values()).filter(m -> m.setting().equals(setting)).map(MethodOption::option)
                    .findFirst().orElse(SettingName.optionOf(setting));
            if (o.has(option)) {
                throw new UsageException("--" + option + ": auto chooses the method, its budget, runs and directions; to set them, name the methods"
                        + " (--method " + String.join(",", ComparisonPlan.defaultSelection()) + ", or any of " + String.join(", ",
                        ComparisonMethods.names()) + ")");
            }
        }
    }

    /**
     * The plan the options describe, every unset option at the plan's default; for {@code auto}, the plan of its pilot
     * ({@link AutoComparison#pilotPlan}: the candidates at the default budget).
     */
    static ComparisonPlan plan(Options o) throws UsageException {
        if (o.has(SettingName.ALIGN.option()) && o.has(SettingName.ALIGN.negated())) {
            throw new UsageException("give --align or --no-align, not both");
        }
        if (auto(o)) {
            refuseWhatAutoChooses(o);
            // the options then give only what auto leaves to the user: the pilot takes it from their plan
            return AutoComparison.pilotPlan(plan(o, ComparisonPlan.defaultSelection()));
        }
        return plan(o, o.list(SettingName.METHODS.option(), null));
    }

    /** The plan of {@code names} the options describe, every unset option at the plan's default. */
    private static ComparisonPlan plan(Options o, List<String> names) throws UsageException {
        List<ComparisonMethods.Method> chosen = new ArrayList<>();
        try {
            for (String name : names) {
                chosen.add(ComparisonMethods.get(name));
            }
            boolean intersect = intersect(o);
            ComparisonPlan.Reference reference = ComparisonPlan.Reference.parse(o.string(SettingName.REFERENCE.option(),
                    ComparisonPlan.DEFAULT_REFERENCE.label()));
            if (o.has(SettingName.REFERENCE_PARTICLES.option()) && reference != ComparisonPlan.Reference.LR) {
                throw new UsageException("--reference-particles applies to --reference lr");
            }
            ComparisonPlan.Directions directions = ComparisonPlan.Directions.parse(o.string(SettingName.DIRECTION.option(), ComparisonPlan.DEFAULT_DIRECTIONS.label()));
            MethodSettings settings = MethodOptions.settings(o, ComparisonPlan.DEFAULT_METHOD_SETTINGS, uses(chosen), uses(ComparisonMethods.all()));
            int runs = MethodOptions.integer(o, Setting.RUNS, ComparisonPlan.DEFAULT_RUNS);
            long seed = o.whole(Setting.SEED, ComparisonPlan.DEFAULT_SEED);
            int threads = MethodOptions.threads(o);
            int particles = MethodOptions.integer(o, Setting.REFERENCE_PARTICLES, ComparisonPlan.DEFAULT_REFERENCE_PARTICLES);
            double gap = MethodOptions.real(o, Setting.GAP_THRESHOLD, ComparisonPlan.DEFAULT_GAP_THRESHOLD);
            return ComparisonPlan.defaults(names).withDirections(directions).withSettings(settings).withRuns(runs).withSeed(seed).withThreads(threads)
                    .withReference(reference).withReferenceParticles(particles).withAlign(!o.has(SettingName.ALIGN.negated()) && ComparisonPlan.DEFAULT_ALIGN)
                    .withIntersectVocabularies(intersect).withGapThreshold(gap);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Whether --vocabulary asks for the intersection (strict, the default, or intersect). */
    private static boolean intersect(Options o) throws UsageException {
        try {
            return Vocabulary.parse(o.string(SettingName.VOCABULARY.option(), Vocabulary.STRICT.label())).intersects();
        } catch (IllegalArgumentException e) {
            throw new UsageException(SettingName.VOCABULARY.dashed() + " " + e.getMessage());
        }
    }

    /** The comparison the options describe: for auto, on its pilot's plan; else the plan with its adaptive budget, or none. */
    static ComparisonJob job(Options o) throws UsageException {
        ComparisonPlan plan = plan(o);
        return auto(o) ? ComparisonJob.auto(plan) : new ComparisonJob(plan, budget(o, plan));
    }

    /** The adaptive budget the options describe (unset values at the plan's defaults), or null without --adaptive. */
    static AdaptiveBudget budget(Options o, ComparisonPlan plan) throws UsageException {
        if (!o.has(SettingName.ADAPTIVE.option())) {
            if (o.has(SettingName.AGREE_WITHIN.option()) || o.has(SettingName.MAX_TEMPERATURES.option())) {
                throw new UsageException("--agree-within and --max-temperatures go with --adaptive");
            }
            return null;
        }
        try {
            // the defaults one by one, not as a budget: --gap-threshold 0 is no agreement to seek, but --agree-within may be given
            AdaptiveBudget budget = new AdaptiveBudget(MethodOptions.real(o, Setting.AGREE_WITHIN, plan.gapThreshold()),
                    MethodOptions.integer(o, Setting.MAX_TEMPERATURES, ComparisonPlan.defaultMaxTemperatures(plan.settings().temperatures())));
            budget.check(plan);
            return budget;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * Each model's certified floor over the corpus (the variational lower bound vb, summed over documents), in nats and
     * per token: no estimate of the model's corpus log-likelihood can rightly lie below it.
     */
    static String floors(Corpus corpus, ModelPair pair, int threads, CancelToken cancel) {
        double[] floor = VariationalFloors.of(corpus, List.of(pair.a(), pair.b()), threads, cancel);
        double a = floor[0];
        double b = floor[1];
        long tokens = corpus.tokenCount();
        if (Double.isNaN(a) || Double.isNaN(b)) {
            // a model with a product decoder has no such bound
            return String.format(Locale.ROOT, "variational floors (vb, corpus log-likelihood no estimate may lie below): A %s, B %s%n",
                    Double.isNaN(a) ? "none (" + pair.a().family() + ")" : String.format(Locale.ROOT, "%.3f (%.4f per token)", a, a / tokens),
                    Double.isNaN(b) ? "none (" + pair.b().family() + ")" : String.format(Locale.ROOT, "%.3f (%.4f per token)", b, b / tokens));
        }
        return String.format(Locale.ROOT, "variational floors (vb, corpus log-likelihood no estimate may lie below): A %.3f (%.4f per token),"
                + " B %.3f (%.4f per token)%n", a, a / tokens, b, b / tokens);
    }

    /** A progress printer on standard error, kept to be closed when its phase ends (a cancel or a failure included). */
    private static ProgressPrinter printer(List<ProgressPrinter> printers, PrintStream err, String label) {
        ProgressPrinter p = ProgressPrinter.to(err, label);
        printers.add(p);
        return p;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        ComparisonJob asked = job(o);
        ComparisonPlan plan = asked.plan();
        Shard shard = MethodOptions.shard(o);
        boolean timing = !o.has("no-timing");
        Path outFile = o.requiredPath("out");

        Path pathA = o.requiredPath("model-a");
        Path pathB = o.requiredPath("model-b");
        ModelLoader.Loaded loadedA = ModelOptions.side("a").load(o, pathA);
        ModelLoader.Loaded loadedB = ModelOptions.side("b").load(o, pathB);
        TopicModel a = loadedA.model();
        TopicModel b = loadedB.model();
        boolean smooth = InputOptions.unknownWords(o, pathA, loadedA.kind().coversAlphabet())
                & InputOptions.unknownWords(o, pathB, loadedB.kind().coversAlphabet());
        String refusal = Comparisons.refusal(asked, a, b);
        if (refusal != null) {
            throw new UsageException(refusal);
        }
        ModelPair pair = InputOptions.pair(a, pathA, b, pathB, plan.align(), plan.intersectVocabularies(), plan.annealingMethod());
        Corpus corpus = InputOptions.corpus(o, pair.a(), List.of(a, b));
        // the corpus is mapped onto A's vocabulary; a state on either side cannot know MALLET's whole alphabet
        ModelLoader.Kind kind = loadedB.kind() == ModelLoader.Kind.MALLET_STATE ? loadedB.kind() : loadedA.kind();
        InputOptions.reportCorpus(corpus, kind, pair.a().numWords(), smooth, out);
        pair.notes().forEach(n -> out.println(n));
        if (pair.aligned()) {
            out.println("alignment (B topic for each A topic, 1-based): " + Arrays.toString(Arrays.stream(pair.alignment().permutation()).map(k -> k + 1).toArray()));
            StringBuilder distances = new StringBuilder("L1 distance of each aligned pair:");
            for (double d : pair.alignment().distances()) {
                distances.append(String.format(Locale.ROOT, " %.3f", d));
            }
            out.println(distances);
        }

        Comparisons.Ready ready;
        List<ProgressPrinter> printers = new ArrayList<>();
        try {
            ready = Comparisons.prepare(asked, corpus, pair, new Comparisons.Listener() {
                @Override
                public Progress piloting(ComparisonPlan pilotPlan, int documents) {
                    return printer(printers, err, "auto pilot");
                }
            }, cancel);
        } finally {
            printers.forEach(ProgressPrinter::close);
            printers.clear();
        }
        out.print(ready.report(corpus));
        ComparisonJob made = ready.job();
        plan = made.plan();
        ComparisonTable table = ComparisonTable.forCorpus(corpus, plan.runs(), plan::scoredTokens);
        int[] refused = {0};
        String[] firstRefusal = {null};
        String roundsReport;
        VerdictCounts verdicts;
        long start = System.nanoTime();
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(InputOptions.withCorpus(made.toSettings(), o, smooth, corpus), o.inputs(), timing, shard,
                    ShardDocuments.of(corpus, shard, plan::scoredTokens)));
            w.write(CompareRowFormat.header(made.rounds()));
            CertifiedRows rows = new CertifiedRows(w, timing);
            verdicts = rows.verdicts();
            try {
                roundsReport = Comparisons.run(ready, corpus, pair, shard, engine, new Comparisons.Listener() {
                    @Override
                    public Progress running(Comparisons.Ready r) {
                        return printer(printers, err, r.label());
                    }

                    @Override
                    public void row(AdaptiveComparison.Row row) {
                        ComparisonRunner.Result r = row.result();
                        ComparisonRunner.record(table, r);
                        if (r.refused()) {
                            refused[0]++;
                            if (firstRefusal[0] == null) {
                                firstRefusal[0] = "document " + r.documentId() + ", " + r.method() + ": " + r.refusal();
                            }
                        }
                        rows.add(row);
                    }
                }, cancel).summary();
                rows.finish();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } finally {
                printers.forEach(ProgressPrinter::close);
            }
            file.commit();
        }
        MethodSettings settings = plan.settings();
        // the answer first, as the workbench shows it above its results
        out.println(ComparisonAnswer.line(table.rows(), verdicts, table.convergenceChecks(plan.gapThreshold()), ready.chosenMethod(), false));
        out.printf(Locale.ROOT, "A = %s, B = %s; %d documents, %d runs, %d temperatures, %d samples, burn-in %d, %s schedule; %.1f s wall%n",
                pair.a().name(), pair.b().name(), corpus.size(), plan.runs(), settings.temperatures(), settings.samples(), settings.burnIn(),
                settings.schedule().label(), (System.nanoTime() - start) / 1e9);
        out.print(table.format());
        out.println("(A wins: percent of documents where log P(w|A) > log P(w|B), mean over runs; corpus pr: perp_A / perp_B over the corpus;"
                + " var(ratio): variance of the per-document perplexity ratio across runs, averaged over documents"
                + (plan.reference() == ComparisonPlan.Reference.NONE ? ")"
                : "; corr. ref: Pearson correlation with the " + plan.reference().label() + " reference)"));
        Disagreements.of(table.rows(), verdicts).forEach(out::println);
        for (ConvergenceCheck check : table.convergenceChecks(plan.gapThreshold())) {
            out.println(check.verdict());
        }
        out.print(roundsReport);
        out.print(verdicts.report());
        if (shard.equals(Shard.ALL)) {
            // a corpus figure: a shard's summary leaves it to the merge, as it does the table's corpus columns
            out.print(floors(corpus, pair, plan.threads(), cancel));
        }
        if (refused[0] > 0) {
            out.println(refused[0] + " estimates refused or at weight zero (written with their status, no value, and left out of the"
                    + " table); first: " + firstRefusal[0]);
        }
        out.println("wrote " + outFile);
        return 0;
    }
}
