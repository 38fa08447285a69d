package tmeval.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import tmeval.model.TrainingState;
import tmeval.model.Vocabulary;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * MALLET's Gibbs state file ({@code --output-state}, usually gzip): {@code #alpha :} and {@code #beta :} header
 * lines, then rows {@code doc source pos typeindex type topic}. The vocabulary is the set of types that occur,
 * in order of first appearance of their type index (MALLET's alphabet may hold types no token uses; they
 * carry no evidence and are left out, so V here is the number of types in the state).
 */
public final class MalletStateFormat {
    static final String ALPHA = "#alpha";
    static final String BETA = "#beta";

    private MalletStateFormat() {
    }

    public static TrainingState read(Path path) throws InputException {
        try (LineReader in = LineReader.open(path)) {
            return read(in);
        }
    }

    /** Reads a state from an open reader (which may have been peeked at), applying its limits. */
    static TrainingState read(LineReader in) throws InputException {
        Path path = in.path();
        InputLimits limits = in.limits();
        double[] alpha = null;
        double beta = Double.NaN;
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        IntArrayList typeIndexToId = new IntArrayList();
        List<int[]> words = new ArrayList<>();
        List<int[]> topics = new ArrayList<>();
        IntArrayList docWords = new IntArrayList();
        IntArrayList docTopics = new IntArrayList();
        long currentDoc = -1;
        long tokens = 0;
        String line;
        boolean sawRow = false;
        while ((line = in.next()) != null) {
            if (line.startsWith("#")) {
                if (sawRow) {
                    throw in.error("header line after the first token row");
                }
                if (line.startsWith(ALPHA)) {
                    alpha = alpha(in, valuesAfterColon(in, line));
                } else if (line.startsWith(BETA)) {
                    String[] f = valuesAfterColon(in, line);
                    if (f.length != 1) {
                        throw in.error("expected one beta value, found " + f.length);
                    }
                    beta = Numbers.parsePositive(in, f[0], "beta");
                }
                continue;
            }
            if (line.isBlank()) {
                continue;
            }
            if (alpha == null) {
                throw in.error("token row before the '#alpha :' header line");
            }
            if (Double.isNaN(beta)) {
                throw in.error("token row before the '#beta :' header line");
            }
            sawRow = true;
            // the fields are found from both ends, not split: a long line would split into millions of strings
            if (Numbers.count(line, ' ') < 5) {
                throw in.error("expected 'doc source pos typeindex type topic', found " + (Numbers.count(line, ' ') + 1) + " fields");
            }
            int topicAt = line.lastIndexOf(' ');
            int typeAt = line.lastIndexOf(' ', topicAt - 1);
            int typeIndexAt = line.lastIndexOf(' ', typeAt - 1);
            long doc = Numbers.parseLong(in, line.substring(0, line.indexOf(' ')), "document number");
            int typeIndex = Numbers.parseInt(in, line.substring(typeIndexAt + 1, typeAt), "type index", 0, Integer.MAX_VALUE - 1);
            String type = line.substring(typeAt + 1, topicAt);
            int topic = Numbers.parseInt(in, line.substring(topicAt + 1), "topic", 0, alpha.length - 1);
            // the type-index table below is sized by the index: refuse a huge one before growing it
            if (typeIndex >= limits.maxVocabulary()) {
                throw in.error("type index " + typeIndex + " is beyond the vocabulary limit of " + limits.maxVocabulary()
                        + " types" + limits.because("1/512"));
            }
            limits.checkTokens(in, ++tokens);
            if (doc != currentDoc) {
                if (doc < currentDoc) {
                    throw in.error("document " + doc + " after document " + currentDoc + " (rows must be in document order)");
                }
                if (currentDoc >= 0) {
                    limits.checkDocuments(in, words.size() + 1L);
                    words.add(docWords.toIntArray());
                    topics.add(docTopics.toIntArray());
                }
                // documents with no tokens do not appear in the state; their numbers are skipped
                docWords.clear();
                docTopics.clear();
                currentDoc = doc;
            }
            while (typeIndexToId.size() <= typeIndex) {
                typeIndexToId.add(-1);
            }
            int id = typeIndexToId.getInt(typeIndex);
            if (id < 0) {
                id = vocab.add(type);
                if (id < 0) {
                    throw in.error("type '" + Numbers.abbreviate(type) + "' appears with two type indices");
                }
                typeIndexToId.set(typeIndex, id);
            } else if (!vocab.word(id).equals(type)) {
                throw in.error("type index " + typeIndex + " is '" + Numbers.abbreviate(type) + "' here but was '" + vocab.word(id) + "' before");
            }
            docWords.add(id);
            docTopics.add(topic);
        }
        if (alpha == null) {
            throw InputException.ofFile(path, "missing the '#alpha :' header line (not a MALLET state file?)");
        }
        if (Double.isNaN(beta)) {
            throw InputException.ofFile(path, "missing the '#beta :' header line");
        }
        if (!sawRow) {
            throw InputException.ofFile(path, "no token rows");
        }
        // the model built from the state has V x K probabilities (and the state as many counts)
        limits.checkModelCells(in, vocab.size(), alpha.length);
        words.add(docWords.toIntArray());
        topics.add(docTopics.toIntArray());
        return new TrainingState(vocab.build(), alpha, beta, words, topics);
    }

