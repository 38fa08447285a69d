package tmeval.app.common;

import javafx.beans.property.Property;
import javafx.css.PseudoClass;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.util.StringConverter;

import tmeval.run.plan.Setting;

import java.math.BigDecimal;

/**
 * An editable number field (a spinner) bound both ways to a setting. It shows the setting's value exactly (0.001 as
 * 0.001, not rounded to 0) and never changes it behind the user's back: text that the setting's rule ({@link Setting},
 * the command line's) refuses is neither clamped nor rounded but refused (the field is marked, the setting keeps its value, and a job started meanwhile
 * names the field); valid text is committed on Enter, when the field loses the focus, and before its screen starts a job
 * ({@link Form}), so that a job always runs what the field shows.
 */
public final class NumberField {
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    /** The numbers a field takes: its setting's rule ({@link Setting}), the command line's. */
    private interface Numbers {
        /** The value of a text; IllegalArgumentException saying what is wrong with it otherwise. */
        Number parse(String text);

        String format(Number n);

        /** {@code from} moved by {@code steps} steps, kept within the range (the arrows). */
        Number step(Number from, int steps);
    }

    private NumberField() {
    }

    /** A field of a whole-number setting (an IntegerProperty for a rule of an int range, or a LongProperty). */
    public static Spinner<Number> whole(Form form, Setting.Whole rule, Property<Number> setting, long step) {
        return field(form, rule.name(), setting, new Numbers() {
            @Override
            public Number parse(String text) {
                return rule.parse(text);
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
                    v = steps > 0 ? rule.max() : rule.min();
                }
                return Math.max(rule.min(), Math.min(rule.max(), v));
            }
        });
    }

    /** A field of a real-number setting (finite, as the command line takes it). */
    public static Spinner<Number> decimal(Form form, Setting.Real rule, Property<Number> setting, double step) {
        return field(form, rule.name(), setting, new Numbers() {
            @Override
            public Number parse(String text) {
                return rule.parse(text);
            }

            @Override
            public String format(Number n) {
                double v = n.doubleValue();
                return Double.isFinite(v) ? BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() : Double.toString(v);
            }

            @Override
            public Number step(Number from, int steps) {
                return Math.max(rule.min(), Math.min(rule.max(), from.doubleValue() + steps * step));
            }
        });
    }

    /** The problem with a text, or null when it is a value of the field. */
    private static String problem(Numbers numbers, String text) {
        try {
            numbers.parse(text);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
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
                return text == null || problem(numbers, text) != null ? factory.getValue() : numbers.parse(text);
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
        spinner.getEditor().textProperty().addListener((o, a, text) -> spinner.pseudoClassStateChanged(INVALID, problem(numbers, text) != null));
        form.add(() -> {
            String text = spinner.getEditor().getText();
            if (spinner.isDisabled()) {
                // its value takes no part in the job: it shows what it holds
                spinner.getEditor().setText(numbers.format(factory.getValue()));
                return null;
            }
            String problem = problem(numbers, text);
            if (problem != null) {
                return name + ": " + problem;
            }
            Number v = numbers.parse(text);
            factory.setValue(v);
            if (!numbers.format(v).equals(numbers.format(setting.getValue()))) {
                return name + ": " + numbers.format(v) + " was declined, it stays " + numbers.format(setting.getValue());
            }
            spinner.getEditor().setText(numbers.format(v));
            return null;
        });
        return spinner;
    }
}
