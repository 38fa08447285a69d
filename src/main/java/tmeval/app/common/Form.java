package tmeval.app.common;

import java.util.ArrayList;
import java.util.List;

/**
 * The fields of one screen whose typed text a job must run: a value typed and not yet confirmed (no Enter, no Tab, a
 * shortcut such as Ctrl+R pressed with the caret still in the field) is committed before the job starts, or the job does
 * not start and the field is named. Each field adds how it commits itself; the screen's view-model calls
 * {@link #commit} first thing when it starts a job. Without a window (view-model tests) there are no fields.
 */
public final class Form {
    /** Puts a field's text into its setting; returns why it cannot, naming the field, or null when done. */
    @FunctionalInterface
    public interface Field {
        String commit();
    }

    private final List<Field> fields = new ArrayList<>();

    public void add(Field field) {
        fields.add(field);
    }

    /** Commits every field whose text is valid; the problems of the others, in one line, or null when there are none. */
    public String commit() {
        return commit(this);
    }

    /** {@link #commit()} of several forms (a screen's own and the inputs' fields) at once. */
    public static String commit(Form... forms) {
        List<String> problems = new ArrayList<>();
        for (Form form : forms) {
            for (Field f : form.fields) {
                String problem = f.commit();
                if (problem != null) {
                    problems.add(problem);
                }
            }
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }
}
