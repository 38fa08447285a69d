package tmeval.cli;

import tmeval.estimate.MethodOption;
import tmeval.estimate.Methods;
import tmeval.io.InputException;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.output.CalibrateRowFormat;
import tmeval.run.exec.Calibration;
import tmeval.run.output.Provenance;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code calibrate}: how far each budget can be from the truth for this model at the lengths of this corpus, by
 * bidirectional Monte Carlo on documents drawn from the model ({@link Calibration}). Writes one row per simulated
 * document, method and budget, and prints the widths per budget.
 */
final class CalibrateCommand implements Command {

    private final CancelToken cancel;

    CalibrateCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "calibrate";
    }

    @Override
    public String summary() {
        return "how far each budget can be from the truth for a model at a corpus's lengths: forward and reverse AIS on documents drawn from the model";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>(InputOptions.modelOptions("model", "topic model"));
        o.addAll(InputOptions.matrixOptions());
        o.addAll(InputOptions.corpusOptions("corpus whose document lengths the simulated documents take"));
        o.add(OptionSpec.value(SettingName.DOCUMENTS.option(), "N", "simulated documents, at a seeded sample of the corpus's lengths (default "
                + Calibration.DEFAULT_DOCUMENTS + ")"));
        o.add(OptionSpec.value(MethodOption.TEMPERATURES.option(), "LIST", "budgets, comma-separated (default " + join(Calibration.DEFAULT_BUDGETS)
                + "): temperatures for ais; for the other methods their samples (chib: its chain length), against reverse AIS at the largest"));
        o.add(OptionSpec.value(SettingName.METHODS.option(), "NAMES", "methods whose log-estimate is a stochastic lower bound, comma-separated (default "
                + String.join(",", Calibration.DEFAULT_METHODS) + ", or " + String.join(",", Calibration.DEFAULT_OTHER_FAMILY_METHODS)
                + " for a model with a logistic-normal prior; any of " + String.join(", ", Methods.stochasticLowerBounds()) + ")"));
        o.add(OptionSpec.value(SettingName.SEED.option(), "S", "master seed (default " + Calibration.DEFAULT_SEED + "): same seed, same output, for any thread count"));
        o.add(OptionSpec.value(SettingName.THREADS.option(), "T", "worker threads (default: all cores)"));
        o.add(OptionSpec.flag("no-timing", "write 0 in the millis column and no time in the provenance, so that files compare byte for byte"));
        o.add(OptionSpec.output("out", "FILE", "one row per simulated document, method and budget (TSV; - for standard output)"));
        return o;
    }

    private static String join(List<Integer> budgets) {
        return budgets.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        List<String> methods = o.has(SettingName.METHODS.option()) ? o.list(SettingName.METHODS.option(), "") : null;
        List<Integer> budgets = new ArrayList<>();
        for (String b : o.list(MethodOption.TEMPERATURES.option(), join(Calibration.DEFAULT_BUDGETS))) {
            budgets.add(budget(b));
        }
        int documents = o.integer(SettingName.DOCUMENTS.option(), Calibration.DEFAULT_DOCUMENTS, 1, 1_000_000);
        long seed = o.whole(Setting.SEED, Calibration.DEFAULT_SEED);
        int threads = MethodOptions.threads(o);
        boolean timing = !o.has("no-timing");
        Path outFile = o.requiredPath("out");
        try {
            if (methods != null) {
                Calibration.checkMethods(methods);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        tmeval.io.ModelLoader.Loaded loaded = ModelOptions.PLAIN.load(o, o.requiredPath("model"));
        TopicModel model = loaded.model();
        if (methods == null) {
            methods = Calibration.defaultMethods(model);
        }
        for (String m : methods) {
            String refusal = Methods.refusal(m, model);
            if (refusal != null) {
                throw InputException.ofFile(o.path("model"), refusal);
            }
        }
        Corpus corpus = InputOptions.corpus(o, model);
        InputOptions.reportCorpus(corpus, loaded.kind(), model.numWords(), false, out);
        int[] lengths = Calibration.sampleLengths(corpus, documents, seed);
        int[] sorted = lengths.clone();
        Arrays.sort(sorted);
        out.printf(Locale.ROOT, "%d documents drawn from %s (K = %d) at the lengths of a seeded sample of the corpus (N from %d to %d,"
                + " median %d)%n", documents, model.name(), model.numTopics(), sorted[0], sorted[sorted.length - 1], sorted[sorted.length / 2]);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(SettingName.PLAN.key(), "calibrate");
        settings.put(SettingName.METHODS.key(), String.join(",", methods));
        settings.put(MethodOption.TEMPERATURES.setting(), join(budgets));
        settings.put(SettingName.DOCUMENTS.key(), Integer.toString(documents));
        settings.put(MethodOption.SCHEDULE.setting(), Calibration.SCHEDULE.label());
        settings.put(SettingName.SEED.key(), Long.toString(seed));
        Calibration.Result result;
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(Provenance.header(settings, o.inputs(), timing));
            w.write(CalibrateRowFormat.HEADER);
            try {
                result = Calibration.widths(model, lengths, methods, budgets, seed, threads, row -> {
                    try {
                        w.write(CalibrateRowFormat.write(row, timing));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, ProgressPrinter.to(err, name()), cancel);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        out.print(table(result));
        out.println("wrote " + outFile);
        return 0;
    }

    private static int budget(String text) throws UsageException {
        try {
            long b = Long.parseLong(text);
            if (b >= Setting.TEMPERATURES.min() && b <= Setting.TEMPERATURES.max()) {
                return (int) b;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new UsageException("--temperatures takes whole numbers from 1 to " + Setting.TEMPERATURES.max() + ", was '" + text + "'");
    }

    /** The widths per method and budget, and the refusals by reason. */
    static String table(Calibration.Result result) {
        StringBuilder sb = new StringBuilder();
        sb.append("sandwich width (reverse upper bound - forward lower bound, nats; the truth lies between in expectation), over the 'docs'"
                + " documents simulated from the model at a sample of the corpus's lengths, not over the corpus's own documents:\n");
        sb.append(String.format(Locale.ROOT, "%-10s %8s %5s %12s %10s %10s %10s %9s%n", "method", "budget", "docs", "mean width",
                "per token", "median", "max", "seconds"));
        for (Calibration.Summary s : result.summaries()) {
            if (s.documents() == 0) {
                sb.append(String.format(Locale.ROOT, "%-10s %8d %5d %12s %10s %10s %10s %9.2f%n", s.method(), s.budget(), 0, "n/a", "n/a", "n/a",
                        "n/a", s.seconds()));
            } else {
                sb.append(String.format(Locale.ROOT, "%-10s %8d %5d %12.4f %10.5f %10.4f %10.4f %9.2f%n", s.method(), s.budget(), s.documents(),
                        s.meanWidth(), s.meanWidthPerToken(), s.medianWidth(), s.maxWidth(), s.seconds()));
            }
        }
        Map<String, Long> refusals = result.rows().stream().filter(r -> !r.ok())
                .collect(Collectors.groupingBy(r -> r.method() + " at " + r.budget() + ": " + r.refusal(), LinkedHashMap::new, Collectors.counting()));
        refusals.forEach((why, n) -> sb.append("refused ").append(n).append(n == 1 ? " document, " : " documents, ").append(why).append('\n'));
        return sb.toString();
    }
}
