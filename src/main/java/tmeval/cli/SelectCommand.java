package tmeval.cli;

import tmeval.estimate.Methods;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.CorpusSummary;
import tmeval.run.EstimatePlan;
import tmeval.run.EstimateTable;
import tmeval.run.EstimationRunner;
import tmeval.run.Provenance;

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
 * corpus log-likelihood with its interval, and for every pair the documents decided for each (a difference larger than
 * twice the combined run-to-run noise).
 */
final class SelectCommand implements Command {
    static final String HEADER = "model\t" + EstimateTable.HEADER;

    private final CancelToken cancel;

    SelectCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "select";
    }

    @Override
    public String summary() {
        return "several models against one held-out corpus: which K, which library predicts it best, with intervals and pairwise wins";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.value("models", "FILES", "two or more models, comma-separated (native TSV or MALLET state; one vocabulary)"));
        o.addAll(InputOptions.corpusOptions());
        o.add(OptionSpec.value("method", "NAME", "the estimator, one of " + String.join(", ", Methods.names()) + " (default " + Methods.AIS + ")"));
        o.addAll(MethodOptions.options(EstimateCommand.uses(Methods.all())));
        o.addAll(MethodOptions.runOptions(2, EstimatePlan.DEFAULT_SEED));
        o.add(OptionSpec.output("out", "FILE", "per-document results, a model column before estimate's columns (TSV; - for standard output)"));
        return o;
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
        }
        return in;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        List<String> paths = o.list("models", null);
        if (paths.size() < 2) {
            throw new UsageException("--models needs two or more models");
        }
        Methods.Method method;
        EstimatePlan plan;
        try {
            method = Methods.get(o.string("method", Methods.AIS));
            plan = new EstimatePlan(method.name(), MethodOptions.settings(o, method.defaults(), EstimateCommand.uses(List.of(method)),
                    EstimateCommand.uses(Methods.all())), o.integer("runs", 2, 1, 1_000_000), o.longValue("seed", EstimatePlan.DEFAULT_SEED),
                    MethodOptions.threads(o));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        boolean timing = !o.has("no-timing");
        Path outFile = o.requiredPath("out");
        List<TopicModel> models = new ArrayList<>();
        for (String p : paths) {
            TopicModel m = ModelLoader.read(ModelLoader.Spec.of(Path.of(p)));
            if (!models.isEmpty() && !new HashSet<>(m.vocabulary().words()).equals(new HashSet<>(models.get(0).vocabulary().words()))) {
                throw InputException.ofFile(Path.of(p), "its vocabulary differs from " + paths.get(0) + "'s: the models would be scored"
                        + " on different tokens; select compares models over one vocabulary (trained on the same corpus)");
            }
            models.add(m);
        }
        List<Provenance.Input> inputs = new ArrayList<>(o.inputs());
        for (int i = 0; i < paths.size(); i++) {
            inputs.add(new Provenance.Input("model " + (i + 1), Path.of(paths.get(i))));
        }
        Map<String, String> settings = new LinkedHashMap<>(plan.settingsText());
        settings.put("plan", "select");
        List<double[][]> perDocument = new ArrayList<>();
        List<String> summaries = new ArrayList<>();
        Corpus first = null;
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(settings, inputs, timing));
            w.write(HEADER);
            for (int i = 0; i < models.size(); i++) {
                TopicModel model = models.get(i);
                Corpus corpus = InputOptions.corpus(o, model);
                if (first == null) {
                    first = corpus;
                    err.println("corpus " + corpus.summary());
                }
                double[][] values = new double[corpus.size()][plan.runs()];
                CorpusSummary summary = new CorpusSummary(plan.runs());
                EstimateTable table = new EstimateTable(w, method.name(), timing, model.name().replace('\t', ' ') + "\t");
                try {
                    EstimationRunner.run(new EstimationRunner.Job(corpus, model, plan.estimator(), plan.runs(), plan.seed(), plan.threads()),
                            outcome -> {
                                summary.add(outcome);
                                values[outcome.documentIndex()][outcome.run() - 1] = outcome.refused() ? Double.NaN : outcome.result().logValue();
                                try {
                                    table.add(outcome);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }, ProgressPrinter.to(err, model.name()), cancel);
                    table.finish();
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
                perDocument.add(values);
                summaries.add(String.format(Locale.ROOT, "model %d: %s (K = %d)%n", i + 1, model.name(), model.numTopics())
                        + summary.report(method.name()).lines().map(l -> "  " + l + "\n").reduce("", String::concat) + table.report());
            }
            file.commit();
        }
        summaries.forEach(out::print);
        out.print(pairwise(models, perDocument));
        out.println("wrote " + outFile);
        return 0;
    }

    /** For each pair, the documents whose means differ by more than twice the combined noise of their runs, each way. */
    static String pairwise(List<TopicModel> models, List<double[][]> values) {
        StringBuilder sb = new StringBuilder("documents decided for the row's model against the column's (mean over runs ahead by more"
                + " than twice the combined run-to-run noise):\n");
        sb.append(String.format(Locale.ROOT, "%-24s", ""));
        for (int j = 0; j < models.size(); j++) {
            sb.append(String.format(Locale.ROOT, " %10s", "model " + (j + 1)));
        }
        sb.append('\n');
        for (int i = 0; i < models.size(); i++) {
            sb.append(String.format(Locale.ROOT, "%-24s", "model " + (i + 1) + " (K = " + models.get(i).numTopics() + ")"));
            for (int j = 0; j < models.size(); j++) {
                sb.append(String.format(Locale.ROOT, " %10s", i == j ? "-" : Integer.toString(decided(values.get(i), values.get(j)))));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static int decided(double[][] a, double[][] b) {
        int wins = 0;
        for (int d = 0; d < a.length; d++) {
            double[] ma = meanAndVarianceOfMean(a[d]);
            double[] mb = meanAndVarianceOfMean(b[d]);
            if (Double.isNaN(ma[0]) || Double.isNaN(mb[0])) {
                continue;
            }
            if (ma[0] - mb[0] > Math.max(2 * Math.sqrt(ma[1] + mb[1]), 1e-9)) {
                wins++;
            }
        }
        return wins;
    }

    private static double[] meanAndVarianceOfMean(double[] runs) {
        double sum = 0;
        int n = 0;
        for (double v : runs) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        if (n == 0) {
            return new double[] {Double.NaN, 0};
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : runs) {
            if (!Double.isNaN(v)) {
                squares += (v - mean) * (v - mean);
            }
        }
        return new double[] {mean, n < 2 ? 0 : squares / (n - 1) / n};
    }
}
