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
import tmeval.run.certify.LiveCurve;
import tmeval.run.exec.SeriesWatch;
import tmeval.curve.ConvergenceRule;
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
    private static final long DEFAULT_IDLE_SECONDS = SeriesWatch.DEFAULT_IDLE.toSeconds();
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
        o.add(OptionSpec.input("follow", "DIR", "instead of --series: a series a training run is still writing; each snapshot's points, the"
                + " step from the one before and the convergence verdict are printed as it lands; ends on the verdict, after --idle, or"
                + " on Ctrl+C (which, as for every command, writes no --out)"));
        o.add(OptionSpec.value("idle", "SECONDS", "with --follow: end when no snapshot has come for this long (default " + DEFAULT_IDLE_SECONDS + ")"));
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
        if (o.has("follow")) {
            if (o.has("series") || !shard.equals(Shard.ALL)) {
                throw new UsageException("--follow watches one series as it grows: drop --" + (o.has("series") ? "series" : "shard"));
            }
            return follow(plan, o, out, err);
        }
        if (o.has("idle")) {
            throw new UsageException("--idle goes with --follow");
        }
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
        Printer printer;
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(InputOptions.withCorpus(plan.toSettings(), o, smooth, corpus), o.inputs(), timing, shard, ShardDocuments.of(corpus, shard, length -> length)));
            w.write(CurveRowFormat.HEADER);
            printer = new Printer(w, out, timing, shard);
            try {
                engine.curve(plan, corpus, series, shard, printer, ProgressPrinter.to(err, "curve"), cancel);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        printer.end(outFile);
        return 0;
    }

    /**
     * {@code --follow}: the first snapshot gives the vocabulary the corpus is read onto; each later one is evaluated
     * as it lands (locally: iteration-AIS carries its runs in this process), followed by its step and the verdict.
     */
    private int follow(CurvePlan plan, Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        Path dir = o.requiredPath("follow");
        Path outFile = o.requiredPath("out");
        java.time.Duration idle = java.time.Duration.ofSeconds(o.integer("idle", (int) DEFAULT_IDLE_SECONDS, 1, Integer.MAX_VALUE));
        boolean timing = !o.has("no-timing");
        tmeval.io.SeriesFollower follower = new tmeval.io.SeriesFollower(dir, plan.allowUneven());
        out.println("following " + dir + ": ends on the convergence verdict, after " + idle.toSeconds() + " s without a new snapshot, or on Ctrl+C");
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            Printer printer = new Printer(w, out, timing, Shard.ALL);
            CurveRunner.Live[] live = {null};
            LiveCurve[] judged = {null};
            String[] waitingFor = {null};
            SeriesWatch.End end;
            try {
                end = SeriesWatch.watch(follower, SeriesWatch.POLL, idle, () -> false, snapshot -> {
                    ModelOptions.requireLda(name(), snapshot.model(), dir);
                    if (live[0] == null) {
                        Corpus corpus = followedCorpus(plan, o, dir, snapshot, w, timing, out);
                        live[0] = CurveRunner.live(CurveRunner.Job.of(plan, corpus, new ModelSeries(dir.getFileName().toString(), List.of(snapshot))));
                        judged[0] = new LiveCurve(corpus, ConvergenceRule.DEFAULT);
                    }
                    live[0].next(snapshot, printer, ProgressPrinter.to(err, "curve iteration " + snapshot.iteration()), cancel);
                    LiveCurve.Step step = judged[0].add(snapshot.iteration(), printer.lastPoints);
                    if (step != null) {
                        out.println("  " + step.text(judged[0].target()));
                    }
                    out.println("  verdict: " + judged[0].verdict().text());
                    return judged[0].verdict().converged();
                }, why -> {
                    if (!why.equals(waitingFor[0])) {
                        err.println("curve: " + why);
                        waitingFor[0] = why;
                    }
                }, cancel);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } catch (FollowUsage e) {
                throw e.usage;
            }
            if (live[0] == null) {
                throw InputException.ofFile(dir, "no snapshot came in " + idle.toSeconds() + " s (--idle): expected iter-N.tsv[.gz] files or MALLET state files name.N");
            }
            file.commit();
            out.println("ended: " + switch (end) {
                case VERDICT -> "the verdict (" + judged[0].verdict().text() + ")";
                case IDLE -> "no snapshot for " + idle.toSeconds() + " s (--idle); last verdict: " + judged[0].verdict().text();
                case WRITER_DONE -> "the writer is done";
            });
            printer.end(outFile);
        }
        return 0;
    }

    /** The corpus read onto the first snapshot's words, reported, and the file's header written. */
    private static Corpus followedCorpus(CurvePlan plan, Options o, Path dir, ModelSeries.Snapshot first, Writer w, boolean timing, PrintStream out)
            throws InputException {
        try {
            boolean malletStates = ModelLoader.seriesCoversAlphabet(dir);
            boolean smooth = InputOptions.unknownWords(o, dir, malletStates);
            Corpus corpus = InputOptions.corpus(o, first.model());
            InputOptions.reportCorpus(corpus, malletStates ? ModelLoader.Kind.MALLET_STATE : ModelLoader.Kind.NATIVE, first.model().numWords(), smooth, out);
            out.printf(Locale.ROOT, "first snapshot: iteration %d, K = %d; %d temperatures per snapshot (+%d at the first), %d samples, %d runs%n",
                    first.iteration(), first.model().numTopics(), plan.settings().temperatures(), plan.firstExtraTemperatures(),
                    plan.settings().samples(), plan.runs());
            w.write(Provenance.header(InputOptions.withCorpus(plan.toSettings(), o, smooth, corpus), o.inputs(), timing, Shard.ALL,
                    ShardDocuments.of(corpus, Shard.ALL, length -> length)));
            w.write(CurveRowFormat.HEADER);
            CurveSummary.header(out);
            return corpus;
        } catch (UsageException e) {
            throw new FollowUsage(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A usage error found once the first snapshot is in (its kind decides the corpus options that apply), carried out of the watch. */
    private static final class FollowUsage extends RuntimeException {
        private final UsageException usage;

        FollowUsage(UsageException usage) {
            super(usage.getMessage(), usage);
            this.usage = usage;
        }
    }

    /** Writes each row and corpus line to the file and prints each snapshot's points, intervals and floor warnings. */
    private static final class Printer implements CurveRunner.Listener {
        private final Writer w;
        private final PrintStream out;
        private final boolean timing;
        private final Shard shard;
        private int refused;
        private String firstRefusal;
        private List<CurveRunner.Point> lastPoints = List.of();

        Printer(Writer w, PrintStream out, boolean timing, Shard shard) {
            this.w = w;
            this.out = out;
            this.timing = timing;
            this.shard = shard;
        }

        @Override
        public void row(CurveRunner.Row row) {
            if (row.refused()) {
                refused++;
                if (firstRefusal == null) {
                    firstRefusal = "document " + row.documentId() + ", iteration " + row.iteration() + ", " + row.method() + ": " + row.refusal();
                }
            }
            write(w, CurveRowFormat.write(CurveRowFormat.Row.of(row), timing));
        }

        @Override
        public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
            lastPoints = points;
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

        void end(Path outFile) {
            CurveSummary.refused(out, refused);
            if (firstRefusal != null) {
                out.println("first refused: " + firstRefusal);
            }
            out.println("wrote " + outFile);
        }
    }

    private static void write(Writer w, String line) {
        try {
            w.write(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
