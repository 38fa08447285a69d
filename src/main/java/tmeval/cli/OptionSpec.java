package tmeval.cli;

/** One command-line option: its name without dashes, whether it takes a value, and its help text. */
public record OptionSpec(String name, String valueName, String help) {
    /** An option that takes a value, shown as {@code --name VALUE}. */
    public static OptionSpec value(String name, String valueName, String help) {
        return new OptionSpec(name, valueName, help);
    }

    /** A flag: present or absent. */
    public static OptionSpec flag(String name, String help) {
        return new OptionSpec(name, null, help);
    }

    public boolean takesValue() {
        return valueName != null;
    }

    public String synopsis() {
        return "--" + name + (takesValue() ? " " + valueName : "");
    }
}
