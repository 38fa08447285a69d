package tmeval.io;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The beta MALLET trained with, for its word-topic counts file (which does not carry it), read from a file the user
 * has instead of copied by hand ({@code --beta-from FILE}, formats.md "From MALLET"): its state's {@code #beta :} header
 * line (exact; only the header is read), or the log of {@code train-topics}, where MALLET prints {@code [beta: X]} each
 * time it optimises beta (the last one is the final beta, rounded there to 5 decimals). The topic-keys file carries
 * alpha but no beta, and is refused with the route.
 */
public final class MalletBeta {
    /** MALLET's log line of an optimised beta; its number format is the JVM's (a decimal comma in some locales). */
    private static final Pattern LOGGED = Pattern.compile("\\[beta: ([^\\]\\s]*)\\]");

    private MalletBeta() {
    }

    public static double read(Path file) throws InputException {
        try (LineReader in = LineReader.open(file)) {
            ModelLoader.rejectForeign(in);
            String first = in.peek();
            if (first == null) {
                throw InputException.ofFile(file, "empty file; beta is the '#beta :' line of MALLET's --output-state file");
            }
            if (MalletStateFormat.isStateLine(first)) {
                return stateBeta(in);
            }
            if (first.startsWith("0\t")) {
                throw InputException.ofFile(file, "this is MALLET's --output-topic-keys file, which carries alpha (give it to --alpha-file)"
                        + " but not beta: give --beta-from MALLET's --output-state file (its '#beta :' line) or train-topics' log");
            }
            return loggedBeta(in);
        }
    }

    /** The {@code #beta :} header line of a state; stops at the first token row. */
    private static double stateBeta(LineReader in) throws InputException {
        String[] f = MalletStateFormat.headerValues(in, MalletStateFormat.BETA);
        if (f.length != 1) {
            throw in.error("expected one beta value, found " + f.length);
        }
        return Numbers.parsePositive(in, f[0], "beta");
    }

    /** The last {@code [beta: X]} of a train-topics log: the beta of the model MALLET wrote at the end. */
    private static double loggedBeta(LineReader in) throws InputException {
        String last = null;
        long lastLine = 0;
        String line;
        while ((line = in.next()) != null) {
            Matcher m = LOGGED.matcher(line);
            while (m.find()) {
                last = m.group(1);
                lastLine = in.lineNumber();
            }
        }
        if (last == null) {
            throw InputException.ofFile(in.path(), "neither a MALLET state ('#beta :' line) nor a train-topics log with '[beta: X]' lines"
                    + " (MALLET prints beta only when it optimises it, with --optimize-interval; otherwise beta is the --beta given to"
                    + " train-topics, default 0.01: give it as --beta B)");
        }
        // a decimal comma (MALLET formats beta in the JVM's locale) when there is no point
        String number = last.indexOf('.') < 0 ? last.replace(',', '.') : last;
        try {
            double beta = Double.parseDouble(number);
            if (beta > 0 && Double.isFinite(beta)) {
                return beta;
            }
        } catch (NumberFormatException e) {
            // reported below, naming the line
        }
        if (number.equals("NaN") || number.contains("Infinity") || number.contains("\u221e")) {
            throw new InputException(in.path(), lastLine, "'[beta: " + last + "]': the last beta MALLET logged is not a finite number (its"
                    + " optimisation of beta failed), so the model it wrote has no beta to smooth its counts with; give the beta it was"
                    + " trained with as --beta B, or retrain");
        }
        throw new InputException(in.path(), lastLine, "'[beta: " + last + "]' is not a positive number");
    }
}
