package tmeval.run.local;

import tmeval.run.output.Cells;
import tmeval.run.output.RowChecks;

import tmeval.compare.ComparisonMethods;
import tmeval.estimate.Methods;
import tmeval.io.OutputFile;
import tmeval.io.SharedFileLock;
import tmeval.io.InputException;
import tmeval.io.LineReader;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measured Gibbs site updates per second per thread, by method, at a number of topics K: what {@code bench} measures
 * and saves, and what the workbench's cost preview divides by. Rates are per site update, so they carry over to
 * other documents and budgets; the cost of one update grows with the topics present in a document, so rates
 * measured at a very different K are only a rough guide (the preview says which K they come from).
 * File: a header line, then {@code method TAB K TAB site_updates_per_second TAB measured} per line.
 */
public record Throughput(Map<String, Double> rates, int numTopics, String source) {
    /** The file's columns, in the header's order. */
    enum Column implements Cells.Column {
        METHOD, K, RATE {
            @Override
            public String title() {
                return "site_updates_per_second";
            }
        }, MEASURED;
    }

    private static final List<Column> COLUMNS = List.of(Column.values());
    public static final String HEADER = Cells.header(COLUMNS).strip();

    public Throughput {
        rates = Collections.unmodifiableMap(new LinkedHashMap<>(rates));
    }

    public static Throughput none() {
        return new Throughput(Map.of(), 0, "nothing measured");
    }

    /**
     * Where {@code bench} saves its rates and the workbench reads them: ~/.tmeval/throughput.tsv, or the file named
     * by the system property {@code tmeval.throughput} (the tests point it into target/).
     */
    public static Path defaultFile() {
        String override = System.getProperty("tmeval.throughput");
        return override != null ? Path.of(override) : home(System.getenv("HOME"), System.getProperty("user.home")).resolve(".tmeval")
                .resolve("throughput.tsv");
    }

    /** The user's home: {@code $HOME} when it is set, as for any Unix tool (Java's user.home ignores it), else user.home. */
    static Path home(String homeVariable, String userHome) {
        return Path.of(homeVariable != null && !homeVariable.isEmpty() ? homeVariable : userHome);
    }

    /** Where {@code bench} keeps a damaged rates file it replaces: beside it, as NAME.corrupt. */
    public static Path corruptCopy(Path file) {
        return file.resolveSibling(file.getFileName() + ".corrupt");
    }

    /** What a saved rates file gives: its rates, or none and the problem with it (never an exception). */
    public record Saved(Throughput rates, String problem) {
        public boolean damaged() {
            return problem != null;
        }
    }

    /**
     * {@link #read}, with a damaged file reported instead of thrown: for the workbench's cost preview and for
     * {@code bench}, which replaces it (a damaged file must cost neither its estimate nor its measurements).
     */
    public static Saved readSaved(Path file) {
        try {
            return new Saved(read(file), null);
        } catch (InputException e) {
            return new Saved(none(), e.getMessage());
        }
    }

    /**
     * The estimator whose rate prices a comparison method: the differenced baselines run the single-model
     * estimators; the lr reference is {@code lr}.
     *
     * @return the rate, or NaN when none was measured for it
     */
    public double rateFor(String comparisonMethod) {
        Double r = rates.get(estimatorFor(comparisonMethod));
        return r == null ? Double.NaN : r;
    }

    /** The estimator whose rate stands for a comparison method (the registry's {@code pricedAs}; lr for the reference). */
    public static String estimatorFor(String comparisonMethod) {
        if (comparisonMethod.equals(ComparisonMethods.LR_REFERENCE)) {
            return Methods.LR;
        }
        return ComparisonMethods.get(comparisonMethod).pricedAs();
    }

    /** These rates with the given ones replacing or adding entries (a finished job's own measurements). */
    public Throughput with(Map<String, Double> measured, int k, String newSource) {
        Map<String, Double> merged = new LinkedHashMap<>(rates);
        merged.putAll(measured);
        return new Throughput(merged, k, newSource);
    }

    /**
     * Adds a bench's measurements to the rates file every bench shares, read, merged and written under the file's lock
     * ({@link SharedFileLock}), so that benches run at once each keep theirs: rates of other methods measured at the same
     * K are kept, a different K starts afresh, and a damaged file is kept beside as {@link #corruptCopy} and replaced.
     *
     * @return what the file held just before (damaged or not)
     */
    public static Saved save(Path file, Map<String, Double> measured, int k, String measuredWhen) throws IOException {
        return SharedFileLock.update(file, () -> {
            Saved saved = readSaved(file);
            if (saved.damaged()) {
                OutputFile.copy(file, corruptCopy(file));
            }
            Throughput base = saved.rates().numTopics() == k ? saved.rates() : none();
            base.with(measured, k, "").write(file, measuredWhen);
            return saved;
        });
    }

    public void write(Path file, String measuredWhen) throws IOException {
        try (OutputFile f = OutputFile.create(file)) {
            Writer w = f.writer();
            w.write(HEADER + "\n");
            for (Map.Entry<String, Double> e : rates.entrySet()) {
                w.write(Cells.empty(COLUMNS).put(Column.METHOD, e.getKey()).put(Column.K, numTopics)
                        .put(Column.RATE, String.format(Locale.ROOT, "%.6g", e.getValue())).put(Column.MEASURED, measuredWhen).line());
            }
            f.commit();
        }
    }

    /** Reads a saved file; a missing file gives {@link #none()}, a malformed one an error naming the line. */
    public static Throughput read(Path file) throws InputException {
        if (!Files.isRegularFile(file)) {
            return none();
        }
        Map<String, Double> rates = new LinkedHashMap<>();
        int k = 0;
        String when = "";
        try (LineReader in = LineReader.open(file)) {
            String header = in.next();
            if (header == null || !header.equals(HEADER)) {
                throw in.error("expected the header '" + HEADER.replace("\t", "<TAB>") + "'");
            }
            for (String line = in.next(); line != null; line = in.next()) {
                if (line.isBlank()) {
                    continue;
                }
                Cells<Column> c;
                double rate;
                try {
                    c = Cells.parse(COLUMNS, line);
                    k = (int) c.whole(Column.K, 1, Integer.MAX_VALUE);
                    rate = RowChecks.finite(c.get(Column.RATE), Column.RATE.title());
                } catch (IllegalArgumentException e) {
                    throw in.error(e.getMessage());
                }
                if (!(rate > 0)) {
                    throw in.error("the rate must be a positive number, was " + c.get(Column.RATE));
                }
                rates.put(c.get(Column.METHOD), rate);
                when = c.get(Column.MEASURED);
            }
        }
        return new Throughput(rates, k, "bench, K = " + k + (when.isEmpty() ? "" : ", " + when));
    }
}
