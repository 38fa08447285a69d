package tmeval.io;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.model.Vocabulary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * MALLET's text outputs of a trained model, read as the model MALLET itself evaluates: phi[w,k] = (n_wk + beta) /
 * (n_k + V beta) over MALLET's whole alphabet (types no training token uses included, at their smoothing probability).
 * <ul>
 *   <li>{@code --topic-word-weights-file}: lines {@code topic<TAB>word<TAB>weight}, weight = beta + n_wk (unnormalised);
 *       every (topic, word) pair once;</li>
 *   <li>{@code --word-topic-counts-file}: lines {@code typeIndex word topic:count topic:count ...}, type indices 0, 1,
 *       2, ... in order; beta is not in the file and must be given.</li>
 * </ul>
 * Alpha comes from an alpha file: K values, MALLET's {@code --output-topic-keys} file ({@code topic<TAB>alpha<TAB>top
 * words}, alpha rounded there to MALLET's 5 decimals), or its {@code --output-state} file (the exact {@code #alpha :} line).
 */
public final class MalletTextFormats {
    private MalletTextFormats() {
    }

    /** Whether a first line reads {@code topic<TAB>word<TAB>weight} with a whole-number topic and a plain number weight. */
    static boolean isWeightsLine(String line) {
        String[] f = line.split("\t", -1);
        // topic 0 comes first; a word that is a number would make the line a row of a words-by-topics matrix
        return f.length == 3 && f[0].equals("0") && !f[1].isEmpty() && !Numbers.isPlainDecimal(f[1]) && Numbers.isPlainDecimal(f[2]);
    }

    /** Whether a first line reads {@code typeIndex word [topic:count ...]} (spaces, no tab, type index 0). */
    static boolean isCountsLine(String line) {
        if (line.indexOf('\t') >= 0 || !line.startsWith("0 ")) {
            return false;
        }
        int end = line.length();
        int space;
        while ((space = line.lastIndexOf(' ', end - 1)) > 1 && isPair(line.substring(space + 1, end))) {
            end = space;
        }
        // what is left after the type index is the word
        return end > 2;
    }

