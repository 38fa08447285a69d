package tmeval.run.output;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The cells of one tab-separated row, by column, for the row formats ({@link EstimateRowFormat}, {@link CompareRowFormat},
 * {@link CurveRowFormat}, {@link SessionRowFormat}): every cell {@link Provenance#escape}d on the way out and unescaped on
 * the way in, so that no text splits its line. Only the formats use it; no other code finds a cell by its position.
 *
 * @param <C> the format's column enum, in the order of the header
 */
public final class Cells<C extends Enum<C> & Cells.Column> {
    /** A column of a row format (an enum's constant): its name in the header. */
    public interface Column {
        /**
         * The constant's name in lower camel case ({@code DOC_ID}: {@code docId}), a one-letter name as it is ({@code N});
         * a column named otherwise says its title itself.
         */
        default String title() {
            Enum<?> constant = (Enum<?>) this;
            return TITLES.get(constant.getDeclaringClass())[constant.ordinal()];
        }
    }

    /** Each column enum's titles by the rule of {@link Column#title}, made once: cells are read by the million. */
    private static final ClassValue<String[]> TITLES = new ClassValue<>() {
        @Override
        protected String[] computeValue(Class<?> type) {
            Object[] constants = type.getEnumConstants();
            String[] titles = new String[constants.length];
            for (int i = 0; i < constants.length; i++) {
                String name = ((Enum<?>) constants[i]).name();
                StringBuilder title = new StringBuilder();
                for (String word : name.length() == 1 ? new String[] {name} : name.toLowerCase(Locale.ROOT).split("_")) {
                    title.append(title.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
                }
                titles[i] = title.toString();
            }
            return titles;
        }
    };

    /** What separates the cells of every row but a session's curve points. */
    static final char TAB = '\t';

    private final List<C> columns;
    private final String[] values;
    private final char separator;

    private Cells(List<C> columns, String[] values, char separator) {
        this.columns = columns;
        this.values = values;
        this.separator = separator;
    }

    /** The header line of these columns, with its newline. */
    public static <C extends Enum<C> & Column> String header(List<C> columns) {
        return String.join("\t", columns.stream().map(Column::title).toList()) + "\n";
    }

    /** A row to fill, cell by cell, before {@link #line}. */
    public static <C extends Enum<C> & Column> Cells<C> empty(List<C> columns) {
        return empty(columns, TAB);
    }

    /** A row to fill whose cells are separated by {@code separator} (which no cell may hold). */
    public static <C extends Enum<C> & Column> Cells<C> empty(List<C> columns, char separator) {
        return new Cells<>(columns, new String[columns.size()], separator);
    }

    /** How many cells a line (without its newline) has. */
    static int count(String line) {
        return count(line, TAB);
    }

    private static int count(String line, char separator) {
        return (int) line.chars().filter(c -> c == separator).count() + 1;
    }

    /**
     * The cells of a line of these columns (without its newline), unescaped.
     *
     * @throws IllegalArgumentException when the line has another number of cells
     */
    public static <C extends Enum<C> & Column> Cells<C> parse(List<C> columns, String line) {
        return parse(columns, line, TAB);
    }

    /** {@link #parse} of cells separated by {@code separator}. */
    public static <C extends Enum<C> & Column> Cells<C> parse(List<C> columns, String line, char separator) {
        int count = count(line, separator);
        if (count != columns.size()) {
            throw new IllegalArgumentException("a row has " + columns.size() + (separator == TAB ? " tab" : " '" + separator + "'")
                    + "-separated fields, this one has " + count + " (a truncated or damaged file)");
        }
        String[] f = line.split(Pattern.quote(String.valueOf(separator)), -1);
        for (int i = 0; i < f.length; i++) {
            f[i] = Provenance.unescape(f[i]);
        }
        return new Cells<>(columns, f, separator);
    }

    public Cells<C> put(C column, Object value) {
        String text = Provenance.escape(String.valueOf(value));
        if (text.indexOf(separator) >= 0) {
            throw new IllegalArgumentException(column.title() + " '" + text + "' holds the separator '" + separator + "'");
        }
        values[index(column)] = text;
        return this;
    }

    /** The row, each cell filled, with its newline. */
    public String line() {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new IllegalStateException("no value for " + columns.get(i).title());
            }
        }
        return String.join(String.valueOf(separator), values) + "\n";
    }

    public String get(C column) {
        return values[index(column)];
    }

    /** A cell that may not be empty. */
    String nonEmpty(C column) {
        String v = get(column);
        if (v.isEmpty()) {
            throw new IllegalArgumentException("empty " + column.title());
        }
        return v;
    }

    public long whole(C column, long min, long max) {
        return RowChecks.whole(get(column), column.title(), min, max);
    }

    /** A {@code yes}/{@code no} cell. */
    boolean yesOrNo(C column) {
        return switch (get(column)) {
            case "yes" -> true;
            case "no" -> false;
            default -> throw new IllegalArgumentException(column.title() + " is yes or no, was '" + get(column) + "'");
        };
    }

    /** A {@code yes}/{@code no}/{@code -} cell: null for {@code -}. */
    public Boolean yesNoOrNone(C column) {
        return get(column).equals(NONE) ? null : switch (get(column)) {
            case "yes" -> true;
            case "no" -> false;
            default -> throw new IllegalArgumentException(column.title() + " '" + get(column) + "' is not yes, no or -");
        };
    }

    /** The text of {@link #yesNoOrNone}. */
    public static String yesNoOrNone(Boolean value) {
        return value == null ? NONE : value ? "yes" : "no";
    }

    private static final String NONE = "-";

    /**
     * The {@code millis} column: wall time at three decimals, or 0 under {@code --no-timing} so that files compare byte
     * for byte.
     */
    static String millis(long nanos, boolean timing) {
        return timing ? String.format(Locale.ROOT, "%.3f", nanos / 1e6) : "0";
    }

    private int index(C column) {
        int i = column.ordinal();
        if (i >= columns.size() || columns.get(i) != column) {
            throw new IllegalArgumentException("no column " + column.title() + " in this row");
        }
        return i;
    }
}
