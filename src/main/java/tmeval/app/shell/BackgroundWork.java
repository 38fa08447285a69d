package tmeval.app.shell;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableDoubleValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The status bar's line: the work of the views running now, each named with its progress, so that a job in a view not
 * on screen is not forgotten (issue 39: the bar repeated the inputs pane's last line). Empty when nothing runs; the
 * comparison is left to the run panel, which is always on screen.
 */
final class BackgroundWork {
    /** A view's job: its name in the line, whether it runs, its progress (0 to 1; negative: not known). */
    record Job(String name, ObservableBooleanValue running, ObservableDoubleValue progress) {
    }

    private final List<Job> jobs;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    BackgroundWork(List<Job> jobs) {
        this.jobs = List.copyOf(jobs);
        for (Job j : jobs) {
            j.running().addListener(o -> update());
            j.progress().addListener(o -> update());
        }
        update();
    }

    private void update() {
        List<String> parts = new ArrayList<>();
        for (Job j : jobs) {
            if (j.running().get()) {
                double p = j.progress().get();
                parts.add(j.name() + (p >= 0 && p <= 1 ? String.format(Locale.ROOT, " %.0f%%", 100 * p) : ""));
            }
        }
        text.set(parts.isEmpty() ? "" : "Running in the views: " + String.join("; ", parts));
    }

    ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }
}
