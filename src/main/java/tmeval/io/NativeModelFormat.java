package tmeval.io;

import tmeval.model.Decoder;
import tmeval.model.DirichletPrior;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.MixtureDecoder;
import tmeval.model.ProductDecoder;
import tmeval.model.ThetaPrior;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The native model file (formats.md): {@code #tmeval-model v1}, optional {@code #name}, optional provenance lines
 * ({@code # ...}: a snapshot names the training run that wrote it), {@code #alpha}, then one line per word with its K
 * probabilities. Other families ({@link PriorHeader}): {@code #prior logistic-normal}, {@code #mu} and D {@code #cov}
 * lines or one {@code #var} line in place of {@code #alpha}; {@code #decoder product}, each word line then holding
 * B(w, 1..K) and c(w). Numbers are written with {@link Double#toString(double)},
 * the shortest text that reads back to the same double, so a file round-trips exactly.
 */
public final class NativeModelFormat {
    public static final String MAGIC = "#tmeval-model v1";

    private NativeModelFormat() {
    }

    /** Reads a model; topic columns must sum to 1 within {@link TopicModel#SUM_TOLERANCE}. */
    public static TopicModel read(Path path) throws InputException {
        return read(path, false);
    }

    /**
     * Reads a model.
     *
     * @param renormalize rescale each topic column to sum to 1 instead of rejecting a column that does not
     */
    public static TopicModel read(Path path, boolean renormalize) throws InputException {
        try (LineReader in = LineReader.open(path)) {
            return read(in, renormalize);
        }
    }

    /** Reads a model from an open reader (which may have been peeked at), applying its limits. */
    static TopicModel read(LineReader in, boolean renormalize) throws InputException {
        Path path = in.path();
        InputLimits limits = in.limits();
        String line = in.next();
        if (line == null) {
            throw InputException.ofFile(path, "empty file, expected a '" + MAGIC + "' header");
        }
        if (!line.equals(MAGIC)) {
            throw in.error("expected the header '" + MAGIC + "', found '" + Numbers.abbreviate(line) + "'");
        }
        String name = defaultName(path);
        PriorHeader header = new PriorHeader();
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        double[] values = new double[0];
        double[] bias = new double[0];
        int numTopics = -1;
        int rows = 0;
        while ((line = in.next()) != null) {
            if (line.isEmpty()) {
                throw in.error("empty line");
            }
            // header lines come before the prior's last line (#alpha, or the covariance's); after it every line is a word line,
            // so a word may start with #; but before the first word, a line no word line can be (#decoder product, #prior ...)
            // is still the header's, and so is any of its keywords in a logistic-normal model (whose first word may not be one)
            if (line.startsWith("#") && (!header.complete() || rows == 0 && headerAfterPrior(header, line))) {
                if (line.startsWith("# ")) {
                    continue; // provenance: which run wrote the file, for provenance(path)
                }
                String keyword = PriorHeader.keyword(line);
                if (keyword.equals("#name")) {
                    name = line.substring("#name".length()).strip();
                } else if (PriorHeader.KEYWORDS.contains(keyword)) {
                    header.read(in, line);
                } else {
                    throw in.error("unknown header line '" + Numbers.abbreviate(line.split("\t", -1)[0]) + "'");
                }
                continue;
            }
            if (!header.complete()) {
                throw in.error("word line before the prior is complete: " + header.missing());
            }
            // a line without a tab is split at spaces (as the issue's examples are written): no word holds one then
            boolean spaced = line.indexOf('\t') < 0;
            int found = spaced ? Numbers.countFields(line) - 1 : Numbers.count(line, '\t');
            if (numTopics < 0) {
                numTopics = topics(in, header, found);
            }
            int expected = numTopics + (header.product ? 1 : 0);
            if (found != expected) {
                throw in.error("expected a word and " + (header.product ? numTopics + " weights B(w, k) and a bias c(w)" : numTopics + " probabilities")
                        + " (K from " + (header.alpha != null ? "#alpha" : "the first word line") + "), found " + found + " values");
            }
            limits.checkVocabulary(in, rows + 1L);
            limits.checkModelCells(in, rows + 1L, expected);
            String[] f = spaced ? spaceSeparated(line, found + 1) : line.split("\t", -1);
            if (f[0].isEmpty()) {
                throw in.error("empty word");
            }
            if (vocab.add(f[0]) < 0) {
                throw in.error("word '" + Numbers.abbreviate(f[0]) + "' appears twice");
            }
            if ((rows + 1) * (long) numTopics > values.length) {
                long grown = Math.min(Math.max(1024L * numTopics, values.length * 2L), limits.maxModelCells());
                values = Arrays.copyOf(values, (int) grown);
                if (header.product) {
                    bias = Arrays.copyOf(bias, (int) (grown / numTopics));
                }
            }
            int base = rows * numTopics;
            String word = Numbers.abbreviate(f[0]);
            for (int k = 0; k < numTopics; k++) {
                values[base + k] = header.product ? Numbers.parseDouble(in, f[k + 1], "B('" + word + "', " + (k + 1) + ")")
                        : Numbers.parseProbability(in, f[k + 1], "probability of '" + word + "' in topic " + (k + 1));
            }
            if (header.product) {
                bias[rows] = Numbers.parseDouble(in, f[numTopics + 1], "c('" + word + "')");
            }
            rows++;
        }
        if (!header.complete()) {
            throw InputException.ofFile(path, header.missing());
        }
        if (rows == 0) {
            throw InputException.ofFile(path, "no word lines");
        }
        values = Arrays.copyOf(values, rows * numTopics);
        Vocabulary vocabulary = vocab.build();
        if (header.alpha != null && !header.product) {
            checkColumnSums(path, values, numTopics, renormalize);
            return new TopicModel(name, vocabulary, values, header.alpha);
        }
        ThetaPrior prior = header.alpha != null ? new DirichletPrior(header.alpha) : header.logisticNormal(numTopics);
        Decoder decoder;
        if (header.product) {
            decoder = new ProductDecoder(values, Arrays.copyOf(bias, rows), numTopics);
        } else {
            checkColumnSums(path, values, numTopics, renormalize);
            decoder = new MixtureDecoder(values, numTopics);
        }
        return new TopicModel(name, vocabulary, prior, decoder);
    }

    /** The {@code count} space-separated fields of a line (as {@link Numbers#countFields} counts them). */
    private static String[] spaceSeparated(String line, int count) {
        String[] f = new String[count];
        int at = Numbers.fieldStart(line, 0);
        for (int i = 0; i < count; i++) {
            int end = Numbers.fieldEnd(line, at);
            f[i] = line.substring(at, end);
            at = Numbers.fieldStart(line, end);
        }
        return f;
    }

    /**
     * Whether a line starting with # after the prior's last line, before any word line, is still the header's: a
     * {@code #decoder} or {@code #prior} line (whose values are words, so it is no word line), or in a logistic-normal
     * model any of the header's keywords (a misplaced #alpha, a #cov too many: errors, not words).
     */
    private static boolean headerAfterPrior(PriorHeader header, String line) {
        String keyword = PriorHeader.keyword(line);
        if (header.logisticNormal) {
            return PriorHeader.KEYWORDS.contains(keyword);
        }
        if (!keyword.equals(PriorHeader.DECODER) && !keyword.equals(PriorHeader.PRIOR)) {
            return false;
        }
        String[] f = PriorHeader.fields(line);
        return f.length < 2 || !Numbers.isPlainDecimal(f[1]);
    }

    /** K from the first word line of a logistic-normal model: its values, less c(w) for the product; D must be K or K - 1. */
    private static int topics(LineReader in, PriorHeader header, int found) throws InputException {
        if (header.alpha != null) {
            return header.alpha.length;
        }
        int k = found - (header.product ? 1 : 0);
        int d = header.mean.length;
        if (k != d && k != d + 1) {
            throw in.error("the first word line has " + found + " values, so K = " + k + (header.product ? " (B(w, 1..K), then c(w))" : "")
                    + "; but eta has D = " + d + " components (from #mu), and D must be K, or K - 1 with eta_K = 0");
        }
        return k;
    }

    /** Rejects (or, if asked, rescales) topic columns that do not sum to 1; shared by every model reader. */
    static void checkColumnSums(Path path, double[] phi, int numTopics, boolean renormalize) throws InputException {
        double[] sums = TopicModel.columnSums(phi, numTopics);
        for (int k = 0; k < numTopics; k++) {
            if (!(sums[k] > 0)) {
                throw InputException.ofFile(path, "topic " + (k + 1) + " has no probability mass (sums to " + sums[k] + ")");
            }
            if (!renormalize && Math.abs(sums[k] - 1) > TopicModel.SUM_TOLERANCE) {
                throw InputException.ofFile(path, "topic " + (k + 1) + " sums to " + sums[k]
                        + ", not 1 (tolerance " + TopicModel.SUM_TOLERANCE + "; renormalising is an explicit option)");
            }
        }
        if (renormalize) {
            for (int i = 0; i < phi.length; i++) {
                phi[i] /= sums[i % numTopics];
            }
        }
    }

    /** A model name from a file name: the name without .gz, .tsv or .txt. */
    public static String defaultName(Path path) {
        String n = path.getFileName().toString();
        for (String ext : new String[] {".gz", ".tsv", ".txt"}) {
            if (n.endsWith(ext)) {
                n = n.substring(0, n.length() - ext.length());
            }
        }
        return n;
    }

    /**
     * The provenance lines of a native model file (its {@code # } lines before {@code #alpha}): the training run a
     * snapshot came from; none for a file written without them.
     */
    public static List<String> provenance(Path path) throws InputException {
        List<String> lines = new ArrayList<>();
        try (LineReader in = LineReader.open(path)) {
            String line = in.next();
            if (line == null || !line.equals(MAGIC)) {
                return lines;
            }
            while ((line = in.next()) != null && line.startsWith("#") && !line.startsWith(PriorHeader.ALPHA)
                    && !line.startsWith(PriorHeader.PRIOR) && !line.startsWith(PriorHeader.DECODER)) {
                if (line.startsWith("# ")) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    /** Writes a model, gzip when the name ends in {@code .gz}; the file appears only when complete. */
    public static void write(TopicModel model, Path path) throws IOException {
        write(model, "", path);
    }

    /**
     * Writes a model with provenance lines (each {@code # ...} and a line break: a snapshot's training run), gzip when
     * the name ends in {@code .gz}; the file appears only when complete.
     */
    public static void write(TopicModel model, String provenance, Path path) throws IOException {
        try (OutputFile file = OutputFile.create(path)) {
            write(model, provenance, file.writer());
            file.commit();
        }
    }

    public static void write(TopicModel model, Writer out) throws IOException {
        write(model, "", out);
    }

    private static void write(TopicModel model, String provenance, Writer out) throws IOException {
        int numTopics = model.numTopics();
        boolean product = model.decoder() instanceof ProductDecoder;
        if (model.prior() instanceof LogisticNormalPrior && PriorHeader.KEYWORDS.contains(PriorHeader.keyword(model.vocabulary().word(0)))) {
            // the reader takes such a line before the first word of a logistic-normal model for a header line
            throw new IllegalArgumentException("model " + model.name() + " cannot be written: its first word '" + model.vocabulary().word(0)
                    + "' would read as a header line");
        }
        out.write(MAGIC);
        out.write('\n');
        String name = model.name().replace('\n', ' ').replace('\r', ' ');
        out.write("#name\t" + name + "\n");
        out.write(provenance);
        if (product) {
            out.write(PriorHeader.DECODER + "\t" + PriorHeader.PRODUCT + "\n");
        }
        if (model.prior() instanceof LogisticNormalPrior ln) {
            writeLogisticNormal(ln, out);
        } else {
            double[] alpha = ((DirichletPrior) model.prior()).alpha();
            out.write(PriorHeader.ALPHA);
            for (int k = 0; k < numTopics; k++) {
                out.write('\t');
                out.write(Double.toString(alpha[k]));
            }
            out.write('\n');
        }
        StringBuilder sb = new StringBuilder(numTopics * 24);
        ProductDecoder decoder = product ? (ProductDecoder) model.decoder() : null;
        for (int w = 0; w < model.numWords(); w++) {
            sb.setLength(0);
            sb.append(model.vocabulary().word(w));
            for (int k = 0; k < numTopics; k++) {
                sb.append('\t').append(product ? decoder.weight(w, k) : model.phi(w, k));
            }
            if (product) {
                sb.append('\t').append(decoder.bias(w));
            }
            sb.append('\n');
            out.append(sb);
        }
    }

    /** {@code #prior logistic-normal}, {@code #mu}, then D {@code #cov} lines or, for a diagonal, one {@code #var} line. */
    private static void writeLogisticNormal(LogisticNormalPrior prior, Writer out) throws IOException {
        int d = prior.dimension();
        double[] cov = prior.covariance();
        out.write(PriorHeader.PRIOR + "\t" + PriorHeader.LOGISTIC_NORMAL + "\n");
        writeValues(PriorHeader.MU, prior.mean(), 0, d, 1, out);
        if (prior.isDiagonal()) {
            writeValues(PriorHeader.VAR, cov, 0, d, d + 1, out);
        } else {
            for (int i = 0; i < d; i++) {
                writeValues(PriorHeader.COV, cov, i * d, d, 1, out);
            }
        }
    }

    private static void writeValues(String keyword, double[] values, int from, int count, int stride, Writer out) throws IOException {
        StringBuilder sb = new StringBuilder(keyword);
        for (int i = 0; i < count; i++) {
            sb.append('\t').append(values[from + i * stride]);
        }
        out.write(sb.append('\n').toString());
    }
}
