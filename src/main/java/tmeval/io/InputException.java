package tmeval.io;

import java.nio.file.Path;

/**
 * A problem with a user's input file: names the file, the line (when one applies) and what is wrong.
 * Every reader reports bad input with this type and nothing else, and returns no partial result.
 */
public final class InputException extends Exception {
    private final String file;
    private final long line;
    private final String reason;

    public InputException(Path file, long line, String reason) {
        this(file == null ? null : file.toString(), line, reason, null);
    }

    public InputException(Path file, long line, String reason, Throwable cause) {
        this(file == null ? null : file.toString(), line, reason, cause);
    }

    public InputException(String file, long line, String reason, Throwable cause) {
        super(format(file, line, reason), cause);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    /** An error about a file as a whole (no line applies). */
    public static InputException ofFile(Path file, String reason) {
        return new InputException(file, 0, reason);
    }

    private static String format(String file, long line, String reason) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file);
            if (line > 0) {
                sb.append(", line ").append(line);
            }
            sb.append(": ");
        }
        return sb.append(reason).toString();
    }

    /** The file, or null for input that is not a file. */
    public String file() {
        return file;
    }

    /** The 1-based line, or 0 when no single line is at fault. */
    public long line() {
        return line;
    }

    public String reason() {
        return reason;
    }
}