    private static boolean isWholeNumber(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isPair(String s) {
        int colon = s.indexOf(':');
        return colon > 0 && isWholeNumber(s.substring(0, colon)) && isWholeNumber(s.substring(colon + 1));
    }

    /**
     * Reads a topic-word weights file from an open reader; the alpha file is required. Streamed in bounded memory
     * (formats.md, "From MALLET"): each weight goes straight into its topic's column of primitive doubles, and a word is
     * matched in place against the one MALLET writes at that position (every topic lists the words in one order), so
     * no string is kept per line; a file in another order is read too, by looking each word up.
     */
    static TopicModel readWeights(LineReader in, Path alphaFile) throws InputException {
        Path path = in.path();
        InputLimits limits = in.limits();
        if (alphaFile == null) {
            throw InputException.ofFile(path, "a MALLET topic-word weights file carries no alpha: give --alpha-file (MALLET's"
                    + " --output-topic-keys or --output-state file, or K values)");
        }
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        // one column per topic, indexed by word id; NaN where the file has not given the weight yet
        List<DoubleArrayList> columns = new ArrayList<>();
        long cells = 0;
        int previousTopic = -1;
        int previousId = -1;
        String line;
        while ((line = in.next()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            limits.checkModelCells(in, ++cells, 1);
            int t1 = line.indexOf('\t');
            int t2 = t1 < 0 ? -1 : line.indexOf('\t', t1 + 1);
            if (t2 < 0 || line.indexOf('\t', t2 + 1) >= 0) {
                throw in.error("expected 'topic<TAB>word<TAB>weight' (MALLET's --topic-word-weights-file)");
            }
            int topic = Numbers.parseInt(in, line.substring(0, t1), "topic", 0, limits.maxTopics() - 1L);
            if (t2 == t1 + 1) {
                throw in.error("empty word");
            }
            int expected = topic == previousTopic ? previousId + 1 : 0;
            int id = expected < vocab.size() && isWordAt(line, t1 + 1, t2, vocab.word(expected)) ? expected : -1;
            if (id < 0) {
                limits.checkVocabulary(in, vocab.size() + 1L);
                id = vocab.idOrAdd(line.substring(t1 + 1, t2));
            }
            double weight = Numbers.parseDouble(in, line.substring(t2 + 1), "weight of '" + Numbers.abbreviate(vocab.word(id)) + "'");
            if (!(weight > 0)) {
                throw in.error("weight of '" + Numbers.abbreviate(vocab.word(id)) + "' is " + weight + "; MALLET's weights are beta + count, above 0");
            }
            if (topic >= columns.size()) {
                // every topic lists every word: the V x K cells the columns will hold are refused before they are allocated
                limits.checkModelCells(in, Math.max(1, vocab.size()), topic + 1L);
                while (columns.size() <= topic) {
                    columns.add(new DoubleArrayList());
                }
            }
            DoubleArrayList column = columns.get(topic);
            if (column.isEmpty()) {
                // a topic after the first is sized by the words read so far
                column.ensureCapacity(vocab.size());
            }
            while (column.size() <= id) {
                column.add(Double.NaN);
            }
            if (!Double.isNaN(column.getDouble(id))) {
                throw in.error("topic " + topic + " gives word '" + Numbers.abbreviate(vocab.word(id)) + "' twice");
            }
            column.set(id, weight);
            previousTopic = topic;
            previousId = id;
        }
        if (cells == 0) {
            throw InputException.ofFile(path, "no weight lines");
        }
        int numWords = vocab.size();
        int numTopics = columns.size();
        limits.checkModelCells(in, numWords, numTopics);
        double[] phi = new double[numWords * numTopics];
        for (int k = 0; k < numTopics; k++) {
            DoubleArrayList column = columns.get(k);
            for (int w = 0; w < numWords; w++) {
                double weight = w < column.size() ? column.getDouble(w) : Double.NaN;
                if (Double.isNaN(weight)) {
                    throw InputException.ofFile(path, "topic " + k + " has no weight for '" + Numbers.abbreviate(vocab.word(w))
                            + "' (MALLET writes every word for every topic)");
                }
                phi[w * numTopics + k] = weight;
            }
            // each column is let go once copied: the file's weights are held once at a time, not twice
            columns.set(k, null);
        }
        NativeModelFormat.checkColumnSums(path, phi, numTopics, true);
        double[] alpha = readAlpha(alphaFile, numTopics, limits);
        return new TopicModel(NativeModelFormat.defaultName(path), vocab.build(), phi, alpha);
    }

    /** Whether {@code line[from, to)} is {@code word}, compared in place. */
    private static boolean isWordAt(String line, int from, int to, String word) {
        return to - from == word.length() && line.startsWith(word, from);
    }

    /** Reads a word-topic counts file from an open reader; the alpha file and beta are required. */
    static TopicModel readCounts(LineReader in, Path alphaFile, double beta) throws InputException {
        Path path = in.path();
        InputLimits limits = in.limits();
        if (Double.isNaN(beta)) {
            throw InputException.ofFile(path, "a MALLET word-topic counts file carries no beta: give the beta MALLET trained with,"
                    + " --beta-from FILE (MALLET's --output-state file, whose '#beta :' line holds its final beta, or train-topics' log) or"
                    + " --beta B (MALLET's default is 0.01)");
        }
        if (alphaFile == null) {
            throw InputException.ofFile(path, "a MALLET word-topic counts file carries no alpha: give --alpha-file (MALLET's"
                    + " --output-topic-keys or --output-state file, or K values)");
        }
        double[] alphaValues = alphaValues(alphaFile, limits);
        int fixedTopics = alphaValues.length > 1 ? alphaValues.length : -1;
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        IntArrayList starts = new IntArrayList();
        IntArrayList pairTopics = new IntArrayList();
        IntArrayList pairCounts = new IntArrayList();
        int maxTopic = -1;
        String line;
        while ((line = in.next()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            int type = vocab.size();
            limits.checkVocabulary(in, type + 1L);
            int first = line.indexOf(' ');
            if (first < 0) {
                throw in.error("expected 'typeIndex word topic:count ...' (MALLET's --word-topic-counts-file)");
            }
            long index = Numbers.parseLong(in, line.substring(0, first), "type index");
            if (index != type) {
                throw in.error("type index " + index + " where " + type + " was expected (MALLET writes the types in order)");
            }
            int end = line.length();
            int space;
            int pairsStart = pairTopics.size();
            while ((space = line.lastIndexOf(' ', end - 1)) > first && isPair(line.substring(space + 1, end))) {
                String pair = line.substring(space + 1, end);
                int colon = pair.indexOf(':');
                int topic = Numbers.parseInt(in, pair.substring(0, colon), "topic", 0,
                        fixedTopics > 0 ? fixedTopics - 1L : limits.maxTopics() - 1L);
                int count = Numbers.parseInt(in, pair.substring(colon + 1), "count of topic " + topic, 0, Integer.MAX_VALUE);
                limits.checkModelCells(in, pairTopics.size() + 1L, 1);
                pairTopics.add(topic);
                pairCounts.add(count);
                maxTopic = Math.max(maxTopic, topic);
                end = space;
            }
            String word = line.substring(first + 1, end);
            if (word.isEmpty() || word.indexOf(':') >= 0 && word.indexOf(' ') < 0 && isPair(word)) {
                throw in.error("no word after the type index");
            }
            if (vocab.add(word) < 0) {
                throw in.error("word '" + Numbers.abbreviate(word) + "' appears twice");
            }
            starts.add(pairsStart);
        }
        if (vocab.size() == 0) {
            throw InputException.ofFile(path, "no type lines");
        }
        starts.add(pairTopics.size());
        int numTopics = fixedTopics > 0 ? fixedTopics : maxTopic + 1;
        if (numTopics <= 0) {
            throw InputException.ofFile(path, "no topic:count pairs; give an alpha file of K values to say how many topics");
        }
        int numWords = vocab.size();
        limits.checkModelCells(in, numWords, numTopics);
        try {
            TrainingState.checkBeta(beta, numWords);
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(path, e.getMessage() + " (the beta of --beta or --beta-from for this counts file)");
        }
        double[] phi = new double[numWords * numTopics];
        double[] perTopic = new double[numTopics];
        for (int w = 0; w < numWords; w++) {
            for (int i = starts.getInt(w); i < starts.getInt(w + 1); i++) {
                int cell = w * numTopics + pairTopics.getInt(i);
                if (phi[cell] != 0) {
                    throw InputException.ofFile(path, "word '" + Numbers.abbreviate(vocab.word(w)) + "' has two counts for topic " + pairTopics.getInt(i));
                }
                phi[cell] = pairCounts.getInt(i);
                perTopic[pairTopics.getInt(i)] += pairCounts.getInt(i);
            }
        }
        for (int cell = 0; cell < phi.length; cell++) {
            int k = cell % numTopics;
            phi[cell] = (phi[cell] + beta) / (perTopic[k] + numWords * beta);
        }
        NativeModelFormat.checkColumnSums(path, phi, numTopics, true);
        double[] alpha = alphaValues.length == 1 ? filled(numTopics, alphaValues[0]) : alphaValues;
        return new TopicModel(NativeModelFormat.defaultName(path), vocab.build(), phi, alpha);
    }

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    /** K alpha values, or one for a symmetric prior, from a plain alpha file or MALLET's topic-keys file. */
    static double[] readAlpha(Path file, int numTopics, InputLimits limits) throws InputException {
        double[] values = alphaValues(file, limits);
        if (values.length == 1) {
            return filled(numTopics, values[0]);
        }
        if (values.length != numTopics) {
            throw InputException.ofFile(file, values.length + " alpha values for K = " + numTopics + " topics");
        }
        return values;
    }

    /**
     * The values of an alpha file: MALLET's topic-keys file ({@code topic<TAB>alpha<TAB>words}, recognised by a first
     * line starting {@code 0<TAB>}: a plain alpha file cannot start with 0, an alpha must be positive), MALLET's state
     * (its {@code #alpha :} line, exact, as {@code --beta-from} reads its {@code #beta :} line; only the header is read),
     * or numbers separated by spaces, commas or newlines.
     */
    static double[] alphaValues(Path file, InputLimits limits) throws InputException {
        DoubleArrayList values = new DoubleArrayList();
        try (LineReader in = LineReader.open(file, limits)) {
            ModelLoader.rejectForeign(in);
            String first = in.peek();
            if (first != null && MalletStateFormat.isStateLine(first)) {
                return MalletStateFormat.alpha(in, MalletStateFormat.headerValues(in, MalletStateFormat.ALPHA));
            }
            if (first != null && first.startsWith("0\t")) {
                String line;
                while ((line = in.next()) != null) {
                    if (line.isEmpty()) {
                        continue;
                    }
                    String[] f = line.split("\t", 3);
                    if (f.length < 2) {
                        throw in.error("expected 'topic<TAB>alpha<TAB>top words' (MALLET's --output-topic-keys file)");
                    }
                    long topic = Numbers.parseLong(in, f[0], "topic");
                    if (topic != values.size()) {
                        throw in.error("topic " + topic + " where " + values.size() + " was expected (topics in order from 0)");
                    }
                    limits.checkTopics(in, values.size() + 1L);
                    values.add(Numbers.parsePositive(in, f[1], "alpha of topic " + topic));
                }
            } else {
                String line;
                while ((line = in.next()) != null) {
                    // counted before splitting: a long line would split into millions of strings at once
                    limits.checkTopics(in, values.size() + Numbers.countFields(line.replace(',', ' ')));
                    for (String f : line.strip().split("[\\s,]+")) {
                        if (!f.isEmpty()) {
                            values.add(Numbers.parsePositive(in, f, "alpha value " + (values.size() + 1)));
                        }
                    }
                }
            }
        }
        if (values.isEmpty()) {
            throw InputException.ofFile(file, "no alpha values");
        }
        return values.toDoubleArray();
    }
}
