package tmeval.io;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
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
 * strictly as UTF-8, and turns every low-level failure into an {@link InputException} naming the line.
 * Lines are split as bytes and decoded one at a time, so a bad byte is blamed on its own line
 * (a decoding reader reads ahead and would blame an earlier one).
 */
public final class LineReader implements Closeable {
    /** Longer lines are refused rather than buffered without bound. */
    public static final int MAX_LINE_BYTES = 256 << 20;

    private final Path path;
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private byte[] buffer = new byte[1 << 16];
    private int bufferStart;
    private int bufferEnd;
    private byte[] line = new byte[256];
    private long lineNumber;
    private boolean eof;

    private LineReader(Path path, InputStream in) {
        this.path = path;
        this.in = in;
    }

    public static LineReader open(Path path) throws InputException {
        try {
            return new LineReader(path, openStream(path));
        } catch (NoSuchFileException e) {
            throw InputException.ofFile(path, "file not found");
        } catch (EOFException | ZipException e) {
            throw InputException.ofFile(path, "truncated or corrupt gzip data");
        } catch (IOException e) {
            throw InputException.ofFile(path, "cannot read: " + e.getMessage());
        }
    }

    /** Opens a file as bytes, un-gzipping it when it starts with the gzip magic bytes. */
    public static InputStream openStream(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new IOException("is a directory");
        }
        InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new GZIPInputStream(in, 1 << 16);
        }
        return in;
    }

    /** The next line without its terminator ({@code \n} or {@code \r\n}), or null at the end of the file. */
    public String next() throws InputException {
        if (eof && bufferStart >= bufferEnd) {
            return null;
        }
        int length = 0;
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
                }
                int end = newline >= 0 ? newline : bufferEnd;
                int chunk = end - bufferStart;
                if (length + (long) chunk > MAX_LINE_BYTES) {
                    throw new InputException(path, lineNumber + 1, "line longer than " + MAX_LINE_BYTES + " bytes");
                }
                if (length + chunk > line.length) {
                    line = Arrays.copyOf(line, Math.max(line.length * 2, length + chunk));
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
