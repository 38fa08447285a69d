package tmeval.io;

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
 * probabilities. Numbers are written with {@link Double#toString(double)},
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
        double[] alpha = null;
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        double[] phi = new double[0];
        int numTopics = -1;
        int rows = 0;
        while ((line = in.next()) != null) {
            if (line.isEmpty()) {
                throw in.error("empty line");
            }
            // header lines come before the #alpha line; after it every line is a word line, so a word may start with #
            if (line.startsWith("#") && alpha == null) {
                if (line.startsWith("#alpha")) {
                    // counted before splitting: a long line would split into millions of strings at once
                    limits.checkTopics(in, Numbers.count(line, '\t'));
                }
                if (line.startsWith("# ")) {
                    continue; // provenance: which run wrote the file, for provenance(path)
                }
                String[] f = line.split("\t", -1);
                switch (f[0]) {
                    case "#name" -> name = line.substring("#name".length()).strip();
                    case "#alpha" -> {
                        if (alpha != null) {
                            throw in.error("a second #alpha line");
                        }
                        if (f.length < 2) {
                            throw in.error("#alpha line has no values");
                        }
                        alpha = new double[f.length - 1];
                        for (int k = 0; k < alpha.length; k++) {
                            alpha[k] = Numbers.parsePositive(in, f[k + 1], "alpha for topic " + (k + 1));
                        }
                        numTopics = alpha.length;
                    }
                    default -> throw in.error("unknown header line '" + Numbers.abbreviate(f[0]) + "'");
                }
                continue;
            }
            if (alpha == null) {
                throw in.error("word line before the '#alpha' line (the #alpha line is required)");
            }
            int values = Numbers.count(line, '\t');
            if (values != numTopics) {
                throw in.error("expected a word and " + numTopics + " probabilities (K from #alpha), found "
                        + values + " values");
            }
            limits.checkVocabulary(in, rows + 1L);
            limits.checkModelCells(in, rows + 1L, numTopics);
            String[] f = line.split("\t", -1);
            if (f[0].isEmpty()) {
                throw in.error("empty word");
            }
            if (vocab.add(f[0]) < 0) {
                throw in.error("word '" + Numbers.abbreviate(f[0]) + "' appears twice");
            }
            if ((rows + 1) * (long) numTopics > phi.length) {
                long grown = Math.min(Math.max(1024L * numTopics, phi.length * 2L), limits.maxModelCells());
                phi = Arrays.copyOf(phi, (int) grown);
            }
            int base = rows * numTopics;
            for (int k = 0; k < numTopics; k++) {
                phi[base + k] = Numbers.parseProbability(in, f[k + 1], "probability of '" + Numbers.abbreviate(f[0]) + "' in topic " + (k + 1));
            }
            rows++;
        }
        if (alpha == null) {
            throw InputException.ofFile(path, "missing the '#alpha' line");
        }
        if (rows == 0) {
            throw InputException.ofFile(path, "no word lines");
        }
        phi = Arrays.copyOf(phi, rows * numTopics);
        checkColumnSums(path, phi, numTopics, renormalize);
        return new TopicModel(name, vocab.build(), phi, alpha);
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
            while ((line = in.next()) != null && !line.startsWith("#alpha")) {
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
        out.write(MAGIC);
        out.write('\n');
        String name = model.name().replace('\n', ' ').replace('\r', ' ');
        out.write("#name\t" + name + "\n");
        out.write(provenance);
        out.write("#alpha");
        for (int k = 0; k < numTopics; k++) {
            out.write('\t');
            out.write(Double.toString(model.alpha(k)));
        }
        out.write('\n');
        StringBuilder sb = new StringBuilder(numTopics * 24);
        for (int w = 0; w < model.numWords(); w++) {
            sb.setLength(0);
            sb.append(model.vocabulary().word(w));
            for (int k = 0; k < numTopics; k++) {
                sb.append('\t').append(model.phi(w, k));
            }
            sb.append('\n');
            out.append(sb);
        }
    }
}
