package tmeval.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The {@code #} lines that open every output file, so that a file found a month later says how it was made: the
 * tmeval version, every setting of the plan (the seed among them), and the SHA-256 and size of every input. The
 * thread count is left out (the output is the same for any), and so is the time written unless timing is on, so
 * that outputs stay byte-identical across threads and invocations. pandas reads past them with
 * {@code read_csv(f, sep='\t', comment='#')}.
 */
public final class Provenance {
    /** One input file (or directory) and the option or role that named it. */
    public record Input(String role, Path path) {
    }

    /** The start of the line naming a shard (and, in a merged file, the shards merged). */
    public static final String SHARD_LINE = "# shard\t";
    /** The start of the line with the time written (absent under --no-timing). */
    public static final String WRITTEN_LINE = "# written\t";

    private Provenance() {
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
        return header(settings, inputs, timing, Shard.ALL);
    }

    /** The provenance lines of one shard's output: the unsharded run's, and a line naming the shard. */
    public static String header(Map<String, String> settings, List<Input> inputs, boolean timing, Shard shard) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("# tmeval\t").append(version()).append('\n');
        settings.forEach((k, v) -> sb.append("# setting\t").append(k).append('\t').append(v).append('\n'));
        for (Input in : inputs) {
            sb.append("# input\t").append(in.role()).append('\t').append(in.path().toAbsolutePath().normalize()).append('\t')
                    .append(digest(in.path())).append('\n');
        }
        if (!shard.equals(Shard.ALL)) {
            sb.append(SHARD_LINE).append(shard.label()).append('\n');
        }
        if (timing) {
            sb.append(WRITTEN_LINE).append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append('\n');
        }
        return sb.toString();
    }

    /**
     * {@code sha256:HEX bytes:N} of a regular file; of a directory, the SHA-256 over its files' names and digests in
     * name order and their total size; a pipe or device cannot be read twice and is said to be one.
     */
    static String digest(Path path) throws IOException {
        if (Files.isRegularFile(path)) {
            MessageDigest md = sha256();
            long bytes = 0;
            byte[] buffer = new byte[1 << 16];
            try (InputStream in = Files.newInputStream(path)) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    md.update(buffer, 0, n);
                    bytes += n;
                }
            }
            return "sha256:" + HexFormat.of().formatHex(md.digest()) + "\tbytes:" + bytes;
        }
        if (Files.isDirectory(path)) {
            MessageDigest md = sha256();
            long bytes = 0;
            try (Stream<Path> files = Files.walk(path)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    String[] d = digest(f).split("\t");
                    md.update((path.relativize(f) + "\0" + d[0] + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    bytes += Long.parseLong(d[1].substring("bytes:".length()));
                }
            }
            return "sha256:" + HexFormat.of().formatHex(md.digest()) + "\tbytes:" + bytes;
        }
        return "sha256:-\tbytes:- (not a regular file: read once as a stream)";
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
