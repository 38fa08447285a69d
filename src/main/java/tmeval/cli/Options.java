package tmeval.cli;

import tmeval.run.output.Provenance;
import tmeval.run.plan.Setting;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsed {@code --name value} options of one command, checked against the command's option list. */
public final class Options {
    private final Map<String, String> values = new LinkedHashMap<>();
    private OutputStream standardOutput;
    private List<OptionSpec> specs = List.of();
    private final List<String> positionals = new ArrayList<>();

    private Options() {
    }

    public static Options parse(String[] args, int from, List<OptionSpec> specs) throws UsageException {
        return parse(args, from, specs, false);
    }

    /** @param positionals whether arguments that are not options are taken as files (after, before or between options) */
    public static Options parse(String[] args, int from, List<OptionSpec> specs, boolean positionals) throws UsageException {
        Map<String, OptionSpec> byName = new LinkedHashMap<>();
        for (OptionSpec s : specs) {
            byName.put(s.name(), s);
        }
        Options o = new Options();
        o.specs = List.copyOf(specs);
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--") || a.length() == 2) {
                if (positionals && !a.equals("--")) {
                    o.positionals.add(a);
                    continue;
                }
                throw new UsageException("unexpected argument '" + a + "' (options start with --)");
            }
            String name = a.substring(2);
            String inline = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                inline = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            OptionSpec spec = byName.get(name);
            Matcher indexed = INDEXED.matcher(name);
            if (spec == null && indexed.matches()) {
                spec = byName.get(indexed.group(1) + "-" + OptionSpec.INDEX);
            }
            if (spec == null) {
                throw new UsageException("unknown option --" + name);
            }
            if (o.values.containsKey(name)) {
                throw new UsageException("--" + name + " is given twice");
            }
            if (spec.takesValue()) {
                if (inline == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException("--" + name + " needs a value (" + spec.valueName() + ")");
                    }
                    inline = args[++i];
                    // another option where a value should be: the value was forgotten (a negative number or - is a value;
                    // a value that starts with -- can be given as --name=VALUE)
                    if (inline.startsWith("--") || isHelp(inline)) {
                        throw new UsageException("--" + name + " needs a value (" + spec.valueName() + "), not the option " + inline
                                + " (write --" + name + "=" + inline + " if that is the value)");
                    }
                }
                o.values.put(name, inline);
            } else {
                if (inline != null) {
                    throw new UsageException("--" + name + " takes no value");
                }
                o.values.put(name, "true");
            }
        }
        return o;
    }

    /** An indexed option's name as given: the option's name and the index (1, 2, ...). */
    private static final Pattern INDEXED = Pattern.compile("(.+)-([1-9][0-9]{0,5})");

    /**
     * The indices given to an indexed option ({@code --alpha-file-2} gives 2 to {@code alpha-file-I}), each checked to
     * be at most {@code count}, so that an option for an item that is not there is an error, not silently unused.
     *
     * @param what what the indices count, for the message ("--models gives 2 models")
     */
    public void checkIndices(int count, String what) throws UsageException {
        for (String given : values.keySet()) {
            Matcher m = INDEXED.matcher(given);
            if (m.matches() && specs.stream().anyMatch(s -> s.indexed() && s.name().equals(m.group(1) + "-" + OptionSpec.INDEX))
                    && Integer.parseInt(m.group(2)) > count) {
                throw new UsageException("--" + given + " is for item " + m.group(2) + ", but " + what);
            }
        }
    }

    /** Whether an argument is the help option ({@code --help}, {@code -h}). */
    static boolean isHelp(String arg) {
        return arg.equals("--help") || arg.equals("-h");
    }

    /**
     * Whether the arguments ask for help: {@code --help} or {@code -h} where an option may stand, not as the value of
     * one ({@code --out --help} is a usage error, not a request for help).
     */
    static boolean asksForHelp(String[] args, int from, List<OptionSpec> specs) {
        for (int i = from; i < args.length; i++) {
            if (isHelp(args[i])) {
                return true;
            }
            String a = args[i];
            if (a.startsWith("--") && !a.contains("=")) {
                String name = a.substring(2);
                if (specs.stream().anyMatch(s -> s.name().equals(name) && s.takesValue())) {
                    i++;
                }
            }
        }
        return false;
    }

    /** Where an output named {@code -} is written (the command's standard output), set by the launcher. */
    public OutputStream standardOutput() {
        return standardOutput;
    }

    void standardOutput(OutputStream out) {
        this.standardOutput = out;
    }

    /**
     * A comma-separated list, each item trimmed: refused when it is empty, has an empty item or names one twice,
     * so that {@code --method ,} or {@code --method a,a} fail before any work.
     */
    public List<String> list(String name, String fallback) throws UsageException {
        String v = values.getOrDefault(name, fallback);
        if (v == null) {
            throw new UsageException("--" + name + " is required");
        }
        Set<String> items = new LinkedHashSet<>();
        for (String item : v.split(",", -1)) {
            String t = item.trim();
            if (t.isEmpty()) {
                throw new UsageException("--" + name + " has an empty item ('" + v + "'); give names separated by commas");
            }
            if (!items.add(t)) {
                throw new UsageException("--" + name + " names " + t + " twice");
            }
        }
        return new ArrayList<>(items);
    }

    /** The inputs named on the command line (options that name a file or directory to read), in the order of --help. */
    public List<Provenance.Input> inputs() {
        List<Provenance.Input> out = new ArrayList<>();
        for (OptionSpec s : specs) {
            if (s.role() == OptionSpec.Role.INPUT && has(s.name())) {
                out.add(new Provenance.Input(s.name(), path(s.name())));
            }
        }
        return out;
    }

    /** The arguments that are not options, for a command that takes files. */
    public List<String> positionals() {
        return List.copyOf(positionals);
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public String string(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    public String required(String name) throws UsageException {
        String v = values.get(name);
        if (v == null) {
            throw new UsageException("--" + name + " is required");
        }
        return v;
    }

    public Path path(String name) {
        String v = values.get(name);
        return v == null ? null : Path.of(v);
    }

    public Path requiredPath(String name) throws UsageException {
        return Path.of(required(name));
    }

    public int integer(String name, int fallback, int min, int max) throws UsageException {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            long x = Long.parseLong(v.trim());
            if (x < min || x > max) {
                throw new UsageException("--" + name + " must be between " + min + " and " + max + ", was " + v);
            }
            return (int) x;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " needs a whole number, was '" + v + "'");
        }
    }

    public int requiredInteger(String name, int min, int max) throws UsageException {
        required(name);
        return integer(name, 0, min, max);
    }

    /** A whole-number option by its setting's one rule ({@link Setting.Whole}, what every reader of the setting applies). */
    public long whole(Setting.Whole rule, long fallback) throws UsageException {
        String v = values.get(rule.name());
        if (v == null) {
            return fallback;
        }
        try {
            return rule.parse(v);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + rule.name() + " " + e.getMessage());
        }
    }

    public double real(String name, double fallback, double min, double max) throws UsageException {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        double x;
        try {
            x = Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " needs a number, was '" + v + "'");
        }
        if (!(x >= min && x <= max)) {
            throw new UsageException("--" + name + " must be between " + min + " and " + max + ", was " + v);
        }
        return x;
    }
}
