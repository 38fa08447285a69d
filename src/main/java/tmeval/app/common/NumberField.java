package tmeval.app.common;

import javafx.beans.property.Property;
import javafx.css.PseudoClass;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.util.StringConverter;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * An editable number field (a spinner) bound both ways to a setting. It shows the setting's value exactly (0.001 as
 * 0.001, not rounded to 0) and never changes it behind the user's back: text that is not a number of the setting's range
 * is neither clamped nor rounded but refused (the field is marked, the setting keeps its value, and a job started meanwhile
 * names the field); valid text is committed on Enter, when the field loses the focus, and before its screen starts a job
 * ({@link Form}), so that a job always runs what the field shows.
 */
public final class NumberField {
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    /** The numbers a field takes. */
    private interface Numbers {
        /** The value of a text, or null when it is not one of these numbers. */
        Number parse(String text);

        String format(Number n);

        /** {@code from} moved by {@code steps} steps, kept within the range (the arrows). */
        Number step(Number from, int steps);

        /** "a whole number from 1 to 100" */
        String describe();
    }

    private NumberField() {
    }

    /** A field of whole numbers from {@code min} to {@code max}, for an IntegerProperty (an int range) or a LongProperty. */
    public static Spinner<Number> whole(Form form, String name, Property<Number> setting, long min, long max, long step) {
        return field(form, name, setting, new Numbers() {
            @Override
            public Number parse(String text) {
                try {
                    long v = Long.parseLong(text.trim());
                    return v >= min && v <= max ? v : null;
                } catch (NumberFormatException e) {
                    return null;
                }
            }

            @Override
            public String format(Number n) {
                return Long.toString(n.longValue());
            }

            @Override
            public Number step(Number from, int steps) {
                long v;
                try {
                    v = Math.addExact(from.longValue(), Math.multiplyExact(step, (long) steps));
                } catch (ArithmeticException e) {
                    v = steps > 0 ? max : min;
                }
                return Math.max(min, Math.min(max, v));
            }

            @Override
            public String describe() {
                return "a whole number from " + min + " to " + max;
            }
        });
    }

    /** A field of plain decimal numbers from {@code min} to {@code max} (finite, as the command line takes them). */
    public static Spinner<Number> decimal(Form form, String name, Property<Number> setting, double min, double max, double step) {
        return field(form, name, setting, new Numbers() {
            @Override
            public Number parse(String text) {
                if (!DECIMAL.matcher(text.trim()).matches()) {
                    return null;
                }
                double v = Double.parseDouble(text.trim());
                return Double.isFinite(v) && v >= min && v <= max ? v : null;
            }

            @Override
            public String format(Number n) {
                double v = n.doubleValue();
                return Double.isFinite(v) ? BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() : Double.toString(v);
            }

            @Override
            public Number step(Number from, int steps) {
                return Math.max(min, Math.min(max, from.doubleValue() + steps * step));
            }

            @Override
            public String describe() {
                return "a number from " + format(min) + " to " + format(max);
            }
        });
    }

    private static Spinner<Number> field(Form form, String name, Property<Number> setting, Numbers numbers) {
        SpinnerValueFactory<Number> factory = new SpinnerValueFactory<>() {
            @Override
            public void decrement(int steps) {
                setValue(numbers.step(getValue(), -steps));
            }

            @Override
            public void increment(int steps) {
                setValue(numbers.step(getValue(), steps));
            }
        };
        factory.setConverter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return n == null ? "" : numbers.format(n);
            }

            /** The spinner's own commit (Enter, focus lost): text that is not a valid value leaves the value as it is. */
            @Override
            public Number fromString(String text) {
                Number v = text == null ? null : numbers.parse(text);
                return v == null ? factory.getValue() : v;
            }
        });
        factory.setValue(setting.getValue());
        Spinner<Number> spinner = new Spinner<>(factory);
        spinner.setEditable(true);
        factory.valueProperty().addListener((o, a, b) -> {
            if (b != null && !numbers.format(b).equals(numbers.format(setting.getValue()))) {
                setting.setValue(b);
                // a setting may refuse a change (one that would clear results the user keeps): the field shows what it holds
                if (!numbers.format(b).equals(numbers.format(setting.getValue()))) {
                    factory.setValue(setting.getValue());
                }
            }
        });
        setting.addListener((o, a, b) -> {
            if (b != null && !numbers.format(b).equals(numbers.format(factory.getValue()))) {
                factory.setValue(b);
            }
        });
        spinner.getEditor().textProperty().addListener((o, a, text) -> spinner.pseudoClassStateChanged(INVALID, numbers.parse(text) == null));
        form.add(() -> {
            String text = spinner.getEditor().getText();
            if (spinner.isDisabled()) {
                // its value takes no part in the job: it shows what it holds
                spinner.getEditor().setText(numbers.format(factory.getValue()));
                return null;
            }
            Number v = numbers.parse(text);
            if (v == null) {
                return name + ": '" + text + "' is not " + numbers.describe();
            }
            factory.setValue(v);
            if (!numbers.format(v).equals(numbers.format(setting.getValue()))) {
                return name + ": " + numbers.format(v) + " was not taken";
            }
            spinner.getEditor().setText(numbers.format(v));
            return null;
        });
        return spinner;
    }
}