    /**
     * Whether a file's first line is a state's ({@code #doc source pos ...}, or a header line of its own): the one test
     * of the model loader, {@code --alpha-file} and {@code --beta-from}.
     */
    static boolean isStateLine(String first) {
        return first.startsWith("#doc source pos") || first.startsWith(ALPHA) || first.startsWith(BETA);
    }

    /**
     * The values of a state's header line {@code #NAME : values} ({@code #alpha} or {@code #beta}), reading the header
     * only: the token rows after it are never read.
     *
     * @throws InputException naming the file when the header has no such line
     */
    static String[] headerValues(LineReader in, String name) throws InputException {
        String line;
        while ((line = in.next()) != null && line.startsWith("#")) {
            if (line.startsWith(name)) {
                return valuesAfterColon(in, line);
            }
        }
        throw InputException.ofFile(in.path(), "a MALLET state without a '" + name + " :' header line");
    }

    /** The K values of a state's {@code #alpha :} line, each positive; read where the line is. */
    static double[] alpha(LineReader in, String[] values) throws InputException {
        double[] alpha = new double[values.length];
        for (int k = 0; k < values.length; k++) {
            alpha[k] = Numbers.parsePositive(in, values[k], "alpha for topic " + (k + 1));
        }
        return alpha;
    }

    static String[] valuesAfterColon(LineReader in, String line) throws InputException {
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw in.error("expected 'name : values'");
        }
        String rest = line.substring(colon + 1).trim();
        if (rest.isEmpty()) {
            throw in.error("no values after ':'");
        }
        // counted before splitting: a long line would split into millions of strings at once
        in.limits().checkTopics(in, Numbers.countFields(rest));
        return rest.split("\\s+");
    }

    /** Writes a state in MALLET's layout (gzip when the name ends in .gz); appears only when complete. */
    public static void write(TrainingState state, Path path) throws IOException {
        try (OutputFile file = OutputFile.create(path)) {
            write(state, file.writer());
            file.commit();
        }
    }

    public static void write(TrainingState state, Writer out) throws IOException {
        out.write("#doc source pos typeindex type topic\n#alpha :");
        for (double a : state.alpha()) {
            out.write(" " + a);
        }
        out.write("\n#beta : " + state.beta() + "\n");
        StringBuilder sb = new StringBuilder();
        Vocabulary vocab = state.vocabulary();
        for (int d = 0; d < state.numDocuments(); d++) {
            int[] w = state.words(d);
            int[] z = state.topics(d);
            for (int i = 0; i < w.length; i++) {
                sb.setLength(0);
                sb.append(d).append(" NA ").append(i).append(' ').append(w[i]).append(' ')
                        .append(vocab.word(w[i])).append(' ').append(z[i]).append('\n');
                out.append(sb);
            }
        }
    }
}
