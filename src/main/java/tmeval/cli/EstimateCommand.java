package tmeval.cli;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.output.ShardDocuments;
import tmeval.estimate.Methods;
import tmeval.io.OutputFile;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.output.CorpusSummary;
import tmeval.run.output.EstimateRowFormat;
import tmeval.run.output.EstimateTable;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.exec.JobEngine;
import tmeval.run.output.Provenance;
import tmeval.run.plan.Shard;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code estimate}: per-document held-out log-likelihood by one method, streamed to a TSV. */
final class EstimateCommand implements Command {
    private final CancelToken cancel;
    private final JobEngine engine;

    EstimateCommand(CancelToken cancel) {
        this(cancel, JobEngine.LOCAL);
    }

    EstimateCommand(CancelToken cancel, JobEngine engine) {
        this.cancel = cancel;
        this.engine = engine;
    }

    @Override
    public String name() {
        return "estimate";
    }

    @Override
    public String summary() {
        return "estimate log P(w | model) per held-out document with one method; --summary prints corpus totals";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>(InputOptions.modelOptions("model", "topic model"));
        o.addAll(InputOptions.matrixOptions());
        o.addAll(InputOptions.corpusOptions());
        o.add(InputOptions.unknownWordsOption());
        o.add(OptionSpec.value(SettingName.METHOD.option(), "NAME", AutoEstimation.NAME + " (default: measures the candidates on a pilot and certifies every document"
                + " it can), or one of " + String.join(", ", Methods.names())));
        o.addAll(MethodOptions.options(uses(Methods.all())));
        o.addAll(MethodOptions.runOptions(EstimatePlan.DEFAULT_RUNS, EstimatePlan.DEFAULT_SEED));
        o.add(MethodOptions.shardOption());
        o.add(OptionSpec.output("out", "FILE", "per-document results (TSV; - for standard output)"));
        o.add(OptionSpec.flag("summary", "print corpus log-likelihood, perplexity and (runs >= 2) the mean per-document variance"));
        return o;
    }

    static List<MethodOptions.MethodUse> uses(List<Methods.Method> methods) {
        return methods.stream().map(m -> new MethodOptions.MethodUse(m.name(), m.options(), m.defaults())).toList();
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        String name = o.string(SettingName.METHOD.option(), AutoEstimation.NAME);
        boolean auto = name.equals(AutoEstimation.NAME);
        long seed = o.whole(Setting.SEED, EstimatePlan.DEFAULT_SEED);
        int threads = MethodOptions.threads(o);
        Methods.Method method = null;
        EstimatePlan plan = null;
        try {
            if (auto) {
                for (OptionSpec spec : MethodOptions.options(uses(Methods.all()))) {
                    if (o.has(spec.name())) {
                        throw new UsageException("--" + spec.name() + ": auto chooses the method and its budget; to set them, name a method"
                                + " (--method " + String.join("|", Methods.names()) + ")");
                    }
                }
                if (o.has(SettingName.RUNS.option())) {
                    throw new UsageException("--runs: auto runs each document " + AutoEstimation.RUNS + " times (its certificate needs a standard error)");
                }
            } else {
                method = Methods.get(name);
                plan = new EstimatePlan(method.name(), MethodOptions.settings(o, method.defaults(), uses(List.of(method)), uses(Methods.all())),
                        MethodOptions.integer(o, Setting.RUNS, EstimatePlan.DEFAULT_RUNS), seed, threads);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        boolean timing = !o.has("no-timing");
        Shard shard = MethodOptions.shard(o);
        Path outFile = o.requiredPath("out");
        tmeval.io.ModelLoader.Loaded loaded = ModelOptions.PLAIN.load(o, o.requiredPath("model"));
        TopicModel model = loaded.model();
        if (!auto && Methods.refusal(name, model) != null) {
            throw new UsageException(Methods.refusal(name, model));
        }
        boolean smooth = InputOptions.unknownWords(o, o.path("model"), loaded.kind().coversAlphabet());
        Corpus corpus = InputOptions.corpus(o, model);
        InputOptions.reportCorpus(corpus, loaded.kind(), model.numWords(), smooth, out);
        AutoEstimation.Choice choice = null;
        if (auto) {
            try (ProgressPrinter progress = ProgressPrinter.to(err, "auto pilot")) {
                choice = AutoEstimation.choose(corpus, model, seed, threads, progress, cancel);
            }
            plan = choice.plan(seed, threads);
            out.print(choice.report(corpus));
        }
        String methodName = plan.method();
        CorpusSummary summary = new CorpusSummary(plan.runs());
        EstimateTable table;
        AutoEstimation.Result spent = null;
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(InputOptions.withCorpus(auto ? choice.settingsText(seed, threads) : plan.toSettings(), o, smooth, corpus),
                    o.inputs(), timing, shard,
                    ShardDocuments.of(corpus, shard, length -> Methods.scoredTokens(methodName, length))));
            w.write(EstimateRowFormat.HEADER);
            table = new EstimateTable(w, timing);
            java.util.function.Consumer<tmeval.run.exec.Outcome> rows = outcome -> {
                summary.add(outcome);
                try {
                    table.add(outcome);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            try (ProgressPrinter progress = ProgressPrinter.to(err, auto ? "auto " + methodName : methodName)) {
                if (auto) {
                    spent = AutoEstimation.run(engine, choice, corpus, model, seed, threads, shard, rows, progress, cancel);
                } else {
                    engine.estimate(plan, corpus, model, shard, rows, progress, cancel);
                }
                table.finish();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        String report = summary.report(auto ? choice.label() : methodName) + table.report()
                + (auto ? spent.report() : "");
        if (o.has("summary")) {
            out.print(report);
            printLibraryNumbers(o, loaded, corpus, summary, out);
        } else {
            // what cannot be trusted is said even without --summary
            report.lines().filter(l -> l.startsWith("certified") || l.contains("refused") || l.contains("below-floor") || l.contains("zero-weight"))
                    .forEach(err::println);
        }
        out.println("wrote " + outFile);
        return 0;
    }

    /**
     * The number the model's library prints (scikit-learn's perplexity(), gensim's log_perplexity(), a reported ELBO or
     * completion perplexity, MALLET's LL/token), beside this run's log-likelihood with the gap (formats.md).
     */
    private void printLibraryNumbers(Options o, tmeval.io.ModelLoader.Loaded loaded, Corpus corpus, CorpusSummary summary, PrintStream out)
            throws InputException {
        Path path = o.path("model");
        if (loaded.kind() == tmeval.io.ModelLoader.Kind.MALLET_STATE) {
            out.println(tmeval.run.output.LibraryGap.malletLine(tmeval.io.MalletStateFormat.read(path), summary.totals()));
            return;
        }
        if (loaded.kind() != tmeval.io.ModelLoader.Kind.NATIVE) {
            return;
        }
        tmeval.run.output.LibraryGap gap = tmeval.run.output.LibraryGap.of(tmeval.io.LibraryLines.read(path), corpus, loaded.model(),
                summary.totals(), cancel);
        if (gap != null) {
            gap.lines().forEach(out::println);
        }
    }

}
