package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.model.Corpus;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiPredicate;

/**
 * Every run of the session, each with its plan, start time, status and results, newest last: a new run never replaces
 * the one before. "The run on screen" ({@link #shownProperty()}) is the one whose rows {@link Results} holds, which every
 * view follows; a second selection ({@link #compareProperty()}) is drawn beside it (the scatter's second layer, the
 * table's extra columns). The rows of a run not on screen are kept as a {@link Results.Snapshot}. While a job fills a
 * run, that run stays on screen. At most {@link #MAX_RUNS} are kept: the oldest run not on screen, compared or
 * running is dropped when a new one starts, and {@link #noticeProperty()} says which. Lives on the FX thread only.
 */
public final class RunHistory {
    /** How many runs the history keeps; each holds its rows (a 300-document, four-method, two-run comparison: 2,400 rows). */
    public static final int MAX_RUNS = 20;

    /** How a run ended, as a session writes it; {@code RUNNING} while a job fills it. */
    public enum Status {
        RUNNING, FINISHED, PARTIAL, FAILED;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Status parse(String word) {
            for (Status s : values()) {
                if (s.word().equals(word) && s != RUNNING) {
                    return s;
                }
            }
            throw new IllegalArgumentException("a run's status is finished, partial or failed, was '" + word + "'");
        }
    }

    /** One run: its number in the session, when it started, how it ended and, while not on screen, its rows. */
    public static final class Run {
        private final int id;
        private final Instant started;
        private Status status;
        private Results.Snapshot rows;

        Run(int id, Instant started, Status status, Results.Snapshot rows) {
            this.id = id;
            this.started = started;
            this.status = status;
            this.rows = rows;
        }

        public int id() {
            return id;
        }

        public Instant started() {
            return started;
        }

        public Status status() {
            return status;
        }

        /** Its rows, plan and partial note as last synchronised ({@link RunHistory#rowsOf}: current for the run on screen). */
        Results.Snapshot rows() {
            return rows;
        }

        /** "#3 14:02:11 (methods) n = 1000 seed 1 auto (partial)": short enough for a list; the caption names the whole plan. */
        public String describe() {
            ComparisonJob made = rows.plan();
            String plan = made == null ? "auto, before its pilot chose" : String.format(Locale.ROOT, "%s n = %d seed %d%s",
                    String.join(", ", made.plan().methods()), made.plan().settings().temperatures(), made.plan().seed(),
                    made.auto() != null ? " auto" : made.budget() != null ? " adaptive" : "");
            return String.format(Locale.ROOT, "#%d %s %s%s", id, TIME.format(started), plan,
                    status == Status.FINISHED ? "" : " (" + status.word() + ")");
        }

        @Override
        public String toString() {
            return describe();
        }
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneId.systemDefault());

    private final Results results;
    private final ObservableList<Run> runs = FXCollections.observableArrayList();
    /** One read-only view of the runs for every observer (a wrapper made per call would be collected with its listeners). */
    private final ObservableList<Run> readOnlyRuns = FXCollections.unmodifiableObservableList(runs);
    private final ReadOnlyObjectWrapper<Run> shown = new ReadOnlyObjectWrapper<>();
    /** The runs that can be drawn beside the one on screen: every run but that one. */
    private final javafx.collections.transformation.FilteredList<Run> others = new javafx.collections.transformation.FilteredList<>(readOnlyRuns);
    private final ReadOnlyObjectWrapper<Run> compare = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Results> compareResults = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper shownName = new ReadOnlyStringWrapper("no run yet");
    private Run filling;
    private int nextId = 1;

