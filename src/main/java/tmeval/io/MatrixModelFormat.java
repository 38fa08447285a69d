package tmeval.io;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A topic-word matrix exported from gensim, scikit-learn or tomotopy, as delimited text (tab, comma or
 * spaces, detected from the first line), plus an alpha file. Layouts:
 * <ul>
 *   <li>K x V with a header row of V words (gensim {@code get_topics()} written with the words as header);</li>
 *   <li>V x K with the word in the first column;</li>
 *   <li>bare numbers in either orientation, with a vocabulary file of one word per line
 *       (orientation follows from which dimension equals V).</li>
 * </ul>
 * The alpha file holds K numbers (spaces, commas or newlines), or one number meaning a symmetric prior
 * with that value for every topic (scikit-learn's scalar {@code doc_topic_prior_}).
 */
public final class MatrixModelFormat {
    /** Whether the first line is a header of words: guessed, or said by {@code --matrix-header yes|no}. */
    public enum Header {
        AUTO, YES, NO;

        public static Header parse(String s) {
            return switch (s) {
                case "auto" -> AUTO;
                case "yes" -> YES;
                case "no" -> NO;
                default -> throw new IllegalArgumentException("--matrix-header is yes, no or auto, was '" + s + "'");
            };
        }
    }

    private MatrixModelFormat() {
    }

    /**
     * @param vocabularyFile one word per line, or null when the matrix itself carries the words
     * @param renormalize rescale topics that do not sum to 1 instead of rejecting them
     */
    public static TopicModel read(Path matrixFile, Path vocabularyFile, Path alphaFile, boolean renormalize) throws InputException {
        try (LineReader in = LineReader.open(matrixFile)) {
            return read(in, vocabularyFile, alphaFile, renormalize);
        }
    }

    /** Reads a matrix from an open reader (which may have been peeked at), applying its limits. */
    static TopicModel read(LineReader in, Path vocabularyFile, Path alphaFile, boolean renormalize) throws InputException {
        return read(in, vocabularyFile, alphaFile, renormalize, Header.AUTO);
    }

    static TopicModel read(LineReader in, Path vocabularyFile, Path alphaFile, boolean renormalize, Header headerMode) throws InputException {
        Path matrixFile = in.path();
        InputLimits limits = in.limits();
        List<String> header = null;
        List<String> rowWords = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        long cells = 0;
        String line;
        String delimiter = null;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (delimiter == null) {
                delimiter = line.indexOf('\t') >= 0 ? "\t" : line.indexOf(',') >= 0 ? "," : "\\s+";
            }
            // counted before splitting: a long line would split into millions of strings at once (a row holds
            // at most one value per word and a word, or is the header row of words)
            limits.checkVocabulary(in, delimiter.equals("\\s+") ? Numbers.countFields(line) : Numbers.count(line, delimiter.charAt(0)));
            String[] f = line.strip().split(delimiter, -1);
            if (rows.isEmpty() && header == null && rowWords.isEmpty() && !isNumber(f[0]) && (f.length < 2 || !isNumber(f[1]))) {
                header = new ArrayList<>(f.length);
                for (String w : f) {
                    header.add(w.strip());
                }
                continue;
            }
            int start = 0;
            if (!isNumber(f[0])) {
                if (header != null) {
                    throw in.error("a word '" + Numbers.abbreviate(f[0]) + "' in the first column of a matrix that has a header row of words");
                }
                rowWords.add(f[0].strip());
                start = 1;
            } else if (!rowWords.isEmpty()) {
                throw in.error("row has no word in the first column, unlike the rows before");
            }
            if (header != null && f.length != header.size()) {
                throw in.error("row has " + f.length + " numbers, the header row has " + header.size() + " words");
            }
            cells += f.length - start;
            limits.checkModelCells(in, cells, 1);
            double[] r = new double[f.length - start];
            for (int i = start; i < f.length; i++) {
                r[i - start] = Numbers.parseDouble(in, f[i].strip(), "column " + (i + 1));
                if (r[i - start] < 0) {
                    throw in.error("column " + (i + 1) + " is negative (" + f[i].strip() + ")");
                }
            }
            if (!rows.isEmpty() && r.length != rows.get(0).length) {
                throw in.error("row has " + r.length + " numbers, the first row had " + rows.get(0).length);
            }
            rows.add(r);
        }
        if (rows.isEmpty()) {
            throw InputException.ofFile(matrixFile, "no rows of numbers");
        }
        List<String> words;
        boolean wordMajor;
        if (header != null) {
            words = header;
            wordMajor = false;
        } else if (!rowWords.isEmpty()) {
            words = rowWords;
            wordMajor = true;
        } else {
            if (vocabularyFile == null) {
                throw InputException.ofFile(matrixFile, "the matrix has no words (no header row, no word column): give a vocabulary file");
            }
            words = readWords(vocabularyFile, limits);
            int numRows = rows.size();
            int numCols = rows.get(0).length;
            if (numRows == words.size() && numCols == words.size()) {
                throw InputException.ofFile(matrixFile, "cannot tell topics from words: the matrix is " + numRows + " x " + numCols + " and V = " + words.size());
            } else if (numCols == words.size()) {
                wordMajor = false;
            } else if (numRows == words.size()) {
                wordMajor = true;
            } else {
                throw InputException.ofFile(matrixFile, "the matrix is " + numRows + " x " + numCols
                        + " but the vocabulary " + vocabularyFile + " has " + words.size() + " words");
            }
        }
        int numTopics = wordMajor ? rows.get(0).length : rows.size();
        int numWords = words.size();
        Vocabulary vocabulary;
        try {
            vocabulary = Vocabulary.of(words);
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(vocabularyFile != null && header == null && rowWords.isEmpty() ? vocabularyFile : matrixFile, e.getMessage());
        }
        double[] phi = new double[numWords * numTopics];
        for (int w = 0; w < numWords; w++) {
            for (int k = 0; k < numTopics; k++) {
                phi[w * numTopics + k] = wordMajor ? rows.get(w)[k] : rows.get(k)[w];
            }
        }
        NativeModelFormat.checkColumnSums(matrixFile, phi, numTopics, renormalize);
        double[] alpha = MalletTextFormats.readAlpha(alphaFile, numTopics, limits);
        return new TopicModel(NativeModelFormat.defaultName(matrixFile), vocabulary, phi, alpha);
    }

    /** Whether a field is meant as a number (NaN and Infinity included, so that they are refused as values, not taken as words). */
    private static boolean isNumber(String s) {
        String t = s.strip();
        if (t.startsWith("-") || t.startsWith("+")) {
            t = t.substring(1);
        }
        return Numbers.isPlainDecimal(t) || t.equals("NaN") || t.equals("Infinity");
    }

    /** One word per line (a trailing space is kept: it is part of the word, as in the AP vocabulary). */
    public static List<String> readWords(Path file) throws InputException {
        return readWords(file, InputLimits.current());
    }

    static List<String> readWords(Path file, InputLimits limits) throws InputException {
        List<String> words = new ArrayList<>();
        try (LineReader in = LineReader.open(file, limits)) {
            String line;
            while ((line = in.next()) != null) {
                if (line.isEmpty()) {
                    throw in.error("empty line in a vocabulary file");
                }
                limits.checkVocabulary(in, words.size() + 1L);
                words.add(line);
            }
        }
        if (words.isEmpty()) {
            throw InputException.ofFile(file, "empty vocabulary file");
        }
        return words;
    }

    /** K positive numbers, or one number for a symmetric prior. */
    public static double[] readAlpha(Path file, int numTopics) throws InputException {
        DoubleArrayList values = new DoubleArrayList();
        try (LineReader in = LineReader.open(file)) {
            String line;
            while ((line = in.next()) != null) {
                // counted before splitting: a long line would split into millions of strings at once
                in.limits().checkTopics(in, values.size() + Numbers.countFields(line.replace(',', ' ')));
                for (String f : line.strip().split("[\\s,]+")) {
                    if (!f.isEmpty()) {
                        values.add(Numbers.parsePositive(in, f, "alpha value " + (values.size() + 1)));
                    }
                }
            }
        }
        if (values.isEmpty()) {
            throw InputException.ofFile(file, "no alpha values");
        }
        if (values.size() == 1) {
            double[] a = new double[numTopics];
            java.util.Arrays.fill(a, values.getDouble(0));
            return a;
        }
        if (values.size() != numTopics) {
            throw InputException.ofFile(file, values.size() + " alpha values for K = " + numTopics + " topics");
        }
        return values.toDoubleArray();
    }
}
