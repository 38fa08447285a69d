package tmeval.cli;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.output.ShardDocuments;
import tmeval.estimate.Methods;
import tmeval.estimate.MethodSettings;
import tmeval.io.OutputFile;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.plan.CurvePlan;
import tmeval.run.output.CurveRowFormat;
import tmeval.run.exec.CurveFloor;
import tmeval.run.exec.CurveRunner;
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
import java.util.Locale;

/** {@code curve}: held-out log-likelihood at each snapshot of a training run (iteration-AIS and the baselines). */
final class CurveCommand implements Command {
    private final CancelToken cancel;
    private final JobEngine engine;

    CurveCommand(CancelToken cancel, JobEngine engine) {
        this.cancel = cancel;
        this.engine = engine;
    }

    @Override
    public String name() {
        return "curve";
    }

    @Override
    public String summary() {
        return "held-out likelihood at every snapshot of a training run: " + Methods.ITERATION_AIS + ", and " + Methods.AIS + " / " + Methods.LR
                + " afresh at each snapshot";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.input("series", "DIR", "snapshots: iter-N.tsv[.gz] files or MALLET state files name.N"));
        o.add(OptionSpec.flag(SettingName.ALLOW_UNEVEN_SERIES.option(), "accept snapshots that are not evenly spaced (otherwise an error)"));
        o.addAll(InputOptions.corpusOptions());
        o.add(InputOptions.unknownWordsOption());
        o.add(OptionSpec.value(SettingName.METHODS.option(), "NAMES", String.join(", ", CurvePlan.CURVE_METHODS) + " (comma-separated)"));
        o.add(OptionSpec.value(SettingName.FIRST_EXTRA_TEMPERATURES.option(), "N", Methods.ITERATION_AIS
                + ": extra temperatures from the prior to the first snapshot (default: --temperatures)"));
        o.addAll(MethodOptions.options(uses(CurvePlan.CURVE_METHODS)));
        o.addAll(MethodOptions.runOptions(CurvePlan.DEFAULT_RUNS, CurvePlan.DEFAULT_SEED));
        o.add(MethodOptions.shardOption());
        o.add(OptionSpec.output("out", "FILE", "per-document and corpus (docId *) results per snapshot (TSV; - for standard output)"));
        return o;
    }

    private static List<MethodOptions.MethodUse> uses(List<String> methods) {
        return methods.stream().map(m -> new MethodOptions.MethodUse(m, CurvePlan.optionsOf(m), CurvePlan.DEFAULT_METHOD_SETTINGS)).toList();
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        CurvePlan plan;
        try {
            List<String> methods = o.list(SettingName.METHODS.option(), null);
            MethodSettings settings = MethodOptions.settings(o, CurvePlan.DEFAULT_METHOD_SETTINGS, uses(methods), uses(CurvePlan.CURVE_METHODS));
            plan = new CurvePlan(methods, settings, MethodOptions.integer(o, Setting.FIRST_EXTRA_TEMPERATURES, settings.temperatures()),
                    MethodOptions.integer(o, Setting.RUNS, CurvePlan.DEFAULT_RUNS), o.whole(Setting.SEED, CurvePlan.DEFAULT_SEED),
                    MethodOptions.threads(o), o.has(SettingName.ALLOW_UNEVEN_SERIES.option()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Shard shard = MethodOptions.shard(o);
        MethodSettings settings = plan.settings();
        boolean timing = !o.has("no-timing");
        Path outFile = o.requiredPath("out");
        ModelSeries series = ModelLoader.readSeries(o.requiredPath("series"), plan.allowUneven());
        TopicModel first = series.get(0).model();
        for (ModelSeries.Snapshot snapshot : series.snapshots()) {
            ModelOptions.requireLda(name(), snapshot.model(), o.path("series"));
        }
        boolean malletStates = ModelLoader.seriesCoversAlphabet(o.path("series"));
        boolean smooth = InputOptions.unknownWords(o, o.path("series"), malletStates);
        Corpus corpus = InputOptions.corpus(o, first);
        InputOptions.reportCorpus(corpus, malletStates ? ModelLoader.Kind.MALLET_STATE : ModelLoader.Kind.NATIVE, first.numWords(), smooth, out);
        out.printf(Locale.ROOT, "series %s: %d snapshots, iterations %d to %d, K = %d; %d temperatures per snapshot (+%d at the first), %d samples, %d runs%n",
                series.name(), series.size(), series.get(0).iteration(), series.get(series.size() - 1).iteration(), series.numTopics(),
                settings.temperatures(), plan.firstExtraTemperatures(), settings.samples(), plan.runs());
        if (!shard.equals(Shard.ALL)) {
            out.printf(Locale.ROOT, "shard %s: %d of the %d documents; the file has no corpus lines (merge writes them), and the sums below"
                    + " are over this shard's documents only%n", shard.label(), shard.positions(corpus.size()).length, corpus.size());
        }
        CurveSummary.header(out);
        int[] refused = {0};
        String[] firstRefusal = {null};
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(InputOptions.withCorpus(plan.toSettings(), o, smooth, corpus), o.inputs(), timing, shard, ShardDocuments.of(corpus, shard, length -> length)));
            w.write(CurveRowFormat.HEADER);
            try {
                engine.curve(plan, corpus, series, shard, new CurveRunner.Listener() {
                    @Override
                    public void row(CurveRunner.Row row) {
                        if (row.refused()) {
                            refused[0]++;
                            if (firstRefusal[0] == null) {
                                firstRefusal[0] = "document " + row.documentId() + ", iteration " + row.iteration() + ", " + row.method()
                                        + ": " + row.refusal();
                            }
                        }
                        write(w, CurveRowFormat.write(CurveRowFormat.Row.of(row), timing));
                    }

                    @Override
                    public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                        for (CurveRunner.Point p : points) {
                            if (shard.equals(Shard.ALL)) {
                                // a corpus line depends on every document: a shard leaves it to the merge
                                write(w, CurveRowFormat.write(CurveRowFormat.Row.of(p), timing));
                            }
                            CurveSummary.point(out, p);
                        }
                        for (CurveRunner.Interval i : CurveRunner.intervals(points)) {
                            out.printf(Locale.ROOT, "%9d  %-14s %4s %16.3f +- %.3f (%s, Student's t)%n", iteration,
                                    i.method(), "mean", i.interval().mean(), i.interval().halfWidth(),
                                    tmeval.run.output.IntervalLabel.monteCarlo(i.interval().runs()));
                        }
                        for (CurveFloor.BelowFloor below : CurveFloor.belowFloor(points)) {
                            out.println("warning: " + below.text());
                        }
                    }
                }, ProgressPrinter.to(err, "curve"), cancel);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        CurveSummary.refused(out, refused[0]);
        if (firstRefusal[0] != null) {
            out.println("first refused: " + firstRefusal[0]);
        }
        out.println("wrote " + outFile);
        return 0;
    }

    private static void write(Writer w, String line) {
        try {
            w.write(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
