package tmeval.io;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
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
        List<Field> header = null;
        long headerLine = 0;
        List<String> firstFields = new ArrayList<>();
        LongArrayList firstFieldLines = new LongArrayList();
        List<double[]> rows = new ArrayList<>();
        long cells = 0;
        String line;
        char delimiter = 0;
        boolean anyWordInFirstColumn = false;
        boolean anyNumberInFirstColumn = false;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (delimiter == 0) {
                if (line.startsWith("# ")) {
                    throw in.error("the first line starts with '# ': numpy.savetxt writes its header behind comments='# ' by default,"
                            + " which renames the first word; write with comments='' (or use tmeval_export.py, see formats.md)");
                }
                delimiter = detectDelimiter(line);
            }
            // counted before splitting: a long line would split into millions of strings at once (a row holds
            // at most one value per word and a word, or is the header row of words)
            limits.checkVocabulary(in, delimiter == ' ' ? Numbers.countFields(line) : Numbers.count(line, delimiter));
            List<Field> f = split(in, line, delimiter);
            if (headerLine == 0 && rows.isEmpty()) {
                headerLine = in.lineNumber();
                boolean isHeader = switch (headerMode) {
                    case YES -> true;
                    case NO -> false;
                    case AUTO -> looksLikeHeader(f);
                };
                if (isHeader) {
                    header = f;
                    continue;
                }
            }
            if (header != null && f.size() != header.size()) {
                throw in.error("row has " + f.size() + " fields, the header row has " + header.size());
            }
            if (!rows.isEmpty() && f.size() != rows.get(0).length) {
                throw in.error("row has " + f.size() + " fields, the first row had " + rows.get(0).length);
            }
            cells += f.size();
            limits.checkModelCells(in, cells, 1);
            double[] r = new double[f.size()];
            String first = f.get(0).text();
            boolean firstIsNumber = isNumber(first);
            if (!firstIsNumber) {
                anyWordInFirstColumn = true;
                r[0] = Double.NaN;
            } else {
                anyNumberInFirstColumn = true;
            }
            for (int i = firstIsNumber ? 0 : 1; i < f.size(); i++) {
                String t = f.get(i).text().strip();
                r[i] = Numbers.parseDouble(in, t, "column " + (i + 1));
                if (r[i] < 0 && i > 0) {
                    throw in.error("column " + (i + 1) + " is negative (" + t + ")");
                }
            }
            firstFields.add(first);
            firstFieldLines.add(in.lineNumber());
            rows.add(r);
        }
        if (rows.isEmpty()) {
            throw InputException.ofFile(matrixFile, "no rows of numbers");
        }
        boolean emptyCorner = header != null && header.get(0).text().isEmpty() && !header.get(0).quoted();
        // a word column: every first field is a word, or (no header, no vocabulary file) some are and the others are
        // words that look like numbers; with a header or a vocabulary file, a mixed first column is a bad number
        boolean wordColumn = anyWordInFirstColumn && (!anyNumberInFirstColumn || header == null && vocabularyFile == null);
        if (anyWordInFirstColumn && !wordColumn) {
            for (int i = 0; i < rows.size(); i++) {
                if (Double.isNaN(rows.get(i)[0])) {
                    throw new InputException(matrixFile, firstFieldLines.getLong(i), "column 1 '" + Numbers.abbreviate(firstFields.get(i))
                            + "' is not a number (plain decimal notation, as 0.25 or 2.5e-3), and the rows before or after start with one");
                }
            }
        }
        if (emptyCorner && !wordColumn) {
            throw InputException.ofFile(matrixFile, "the first header cell is empty and the first column holds row numbers: this is"
                    + " pandas' index, written by DataFrame.to_csv; write the matrix with index=False, or use tmeval_export.py");
        }
        List<String> words;
        boolean wordMajor;
        if (wordColumn) {
            // V x K: the words are the first column (a header, if any, labels the topics)
            words = new ArrayList<>(firstFields.size());
            for (int i = 0; i < firstFields.size(); i++) {
                words.add(checkWord(matrixFile, firstFieldLines.getLong(i), new Field(firstFields.get(i), false), 1));
            }
            for (int i = 0; i < rows.size(); i++) {
                rows.set(i, java.util.Arrays.copyOfRange(rows.get(i), 1, rows.get(i).length));
            }
            wordMajor = true;
        } else if (header != null) {
            words = new ArrayList<>(header.size());
            for (int i = 0; i < header.size(); i++) {
                words.add(checkWord(matrixFile, headerLine, header.get(i), i + 1));
            }
            for (int i = 0; i < rows.size(); i++) {
                checkNonNegative(matrixFile, firstFieldLines.getLong(i), rows.get(i)[0]);
            }
            wordMajor = false;
        } else {
            if (vocabularyFile == null) {
                throw InputException.ofFile(matrixFile, "the matrix has no words (no header row, no word column): give a vocabulary file"
                        + " (--vocab-file), or say --matrix-header yes if the first line is a header of words that look like numbers");
            }
            for (int i = 0; i < rows.size(); i++) {
                checkNonNegative(matrixFile, firstFieldLines.getLong(i), rows.get(i)[0]);
            }
            words = readWords(vocabularyFile, limits);
            int numRows = rows.size();
            int numCols = rows.get(0).length;
            boolean rowNumbers = numRows >= 2;
            for (int i = 0; i < numRows && rowNumbers; i++) {
                rowNumbers = rows.get(i)[0] == i;
            }
            if (rowNumbers && numCols - 1 == words.size()) {
                throw InputException.ofFile(matrixFile, "the first column holds row numbers 0, 1, 2, ... and the other " + (numCols - 1)
                        + " columns match the vocabulary: this is pandas' index, written by DataFrame.to_csv; write the matrix with"
                        + " index=False, or use tmeval_export.py");
            }
            if (numRows == words.size() && numCols == words.size()) {
                throw InputException.ofFile(matrixFile, "cannot tell topics from words: the matrix is " + numRows + " x " + numCols + " and V = " + words.size());
            } else if (numCols == words.size()) {
                wordMajor = false;
            } else if (numRows == words.size()) {
                wordMajor = true;
            } else {
                throw InputException.ofFile(matrixFile, "the matrix is " + numRows + " x " + numCols
                        + " but the vocabulary " + vocabularyFile + " has " + words.size() + " words"
                        + (rowNumbers && (numCols - 1 == words.size() || numRows == words.size())
                        ? "; its first column holds row numbers 0, 1, 2, ...: pandas' index? write the matrix with index=False" : "")
                        + (numRows - 1 == words.size() && headerMode == Header.AUTO
                        ? "; if its first line is a header of words, say --matrix-header yes" : ""));
            }
        }
        int numTopics = wordMajor ? rows.get(0).length : rows.size();
        int numWords = words.size();
        if (numTopics == 0) {
            throw InputException.ofFile(matrixFile, "the rows hold a word and no numbers");
        }
        Vocabulary vocabulary;
        try {
            vocabulary = Vocabulary.of(words);
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(vocabularyFile != null && header == null && !wordColumn ? vocabularyFile : matrixFile, e.getMessage());
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

    /** One delimited field: its text (quotes removed) and whether it was quoted. */
    record Field(String text, boolean quoted) {
    }

    /** Tab if the line has one outside quotes, else comma (outside quotes), else runs of spaces. */
    private static char detectDelimiter(String line) {
        boolean inQuotes = false;
        boolean comma = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                inQuotes = !inQuotes;
            } else if (c == '\t' && !inQuotes) {
                return '\t';
            } else if (c == ',' && !inQuotes) {
                comma = true;
            }
        }
        if (inQuotes) {
            // an unclosed quote: decide without quotes, so that the field parser blames the quote on this line
            return line.indexOf('\t') >= 0 ? '\t' : line.indexOf(',') >= 0 ? ',' : ' ';
        }
        return comma ? ',' : ' ';
    }

    /**
     * The fields of a line. Tab and comma: RFC 4180 quoting (a field that starts with a quote runs to the next lone
     * quote, {@code ""} inside it is one quote; a line break inside quotes is refused, since no word may hold one).
     * Spaces: no quoting, fields separated by runs of whitespace.
     */
    static List<Field> split(LineReader in, String line, char delimiter) throws InputException {
        List<Field> fields = new ArrayList<>();
        if (delimiter == ' ') {
            for (int i = Numbers.fieldStart(line, 0); i < line.length(); ) {
                int end = Numbers.fieldEnd(line, i);
                fields.add(new Field(line.substring(i, end), false));
                i = Numbers.fieldStart(line, end);
            }
            return fields;
        }
        int i = 0;
        int n = line.length();
        while (true) {
            if (i < n && line.charAt(i) == '"') {
                StringBuilder sb = new StringBuilder();
                int j = i + 1;
                while (true) {
                    if (j >= n) {
                        throw in.error("a quoted field (column " + (fields.size() + 1) + ") has no closing quote on its line;"
                                + " a word may not contain a line break");
                    }
                    char c = line.charAt(j);
                    if (c == '"') {
                        if (j + 1 < n && line.charAt(j + 1) == '"') {
                            sb.append('"');
                            j += 2;
                            continue;
                        }
                        j++;
                        break;
                    }
                    sb.append(c);
                    j++;
                }
                if (j < n && line.charAt(j) != delimiter) {
                    throw in.error("column " + (fields.size() + 1) + " has text after the closing quote (write a quote inside a"
                            + " quoted field as \"\")");
                }
                fields.add(new Field(sb.toString(), true));
                if (j >= n) {
                    return fields;
                }
                i = j + 1;
            } else {
                int end = line.indexOf(delimiter, i);
                if (end < 0) {
                    fields.add(new Field(line.substring(i), false));
                    return fields;
                }
                fields.add(new Field(line.substring(i, end), false));
                i = end + 1;
            }
        }
    }

    /**
     * A header of words: an empty first cell (pandas' index corner), or a field after the first that is not a number (a
     * first field alone that is not a number starts a row of the word-column layout).
     */
    private static boolean looksLikeHeader(List<Field> f) {
        if (f.get(0).text().isEmpty() && !f.get(0).quoted()) {
            return true;
        }
        for (int i = 1; i < f.size(); i++) {
            if (!isNumber(f.get(i).text())) {
                return true;
            }
        }
        return false;
    }

    /** A word as written: not empty, no tab or line break, no unquoted surrounding whitespace ({@code "i "} is not {@code "i"}). */
    private static String checkWord(Path file, long line, Field f, int column) throws InputException {
        String w = f.text();
        if (w.isEmpty()) {
            throw new InputException(file, line, "empty word in column " + column);
        }
        if (w.indexOf('\t') >= 0 || w.indexOf('\n') >= 0 || w.indexOf('\r') >= 0) {
            throw new InputException(file, line, "word '" + Numbers.abbreviate(w.replace("\t", "\\t")) + "' (column " + column
                    + ") contains a tab or line break, which no tmeval model file can hold");
        }
        if (!f.quoted() && !w.strip().equals(w)) {
            throw new InputException(file, line, "word '" + Numbers.abbreviate(w) + "' (column " + column + ") has surrounding whitespace;"
                    + " '" + w.strip() + "' and '" + Numbers.abbreviate(w) + "' are different words: remove it (a space after a comma,"
                    + " say), or quote the field if the space is part of the word");
        }
        return w;
    }

    private static void checkNonNegative(Path file, long line, double v) throws InputException {
        if (v < 0) {
            throw new InputException(file, line, "column 1 is negative (" + v + ")");
        }
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
