package tmeval.run.output;

import tmeval.model.UnknownWords;
import tmeval.run.plan.Setting;
import tmeval.run.plan.UnknownWordsRule;
import tmeval.run.plan.Shard;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The {@code #} lines that open every output file ({@link ProvenanceHeader} writes and reads them), so that a file found a month later says how it was made: the
 * tmeval version, the Java runtime, OS and architecture it ran on, every setting of the plan (the seed among them), and
 * the SHA-256 and size of every input. The
 * thread count is left out (the output is the same for any), and so is the time written unless timing is on, so
 * that outputs stay byte-identical across threads and invocations. pandas reads past them with
 * {@code read_csv(f, sep='\t', comment='#')}.
 */
public final class Provenance {
    /** One input file (or directory) and the option or role that named it. */
    public record Input(String role, Path path) {
    }

    /** The start of the line with the time written (absent under --no-timing). */
    public static final String WRITTEN_LINE = ProvenanceHeader.Line.WRITTEN.prefix();

    private Provenance() {
    }

    /**
     * The settings followed by how the corpus met the model ({@link Setting#isCorpusSetting}): the raw-text tokenising
     * options given, {@code --unknown-words}, and the out-of-vocabulary tokens and types dropped. The command line and
     * the workbench's export both write them, so that their files say the same.
     */
    public static Map<String, String> withCorpus(Map<String, String> settings, Map<String, String> tokenizing, boolean smooth, UnknownWords unknown) {
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.putAll(tokenizing);
        all.put(Setting.UNKNOWN_WORDS, UnknownWordsRule.of(smooth).label());
        all.put(Setting.OUT_OF_VOCABULARY, unknown.provenanceText());
        return all;
    }

    /** The version of this build ({@code tmeval --version}). */
    public static String version() {
        try (InputStream in = Provenance.class.getResourceAsStream("/tmeval/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            String v = p.getProperty("version", "");
            return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * The provenance lines, each ending in a newline.
     *
     * @param settings the plan's settings in order ({@code plan} first)
     * @param timing whether to record when the file was written
     */
    public static String header(Map<String, String> settings, List<Input> inputs, boolean timing) throws IOException {
        return header(settings, inputs, timing, Shard.ALL, null);
    }

    /**
     * The provenance lines of one shard's output: the unsharded run's, and a line naming the shard and recording its
     * documents for merge to check.
     *
     * @param documents what the shard's rows will hold (ignored for the whole corpus)
     */
    public static String header(Map<String, String> settings, List<Input> inputs, boolean timing, Shard shard, ShardDocuments documents)
            throws IOException {
        return ProvenanceHeader.write(settings, inputs, timing, shard, documents);
    }

    /**
     * One field of a tab-separated line that any text survives: a backslash, tab, line break or other control character
     * (a legal character of a file name) is written as {@code \\}, {@code \t}, {@code \n}, {@code \r}, or a backslash, {@code u} and four hex
     * digits, so the field neither splits its line nor starts another. Every writer of provenance, session and row fields uses it, and
     * every reader {@link #unescape}s.
     */
    public static String escape(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String e = switch (c) {
                case '\\' -> "\\\\";
                case '\t' -> "\\t";
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                default -> Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
                        || Character.getType(c) == Character.PARAGRAPH_SEPARATOR ? String.format(java.util.Locale.ROOT, "\\u%04x", (int) c) : null;
            };
            if (e != null && sb == null) {
                sb = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (sb != null) {
                if (e != null) {
                    sb.append(e);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? text : sb.toString();
    }

    /**
     * The text {@link #escape} wrote. A backslash before anything else is kept as it is, so that a field written before
     * escaping (a path with a backslash) still reads.
     */
    public static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder sb = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            char next = i + 1 < field.length() ? field.charAt(i + 1) : 0;
            if (c != '\\' || next == 0) {
                sb.append(c);
                continue;
            }
            switch (next) {
                case '\\' -> sb.append('\\');
                case 't' -> sb.append('\t');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 'u' -> {
                    Integer code = i + 6 <= field.length() ? hex(field.substring(i + 2, i + 6)) : null;
                    if (code == null) {
                        sb.append(c).append(next);
                    } else {
                        sb.append((char) code.intValue());
                        i += 4;
                    }
                }
                default -> sb.append(c).append(next);
            }
            i++;
        }
        return sb.toString();
    }

    private static Integer hex(String four) {
        for (int i = 0; i < four.length(); i++) {
            if (Character.digit(four.charAt(i), 16) < 0) {
                return null;
            }
        }
        return Integer.parseInt(four, 16);
    }

    /** The fields of a tab-separated line, each {@link #unescape}d. */
    public static String[] fields(String line) {
        String[] f = line.split("\t", -1);
        for (int i = 0; i < f.length; i++) {
            f[i] = unescape(f[i]);
        }
        return f;
    }

    /**
     * {@code sha256:HEX bytes:N} of a regular file; of a directory, the SHA-256 over its files' names and digests in
     * name order and their total size; a pipe or device cannot be read twice and is said to be one.
     */
    public static String digest(Path path) throws IOException {
        if (Files.isRegularFile(path)) {
            return fileDigest(path).text();
        }
        if (Files.isDirectory(path)) {
            MessageDigest md = sha256();
            long bytes = 0;
            try (Stream<Path> files = Files.walk(path)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    Digest d = fileDigest(f);
                    md.update((path.relativize(f) + "\0sha256:" + d.hex() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    bytes += d.bytes();
                }
            }
            return new Digest(HexFormat.of().formatHex(md.digest()), bytes).text();
        }
        return "sha256:-\tbytes:- (not a regular file: read once as a stream)";
    }

    /** The SHA-256 of a file's content and its size. */
    private record Digest(String hex, long bytes) {
        String text() {
            return "sha256:" + hex + "\tbytes:" + bytes;
        }
    }

    private static Digest fileDigest(Path path) throws IOException {
        MessageDigest md = sha256();
        long bytes = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(path)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                md.update(buffer, 0, n);
                bytes += n;
            }
        }
        return new Digest(HexFormat.of().formatHex(md.digest()), bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