    /** @param results the rows every view follows: those of the run on screen */
    public RunHistory(Results results) {
        this.results = results;
        Runnable name = () -> shownName.set(shown.get() == null ? "no run yet" : shown.get().describe());
        shown.addListener((o, a, b) -> name.run());
        shown.addListener((o, a, b) -> others.setPredicate(r -> r != b));
        runs.addListener((javafx.collections.ListChangeListener<Run>) c -> name.run());
        // auto's plan is known once its pilot has chosen: the run on screen is named by it from then on
        results.planProperty().addListener((o, a, b) -> {
            Run on = shown.get();
            int at = runs.indexOf(on);
            if (on != null && on == filling && at >= 0 && on.rows().plan() != b) { // never while runs are switched
                sync();
                runs.set(at, on);
            }
        });
    }

    /**
     * A new run of this plan (null: auto's, known once its pilot has chosen) begins on screen, its rows empty; the run
     * before it stays in the history. Drops the oldest run beyond {@link #MAX_RUNS}, saying so.
     */
    public Run begin(Corpus corpus, ComparisonJob made, Instant now) {
        sync();
        results.reset(corpus, made);
        Run run = new Run(nextId++, now, Status.RUNNING, results.snapshot());
        runs.add(run);
        filling = run;
        shown.set(run);
        notice.set("");
        if (runs.size() > MAX_RUNS) {
            Run oldest = runs.stream().filter(r -> r != run && r != compare.get()).findFirst().orElseThrow(); // never the new one
            runs.remove(oldest);
            notice.set(String.format(Locale.ROOT, "the history keeps %d runs: run %s was dropped%s", MAX_RUNS, oldest.describe(),
                    oldest.rows().unsaved() ? " (it was not saved)" : ""));
        }
        return run;
    }

    /** The job filling {@code run} ended: its status, and its rows as they are now. */
    public void end(Run run, Status status) {
        run.status = status;
        if (run == filling) {
            filling = null;
        }
        if (run == shown.get()) {
            run.rows = results.snapshot();
        }
        int at = runs.indexOf(run);
        if (at >= 0) {
            runs.set(at, run); // told again: its description changed
        }
    }

    /**
     * Puts a run on screen: every view follows. Refused (false, with a notice) while a job fills the run on screen:
     * its rows arrive there.
     */
    public boolean show(Run run) {
        if (run == shown.get()) {
            return true;
        }
        if (filling != null) {
            notice.set("run " + filling.id() + " is still running: it stays on screen until it ends (Cancel stops it)");
            return false;
        }
        sync();
        results.reset(run.rows().corpus(), run.rows().plan());
        results.restore(run.rows());
        shown.set(run);
        notice.set("");
        return true;
    }

    /** The run drawn beside the one on screen (null: none). */
    public void compareWith(Run run) {
        compare.set(run);
        if (run == null) {
            compareResults.set(null);
            return;
        }
        Results other = new Results();
        Results.Snapshot rows = rowsOf(run);
        other.reset(rows.corpus(), rows.plan());
        other.restore(rows);
        compareResults.set(other);
    }

    /**
     * Deletes a run after asking (title, question) when its rows are not saved; the run being filled cannot be deleted.
     * When it was on screen, the newest run left takes its place.
     *
     * @return whether it was deleted
     */
    public boolean delete(Run run, BiPredicate<String, String> confirm) {
        if (run == filling) {
            notice.set("run " + run.id() + " is running: cancel it first");
            return false;
        }
        if (rowsOf(run).unsaved() && !run.rows().isEmpty() && !confirm.test("Delete a run that is not saved?", "Deleting run "
                + run.describe() + " drops its " + run.rows().rows().size() + " rows, not saved.\n\nDelete it? (File > Save session keeps every run.)")) {
            return false;
        }
        boolean wasShown = run == shown.get();
        runs.remove(run);
        if (run == compare.get()) {
            compareWith(null);
        }
        if (wasShown) {
            shown.set(null);
            if (runs.isEmpty()) {
                results.reset(results.corpus());
            } else {
                show(runs.get(runs.size() - 1));
            }
        }
        notice.set("run " + run.id() + " deleted");
        return true;
    }

