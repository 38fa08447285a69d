package tmeval.cli;

/**
 * One command-line option: its name without dashes, whether it takes a value, its help text, and whether its value
 * names a file the command reads or writes (so that every command's outputs are checked the same way before any
 * work: never a directory, a device to replace, a read-only file, or one of its own inputs).
 */
public record OptionSpec(String name, String valueName, String help, Role role) {
    /** What an option's value is to the command. */
    public enum Role {
        /** a setting */
        SETTING,
        /** a file or directory it reads */
        INPUT,
        /** a file it writes */
        OUTPUT,
        /** a directory it writes files into */
        OUTPUT_DIRECTORY
    }

    /** An option that takes a value, shown as {@code --name VALUE}. */
    public static OptionSpec value(String name, String valueName, String help) {
        return new OptionSpec(name, valueName, help, Role.SETTING);
    }

    /** An option naming a file or directory the command reads. */
    public static OptionSpec input(String name, String valueName, String help) {
        return new OptionSpec(name, valueName, help, Role.INPUT);
    }

    /** An option naming a file the command writes ({@code -} for standard output where the command allows it). */
    public static OptionSpec output(String name, String valueName, String help) {
        return new OptionSpec(name, valueName, help, Role.OUTPUT);
    }

    /** An option naming a directory the command writes files into. */
    public static OptionSpec outputDirectory(String name, String valueName, String help) {
        return new OptionSpec(name, valueName, help, Role.OUTPUT_DIRECTORY);
    }

    /** A flag: present or absent. */
    public static OptionSpec flag(String name, String help) {
        return new OptionSpec(name, null, help, Role.SETTING);
    }

    /** The suffix of an indexed option's name: {@code --alpha-file-I} stands for {@code --alpha-file-1}, {@code --alpha-file-2}, ... */
    public static final String INDEX = "I";

    /** Whether the option is one per item of a list ({@code select}'s {@code --alpha-file-I} for its I-th model). */
    public boolean indexed() {
        return name.endsWith("-" + INDEX);
    }

    public boolean takesValue() {
        return valueName != null;
    }

    public String synopsis() {
        return "--" + name + (takesValue() ? " " + valueName : "");
    }
}
