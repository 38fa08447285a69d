package tmeval.run.output;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Shard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code #} lines that open every output file ({@link Provenance} says why), written and read here only: the tmeval
 * version, the Java runtime, OS and architecture, each setting of the plan, each input with its digest, a shard's
 * line, the time written and a partial run's note. The reader takes the lines one by one as a file is read and keeps what they say; every field is
 * {@link Provenance#escape}d on the way out and unescaped on the way in.
 */
public final class ProvenanceHeader {
    /** The kinds of line, by their first field. */
    public enum Line {
        /** {@code # tmeval VERSION}, the first line of every output */
        VERSION("# tmeval"),
        /**
         * {@code # runtime java:VERSION vendor:NAME vm:NAME os:NAME arch:NAME}, the second line: where the numbers were
         * computed, since byte-identical output is promised on one platform only ({@code Math} is not {@code StrictMath})
         */
        RUNTIME("# runtime"),
        /** {@code # setting NAME VALUE} */
        SETTING("# setting"),
        /** {@code # input ROLE PATH sha256:HEX bytes:N} */
        INPUT("# input"),
        /** {@code # shard I/N corpus-documents:D documents-sha256:HEX}, or in a merged file {@code # shard merged from N shards} */
        SHARD("# shard"),
        /** {@code # written TIME}, left out under {@code --no-timing} */
        WRITTEN("# written"),
        /** {@code # partial WHY}: the workbench's export of a cancelled run */
        PARTIAL("# partial");

        private final String tag;

        Line(String tag) {
            this.tag = tag;
        }

        /** The start of such a line: its tag and a tab. */
        public String prefix() {
            return tag + "\t";
        }

        /** The line of these fields, each escaped, with its newline. */
        String of(String... fields) {
            return fields(fields) + "\n";
        }

        /** The line of these fields, each escaped, without its newline. */
        private String fields(String... fields) {
            StringBuilder sb = new StringBuilder(tag);
            for (String f : fields) {
                sb.append('\t').append(Provenance.escape(f));
            }
            return sb.toString();
        }
    }

    /** One {@code # input} line: the role ({@code model-a}, {@code model-b}, {@code corpus}), the path and its digest. */
    public record Input(String role, Path path, String digest) {
        /** Why this input cannot be used as recorded, or null: missing, or changed since the results were made. */
        public String problem() {
            if (!Files.exists(path)) {
                return role + " " + path + " does not exist here";
            }
            if (digest.startsWith("sha256:-")) {
                return null; // a stream when the results were made: nothing to compare
            }
            try {
                String now = Provenance.digest(path);
                return now.equals(digest) ? null : role + " " + path + " has changed since the results were made (its SHA-256 differs)";
            } catch (IOException e) {
                return role + " " + path + " cannot be read: " + e.getMessage();
            }
        }
    }

    private final List<String> lines = new ArrayList<>();
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<Input> inputs = new ArrayList<>();
    private List<String> shardFields;
    private boolean timed;

    /**
     * The lines, each ending in a newline.
     *
     * @param settings the plan's settings in order ({@code plan} first)
     * @param timing whether to record when the file was written
     * @param documents what a shard's rows will hold (ignored for the whole corpus)
     */
    static String write(Map<String, String> settings, List<Provenance.Input> inputs, boolean timing, Shard shard, ShardDocuments documents)
            throws IOException {
        StringBuilder sb = new StringBuilder(Line.VERSION.of(Provenance.version())).append(runtime());
        settings.forEach((k, v) -> sb.append(Line.SETTING.of(k, v)));
        for (Provenance.Input in : inputs) {
            // the digest is two fields of its own (sha256:HEX, bytes:N), neither of which needs escaping
            sb.append(Line.INPUT.fields(in.role(), in.path().toAbsolutePath().normalize().toString())).append('\t')
                    .append(Provenance.digest(in.path())).append('\n');
        }
        if (!shard.equals(Shard.ALL)) {
            sb.append(Line.SHARD.prefix()).append(shard.label()).append('\t').append(documents.text()).append('\n');
        }
        if (timing) {
            sb.append(written());
        }
        return sb.toString();
    }

    /** The line naming this Java runtime, operating system and architecture. */
    public static String runtime() {
        return Line.RUNTIME.of("java:" + System.getProperty("java.runtime.version"), "vendor:" + System.getProperty("java.vendor"),
                "vm:" + System.getProperty("java.vm.name"), "os:" + System.getProperty("os.name"), "arch:" + System.getProperty("os.arch"));
    }

    /** The line with the time written, now. */
    public static String written() {
        return Line.WRITTEN.of(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /** A merged file's shard line, without its newline, as merge keeps its provenance lines. */
    public static String merged(int shards) {
        return Line.SHARD.prefix() + "merged from " + shards + " shards";
    }

    /** A partial run's note. */
    public static String partial(String why) {
        return Line.PARTIAL.of(why);
    }

    /** Whether a line belongs to the provenance (every line that starts with {@code #}). */
    public static boolean isProvenance(String line) {
        return line.startsWith("#");
    }

    /**
     * Takes the next provenance line of a file, as it was read (without its newline).
     *
     * @throws IllegalArgumentException when a setting fails its rule ({@link Setting#check}), or a setting or input line
     *                                  has the wrong fields, for the caller to name the file and line
     */
    public void read(String line) {
        String[] f = Provenance.fields(line);
        if (f[0].equals(Line.SHARD.tag)) {
            shardFields = List.of(f).subList(1, f.length);
            return; // not among the lines shards share
        }
        lines.add(line);
        if (f[0].equals(Line.SETTING.tag)) {
            if (f.length != 3) {
                throw new IllegalArgumentException("a '# setting' line has a name and a value, this one has " + (f.length - 1) + " fields");
            }
            Setting.check(settings.get(SettingName.PLAN.key()), f[1], f[2]);
            settings.put(f[1], f[2]);
        } else if (f[0].equals(Line.INPUT.tag)) {
            if (f.length != 5) {
                throw new IllegalArgumentException("a '# input' line has a role, a path, its SHA-256 and its size, this one has " + (f.length - 1)
                        + " fields");
            }
            try {
                inputs.add(new Input(f[1], Path.of(f[2]), f[3] + "\t" + f[4]));
            } catch (InvalidPathException e) {
                throw new IllegalArgumentException("invalid path for " + f[1]);
            }
        } else if (f[0].equals(Line.WRITTEN.tag)) {
            timed = true;
            try {
                written = f.length == 2 ? Instant.parse(f[1]) : null;
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException("the '# written' line's time is not a time: '" + f[1] + "'");
            }
            if (written == null) {
                throw new IllegalArgumentException("a '# written' line has one field, the time, this one has " + (f.length - 1));
            }
        }
    }

    /** When the file was written (its run's end), or null when it records no time (written under --no-timing). */
    public Instant writtenAt() {
        return written;
    }

    /** The lines read, as they were, but the shard line. */
    public List<String> lines() {
        return Collections.unmodifiableList(lines);
    }

    public Map<String, String> settings() {
        return Collections.unmodifiableMap(settings);
    }

    public List<Input> inputs() {
        return Collections.unmodifiableList(inputs);
    }

    private Instant written;

    /** Whether the file records when it was written (it was written with timing). */
    public boolean timed() {
        return timed;
    }

    /** Whether there was a shard line. */
    public boolean sharded() {
        return shardFields != null;
    }

    /**
     * The shard the shard line names.
     *
     * @throws IllegalArgumentException when it names none (a merged file's line, say)
     */
    public Shard shard() {
        return Shard.parse(shardFields.get(0));
    }

    /**
     * What the shard line records of the shard's documents, or null (a shard written before shards recorded them).
     *
     * @throws IllegalArgumentException when the fields are not that record
     */
    public ShardDocuments shardDocuments() {
        return ShardDocuments.parse(shardFields.subList(1, shardFields.size()));
    }
}