    /** New inputs: the runs described other documents or models; the history starts over (the caller asked first). */
    public void clear() {
        runs.clear();
        filling = null;
        shown.set(null);
        compareWith(null);
        notice.set("");
    }

    /**
     * Results put on screen from elsewhere (a results file, a session saved before sessions kept runs) become the one run
     * of the history: finished, or partial when they say so.
     */
    public void adopt(Instant started) {
        clear();
        Run run = new Run(nextId++, started, results.partialProperty().get().isEmpty() ? Status.FINISHED : Status.PARTIAL, results.snapshot());
        runs.add(run);
        shown.set(run);
    }

    /** Puts runs read from a session back, numbered as they were, with the one to show and the one to compare (null: none). */
    public void restore(List<Results.Snapshot> rows, List<Integer> ids, List<Instant> started, List<Status> status, Integer shownId,
                        Integer compareId) {
        clear();
        for (int i = 0; i < rows.size(); i++) {
            runs.add(new Run(ids.get(i), started.get(i), status.get(i), rows.get(i)));
            nextId = Math.max(nextId, ids.get(i) + 1);
        }
        Run toShow = byId(shownId);
        if (toShow == null && !runs.isEmpty()) {
            toShow = runs.get(runs.size() - 1);
        }
        if (toShow != null) {
            results.reset(toShow.rows().corpus(), toShow.rows().plan());
            results.restore(toShow.rows());
            shown.set(toShow);
        }
        compareWith(byId(compareId));
    }

    private Run byId(Integer id) {
        return id == null ? null : runs.stream().filter(r -> r.id() == id).findFirst().orElse(null);
    }

    /** A run's rows now: the live ones for the run on screen. */
    public Results.Snapshot rowsOf(Run run) {
        if (run == shown.get()) {
            sync();
        }
        return run.rows();
    }

    /** Every run's rows are in a file now (a session). */
    public void markAllSaved() {
        results.markSaved();
        sync();
        for (Run r : runs) {
            r.rows = r.rows().saved();
        }
    }

    /** The runs whose rows are not saved, in words ("the results of run 2, (its plan) (24 rows)"), for a question before they go. */
    public List<String> unsaved() {
        sync();
        List<String> out = new ArrayList<>();
        for (Run r : runs) {
            if (r.rows().unsaved() && !r.rows().isEmpty()) {
                out.add(String.format(Locale.ROOT, "the results of %s%s (%,d rows)", runs.size() > 1 ? "run " + r.id() + ", " : "",
                        r.rows().plan() == null ? "an unknown plan" : JobDescription.of(r.rows().plan()), r.rows().rows().size()));
            }
        }
        return out;
    }

    private void sync() {
        Run on = shown.get();
        if (on != null) {
            on.rows = results.snapshot();
        }
    }

    /** The rows every view follows: the run on screen's. */
    public Results results() {
        return results;
    }

    public ObservableList<Run> runs() {
        return readOnlyRuns;
    }

    /** The runs that can be drawn beside the one on screen (every run but that one), in the history's order. */
    public ObservableList<Run> others() {
        return others;
    }

    /** The run on screen (its rows are {@link Results}'s), null before the first. */
    public ReadOnlyObjectProperty<Run> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The run on screen as {@link Run#describe} names it, kept up to date as it is named anew (its status, auto's choice). */
    public ReadOnlyStringProperty shownNameProperty() {
        return shownName.getReadOnlyProperty();
    }

    /** The run drawn beside it, null when none. */
    public ReadOnlyObjectProperty<Run> compareProperty() {
        return compare.getReadOnlyProperty();
    }

    /** The rows of the run drawn beside, as a {@link Results} of their own (the views read them as they read theirs), or null. */
    public ReadOnlyObjectProperty<Results> compareResultsProperty() {
        return compareResults.getReadOnlyProperty();
    }

    /** What the history last did that the user must know (a run dropped for the bound, a switch refused), or empty. */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /** Whether a job is filling the run on screen. */
    public boolean filling() {
        return filling != null;
    }
}
