package tmeval.app.shell;

import tmeval.app.common.ArmKey;
import tmeval.app.common.DocMethod;
import tmeval.app.common.Results;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.RunHistory;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.SessionFile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history of runs as a session keeps it ({@link SessionFile.RunBlock}s) and back. Rows are written in one order (by
 * document, method, direction, run), so that a session reopened and saved again is the same file, byte for byte.
 */
final class SessionRuns {
    /** The order of a run's rows in a session. */
    private static final Comparator<ComparisonRunner.Result> ORDER = Comparator.comparingInt(ComparisonRunner.Result::documentIndex)
            .thenComparing(r -> r.reference() ? "" : r.method())
            .thenComparing(r -> ArmKey.of(r).toString())
            .thenComparingInt(ComparisonRunner.Result::run);

    private SessionRuns() {
    }

    /** Every run of the history, oldest first, with its plan, its rows and each adaptive round's budget and verdict. */
    static List<SessionFile.RunBlock> blocks(RunHistory history) {
        List<SessionFile.RunBlock> blocks = new ArrayList<>();
        for (RunHistory.Run run : history.runs()) {
            Results.Snapshot rows = history.rowsOf(run);
            List<ComparisonRunner.Result> sorted = rows.rows().stream().sorted(ORDER).toList();
            List<SessionFile.Round> rounds = new ArrayList<>();
            Map<DocMethod, Boolean> seen = new LinkedHashMap<>();
            for (ComparisonRunner.Result r : sorted) {
                DocMethod key = new DocMethod(r.documentIndex(), r.method());
                Results.Round round = r.reference() ? null : rows.rounds().get(key);
                if (round != null && seen.put(key, true) == null) {
                    rounds.add(new SessionFile.Round(r.documentIndex(), r.method(), round.temperatures(), round.converged()));
                }
            }
            Map<String, String> plan = rows.plan() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(rows.plan().toSettings());
            boolean running = run.status() == RunHistory.Status.RUNNING;
            blocks.add(new SessionFile.RunBlock(run.id(), run.started(), running ? RunHistory.Status.PARTIAL.word() : run.status().word(),
                    running ? "partial: still running when the session was saved" : rows.partial(), plan, sorted, rounds));
        }
        return blocks;
    }

    /**
     * Each run's plan (null: a run stopped before auto's pilot chose one).
     *
     * @throws IllegalArgumentException naming the run and the setting that is not valid
     */
    static List<ComparisonJob> plans(List<SessionFile.RunBlock> blocks) {
        List<ComparisonJob> plans = new ArrayList<>();
        for (SessionFile.RunBlock b : blocks) {
            try {
                plans.add(b.plan().isEmpty() ? null : ComparisonJob.fromSettings(b.plan()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("run " + b.id() + ": " + e.getMessage(), e);
            }
        }
        return plans;
    }
}
