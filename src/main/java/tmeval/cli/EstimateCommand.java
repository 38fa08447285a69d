package tmeval.cli;

import tmeval.run.Setting;
import tmeval.run.ShardDocuments;
import tmeval.estimate.Methods;
import tmeval.io.OutputFile;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.CorpusSummary;
import tmeval.run.EstimateTable;
import tmeval.run.EstimatePlan;
import tmeval.run.JobEngine;
import tmeval.run.Provenance;
import tmeval.run.Shard;

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
        o.add(OptionSpec.value("method", "NAME", String.join(", ", Methods.names())));
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
        Methods.Method method;
        try {
            method = Methods.get(o.required("method"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        EstimatePlan plan;
        try {
            plan = new EstimatePlan(method.name(), MethodOptions.settings(o, method.defaults(), uses(List.of(method)), uses(Methods.all())),
                    MethodOptions.integer(o, Setting.RUNS, EstimatePlan.DEFAULT_RUNS), o.longValue("seed", EstimatePlan.DEFAULT_SEED),
                    MethodOptions.threads(o));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        boolean timing = !o.has("no-timing");
        Shard shard = MethodOptions.shard(o);
        Path outFile = o.requiredPath("out");
        tmeval.io.ModelLoader.Loaded loaded = InputOptions.load(o, "model", "alpha-file", "beta");
        TopicModel model = loaded.model();
        boolean smooth = InputOptions.unknownWords(o, o.path("model"), loaded.kind().coversAlphabet());
        Corpus corpus = InputOptions.corpus(o, model);
        InputOptions.reportCorpus(corpus, smooth, out);
        CorpusSummary summary = new CorpusSummary(plan.runs());
        EstimateTable table;
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(plan.settingsText(), o.inputs(), timing, shard,
                    ShardDocuments.of(corpus, shard, length -> Methods.scoredTokens(method.name(), length))));
            w.write(EstimateTable.HEADER);
            table = new EstimateTable(w, method.name(), timing);
            try {
                engine.estimate(plan, corpus, model, shard, outcome -> {
                    summary.add(outcome);
                    try {
                        table.add(outcome);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, ProgressPrinter.to(err, method.name()), cancel);
                table.finish();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        String report = summary.report(method.name()) + table.report();
        if (o.has("summary")) {
            out.print(report);
        } else {
            // what cannot be trusted is said even without --summary
            report.lines().filter(l -> l.startsWith("certified") || l.contains("refused") || l.contains("below-floor") || l.contains("zero-weight"))
                    .forEach(err::println);
        }
        out.println("wrote " + outFile);
        return 0;
    }
}
