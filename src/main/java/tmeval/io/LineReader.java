package tmeval.io;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a text file line by line, plain or gzip (recognised by its magic bytes, whatever the name),
 * strictly as UTF-8, and turns every low-level failure into an {@link InputException} naming the line; a NUL byte
 * marks a binary file and is refused.
 * Lines are split as bytes and decoded one at a time, so a bad byte is blamed on its own line
 * (a decoding reader reads ahead and would blame an earlier one). A UTF-8 byte-order mark at the start is skipped.
 * The file is opened once and read once, so a pipe, a FIFO or {@code /dev/stdin} reads like a regular file; callers
 * that must look at the head first use {@link #peek()} on the same reader instead of opening the file again.
 */
public final class LineReader implements Closeable {
    /** How many bytes of the head are kept for recognising binary formats (NumPy's magic is 6). */
    private static final int HEAD = 8;
    private final Path path;
    private final InputStream in;
    private final InputLimits limits;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private byte[] buffer = new byte[1 << 16];
    private int bufferStart;
    private int bufferEnd;
    private byte[] line = new byte[256];
    private long lineNumber;
    private boolean eof;
    private boolean javaSerialized;
    private byte[] head = new byte[0];
    private boolean peeked;
    private String peekedLine;

    private LineReader(Path path, InputStream in, InputLimits limits) {
        this.path = path;
        this.in = in;
        this.limits = limits;
    }

    public static LineReader open(Path path) throws InputException {
        return open(path, InputLimits.current());
    }

    static LineReader open(Path path, InputLimits limits) throws InputException {
        LineReader reader = null;
        try {
            reader = new LineReader(path, openStream(path), limits);
            reader.start();
            return reader;
        } catch (NoSuchFileException e) {
            throw InputException.ofFile(path, "file not found");
        } catch (EOFException | ZipException e) {
            if (reader != null) {
                reader.close();
            }
            throw InputException.ofFile(path, "truncated or corrupt gzip data");
        } catch (IOException e) {
            if (reader != null) {
                reader.close();
            }
            throw InputException.ofFile(path, "cannot read: " + e.getMessage());
        }
    }

    /** Opens a file as bytes, un-gzipping it when it starts with the gzip magic bytes. */
    private static InputStream openStream(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new IOException("is a directory");
        }
        if (Files.notExists(path)) {
            throw new NoSuchFileException(path.toString());
        }
        // a pipe or FIFO through a channel stream fails with "Illegal seek" (its available() asks for the size and
        // position), so anything but a regular file is read through a plain file stream
        InputStream raw = Files.isRegularFile(path) ? Files.newInputStream(path) : new FileInputStream(path.toFile());
        InputStream in = new BufferedInputStream(raw, 1 << 16);
        try {
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            if (b0 == 0x1f && b1 == 0x8b) {
                return new GZIPInputStream(in, 1 << 16);
            }
            return in;
        } catch (IOException e) {
            in.close();
            throw e;
        }
    }

    /** Reads the first bytes: notes a Java serialisation header and skips a byte-order mark. */
    private void start() throws IOException {
        while (bufferEnd < HEAD) {
            int n = in.read(buffer, bufferEnd, buffer.length - bufferEnd);
            if (n < 0) {
                eof = true;
                break;
            }
            bufferEnd += n;
        }
        head = Arrays.copyOf(buffer, Math.min(bufferEnd, HEAD));
        javaSerialized = bufferEnd >= 2 && buffer[0] == (byte) 0xAC && buffer[1] == (byte) 0xED;
        if (bufferEnd >= 3 && buffer[0] == (byte) 0xEF && buffer[1] == (byte) 0xBB && buffer[2] == (byte) 0xBF) {
            bufferStart = 3;
        }
    }

    /** The first bytes of the content (after un-gzipping; fewer in a shorter file), for recognising binary formats. */
    byte[] head() {
        return head.clone();
    }

    /** Whether the content (after un-gzipping) starts with the Java serialisation magic bytes AC ED. */
    boolean javaSerialized() {
        return javaSerialized;
    }

    /** The limits this reader and the format reading from it apply. */
    InputLimits limits() {
        return limits;
    }

    /** The next line without consuming it (the following {@link #next()} returns it), or null at the end. */
    public String peek() throws InputException {
        if (!peeked) {
            peekedLine = readLine();
            if (peekedLine != null) {
                lineNumber--;
            }
            peeked = true;
        }
        return peekedLine;
    }

    /** The next line without its terminator ({@code \n} or {@code \r\n}), or null at the end of the file. */
    public String next() throws InputException {
        if (peeked) {
            peeked = false;
            if (peekedLine != null) {
                lineNumber++;
            }
            return peekedLine;
        }
        return readLine();
    }

    private String readLine() throws InputException {
        if (eof && bufferStart >= bufferEnd) {
            return null;
        }
        int length = 0;
        int max = limits.maxLineBytes();
        try {
            while (true) {
                if (bufferStart >= bufferEnd) {
                    if (eof || !fill()) {
                        if (length == 0) {
                            return null;
                        }
                        break;
                    }
                }
                int newline = -1;
                for (int i = bufferStart; i < bufferEnd; i++) {
                    if (buffer[i] == '\n') {
                        newline = i;
                        break;
                    }
                    if (buffer[i] == 0) {
                        throw binary(length + i - bufferStart);
                    }
                }
                int end = newline >= 0 ? newline : bufferEnd;
                int chunk = end - bufferStart;
                if (length + (long) chunk > max) {
                    throw new InputException(path, lineNumber + 1, "line longer than " + max + " bytes" + limits.because("1/8"));
                }
                if (length + chunk > line.length) {
                    line = Arrays.copyOf(line, (int) Math.min(max, Math.max(line.length * 2L, length + chunk)));
                }
                System.arraycopy(buffer, bufferStart, line, length, chunk);
                length += chunk;
                bufferStart = end;
                if (newline >= 0) {
                    bufferStart++;
                    break;
                }
            }
        } catch (EOFException | ZipException e) {
            throw new InputException(path, lineNumber + 1, "truncated or corrupt gzip data");
        } catch (IOException e) {
            throw new InputException(path, lineNumber + 1, "cannot read: " + e.getMessage());
        }
        lineNumber++;
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return decode(length);
    }

    /**
     * A NUL byte, which no text holds: the file is binary (or UTF-16 text), and read as text it would give a line of
     * junk tokens without a word.
     */
    private InputException binary(long offset) {
        return new InputException(path, lineNumber + 1, "a NUL byte (byte " + (offset + 1) + " of the line): this is a binary file, not"
                + " text; tmeval reads UTF-8 text (a UTF-16 file has NUL bytes too: save it as UTF-8)");
    }

    /** The line as text: ASCII directly (one copy), anything else through the strict decoder. */
    private String decode(int length) throws InputException {
        boolean ascii = true;
        for (int i = 0; i < length; i++) {
            if (line[i] < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return new String(line, 0, length, StandardCharsets.ISO_8859_1);
        }
        try {
            return decoder.decode(ByteBuffer.wrap(line, 0, length)).toString();
        } catch (CharacterCodingException e) {
            throw new InputException(path, lineNumber, "not valid UTF-8 text");
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
            eof = true;
            bufferStart = bufferEnd = 0;
            return false;
        }
        bufferStart = 0;
        bufferEnd = n;
        return true;
    }

    /** The 1-based number of the line last returned by {@link #next()}. */
    public long lineNumber() {
        return lineNumber;
    }

    public Path path() {
        return path;
    }

    /** An input error at the line last read. */
    public InputException error(String reason) {
        return new InputException(path, lineNumber, reason);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing useful to do: the content was already read or an error was already reported
        }
    }
}
