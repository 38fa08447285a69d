package tmeval.run.distributed;

import tmeval.estimate.MethodOption;
import tmeval.run.plan.AutoPilot;
import tmeval.run.certify.ComparisonVerdicts;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.exec.Status;
import tmeval.run.output.Cells;
import tmeval.run.output.ComparisonRows;
import tmeval.run.output.CompareRowFormat;
import tmeval.run.output.CurveRowFormat;
import tmeval.run.output.EstimateRowFormat;
import tmeval.run.output.SelectRowFormat;
import tmeval.run.output.ShardDocuments;
import tmeval.run.plan.Shard;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import tmeval.compare.Direction;
import tmeval.estimate.Methods;
import tmeval.run.certify.Certification;
import tmeval.run.certify.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the rows of one kind of output must be, for {@code merge} to vouch for them: each row as its format reads it
 * (numbers finite and in range, a value exactly where the status says there is one), and each document's rows the
 * plan's (method, direction, run) in the plan's order. Every check throws an {@link IllegalArgumentException} saying what
 * is wrong, for the caller to name the file and line.
 */
final class ShardRows {
    private final ShardMerge.Kind kind;
    private final String estimateMethod;
    /** An auto estimate's fallbacks ({@link AutoPilot#fallbacks}): a document's rows may be one of theirs instead. */
    private final List<String> fallbacks;
    /** Each row of a document, as {@link #key} names it, in the order the runner writes them. */
    private final List<String> keys = new ArrayList<>();
    /** The temperatures an auto comparison's row may have (its start doubled up to its cap), or null for another output. */
    private final List<String> autoTemperatures;
    /** A selection's rules for each model's block: estimate's, under the model's own method (auto's choice for it, or the plan's). */
    private final List<ShardRows> models = new ArrayList<>();
    /** A selection shard's rows of each model, in order (its documents of the model times the runs). */
    private final List<Long> modelRows = new ArrayList<>();
    /** The model name of each block of a selection, as its first row gave it. */
    private final List<String> modelNames = new ArrayList<>();
    /** A selection's rows read so far: its rows come model by model, so a row's place says whose it is. */
    private long read;

    /** @throws IllegalArgumentException when the settings do not give the plan's methods, runs and direction */
    ShardRows(ShardMerge.Kind kind, Map<String, String> settings) {
        this.kind = kind;
        int runs = Setting.RUNS.parseInt(required(settings, SettingName.RUNS.key()));
        estimateMethod = kind == ShardMerge.Kind.ESTIMATE ? Methods.get(required(settings, SettingName.METHOD.key())).name() : null;
        AutoPilot pilot = kind == ShardMerge.Kind.ESTIMATE ? AutoPilot.fromSettings(settings) : null;
        fallbacks = pilot == null ? List.of() : pilot.fallbacks();
        autoTemperatures = kind == ShardMerge.Kind.COMPARE_ADAPTIVE && "true".equals(settings.get(AutoEstimation.NAME))
                ? autoTemperatures(settings) : null;
        if (kind == ShardMerge.Kind.SELECT) {
            // a document's rows are its runs; which method's, each model's rules say ({@link #forBlock})
            for (int r = 1; r <= runs; r++) {
                keys.add(key("", null, r));
            }
        } else if (kind == ShardMerge.Kind.ESTIMATE) {
            for (int r = 1; r <= runs; r++) {
                keys.add(key(estimateMethod, null, r));
            }
        } else if (kind == ShardMerge.Kind.CURVE) {
            for (String m : Setting.methods(required(settings, SettingName.METHODS.key()), CurvePlan.CURVE_METHODS, false)) {
                for (int r = 1; r <= runs; r++) {
                    keys.add(key(m, null, r));
                }
            }
        } else {
            keys.addAll(ComparisonRows.keys(settings)); // the rows every reader of a comparison's results expects
        }
    }

    /**
     * The rules of a shard of {@code kind}: for a selection, each model's block by estimate's rules under the model's
     * method, its rows counted from the shard's record of each model's documents.
     *
     * @throws IllegalArgumentException when the settings or the record do not give the plan
     */
    static ShardRows of(ShardMerge.Kind kind, Map<String, String> settings, Shard shard, ShardDocuments documents) {
        ShardRows rules = new ShardRows(kind, settings);
        if (kind == ShardMerge.Kind.SELECT) {
            if (documents == null || !documents.selection()) {
                throw new IllegalArgumentException("a select shard's '# shard' line counts each model's documents");
            }
            for (int m = 0; m < documents.modelDocuments().size(); m++) {
                ShardRows model = new ShardRows(ShardMerge.Kind.ESTIMATE, modelSettings(settings, m));
                rules.models.add(model);
                rules.modelRows.add((long) shard.size(documents.modelDocuments().get(m)) * model.perDocument());
            }
        }
        return rules;
    }

    /**
     * What a selection's settings say of model {@code m} (from 0) as an estimate's would: its runs and method (auto's
     * choice for it, {@code model-I-method}, or the plan's) and, for auto, its pilot and fallbacks.
     */
    static Map<String, String> modelSettings(Map<String, String> settings, int m) {
        String prefix = "model-" + (m + 1) + "-";
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SettingName.RUNS.key(), required(settings, SettingName.RUNS.key()));
        String method = SettingName.METHOD.key();
        s.put(method, settings.containsKey(prefix + method) ? settings.get(prefix + method) : required(settings, method));
        settings.forEach((k, v) -> {
            if (k.startsWith(prefix + AutoEstimation.NAME)) {
                s.put(k.substring(prefix.length()), v);
            }
        });
        return s;
    }

    /** The rules of a block: a selection's model's (by its index, from 0), or these for the other kinds. */
    ShardRows forBlock(int block) {
        return kind == ShardMerge.Kind.SELECT ? models.get(block) : this;
    }

    /** An auto comparison's budgets: its starting temperatures doubled 0 to auto-max-doublings times. */
    private static List<String> autoTemperatures(Map<String, String> settings) {
        long start = Setting.TEMPERATURES.parseInt(required(settings, MethodOption.TEMPERATURES.setting()));
        String doublings = required(settings, SettingName.AUTO_MAX_DOUBLINGS.key());
        if (!doublings.matches("[0-9]{1,2}")) {
            throw new IllegalArgumentException("auto-max-doublings is a whole number of doublings, was '" + doublings + "'");
        }
        List<String> budgets = new ArrayList<>();
        for (int k = 0; k <= Integer.parseInt(doublings) && start << k <= Integer.MAX_VALUE; k++) {
            budgets.add(Long.toString(start << k));
        }
        return budgets;
    }

    /** Which (method, direction, run) a row is; no direction for estimate's and curve's rows. */
    private static String key(String method, Direction direction, int run) {
        return method + (direction == null ? "" : "\t" + direction.label()) + "\t" + run;
    }

    private static String required(Map<String, String> settings, String name) {
        String v = settings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no setting " + name);
        }
        return v;
    }

    /** Rows each document has: the plan's methods, directions and runs. */
    int perDocument() {
        return keys.size();
    }

    /** The key of the {@code i}-th row of a document. */
    String expected(int i) {
        return keys.get(i);
    }

    /**
     * One row as its format read it ({@link EstimateRowFormat}, {@link CompareRowFormat} or {@link CurveRowFormat}), and
     * what merge asks of a row of any kind.
     *
     * @param row the format's row
     * @param key which (method, direction, run) the row is, as {@link #key} names it
     * @param tokens the N the document has in the record of a shard's documents ({@link ShardDocuments}): the row's N,
     *               but for a refused document-completion estimate, which counts every token, the tokens the method scores
     * @param iteration a curve's snapshot, a selection's model (from 0); 0 for the other kinds
     */
    record Checked(Object row, String documentId, int length, String method, String key, long tokens, long siteUpdates, long nanos,
                   int iteration) {
    }

    /**
     * Reads and checks one row (without its newline) by its format, and by what a shard's rows must be beyond it: a curve
     * shard has no corpus lines, an auto comparison's budgets are its start doubled up to its cap.
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    Checked check(String line) {
        switch (kind) {
            case SELECT -> {
                int m = 0;
                long before = read++;
                while (m < modelRows.size() && before >= modelRows.get(m)) {
                    before -= modelRows.get(m++);
                }
                if (m == modelRows.size()) {
                    throw new IllegalArgumentException("a row beyond the shard's documents of every model (" + modelRows.stream()
                            .mapToLong(Long::longValue).sum() + " rows): rows added");
                }
                String model = SelectRowFormat.parse(line).model();
                if (modelNames.size() <= m) {
                    modelNames.add(model);
                } else if (!modelNames.get(m).equals(model)) {
                    throw new IllegalArgumentException("a row of " + model + " among model " + (m + 1) + "'s rows, which are " + modelNames.get(m)
                            + "'s: rows missing, moved or edited");
                }
                Checked c = models.get(m).check(line.substring(line.indexOf('\t') + 1));
                return new Checked(c.row(), c.documentId(), c.length(), c.method(), c.key(), c.tokens(), c.siteUpdates(), c.nanos(), m);
            }
            case ESTIMATE -> {
                EstimateRowFormat.Row r = EstimateRowFormat.parse(line);
                boolean fallback = fallbacks.contains(r.method());
                if (!fallback && !r.method().equals(estimateMethod)) {
                    throw new IllegalArgumentException("method " + r.method() + " is not the plan's " + estimateMethod + (fallbacks.isEmpty() ? ""
                            : " nor one of auto's fallbacks " + String.join(", ", fallbacks)));
                }
                long tokens = r.logLik() == null ? Methods.scoredTokens(r.method(), r.length()) : r.length();
                // a fallback's row takes the place of the choice's: it is the same run of the document, by the method that certified it
                return new Checked(r, r.documentId(), r.length(), r.method(), key(estimateMethod, null, r.run()), tokens, r.siteUpdates(),
                        r.nanos(), 0);
            }
            case CURVE -> {
                CurveRowFormat.Row r = CurveRowFormat.parse(line);
                if (r.corpusLine()) {
                    throw new IllegalArgumentException("a corpus line: a shard's file has none");
                }
                return new Checked(r, r.documentId(), (int) r.length(), r.method(), key(r.method(), null, r.run()), r.length(), r.siteUpdates(),
                        r.nanos(), r.iteration());
            }
            default -> {
                CompareRowFormat.Row r = CompareRowFormat.parse(line, kind == ShardMerge.Kind.COMPARE_ADAPTIVE);
                if (autoTemperatures != null && !autoTemperatures.contains(Integer.toString(r.temperatures()))) {
                    throw new IllegalArgumentException("temperatures " + r.temperatures() + " is not one of auto's budgets, its start doubled up"
                            + " to its cap: " + String.join(", ", autoTemperatures));
                }
                // a refused row's cost is written as 0 and read as no result: its cells are still checked above
                return new Checked(r, r.documentId(), r.length(), r.method(), key(r.method(), r.direction(), r.run()),
                        r.length(), r.result() == null ? 0 : r.result().siteUpdates(), r.result() == null ? 0 : r.result().nanos(), 0);
            }
        }
    }

    /** The {@code certified} column of a row; null for a curve's, which has none. */
    static Boolean certified(Checked row) {
        if (row.row() instanceof EstimateRowFormat.Row r) {
            return r.certified();
        }
        return row.row() instanceof CompareRowFormat.Row r ? r.certified() : null;
    }

    /**
     * What an auto comparison's document must be beyond its verdict: one round per method (its rows' temperatures the
     * same), and converged the verdict, since auto's rounds end when the document is certified.
     *
     * @return the problem in words, or null
     */
    String autoProblem(List<Checked> document, Map<String, Verdict> verdicts) {
        if (kind == ShardMerge.Kind.SELECT) {
            return models.get(document.get(0).iteration()).autoProblem(document, verdicts);
        }
        if (kind == ShardMerge.Kind.ESTIMATE) {
            return fallbackProblem(document, verdicts);
        }
        if (autoTemperatures == null) {
            return null;
        }
        Map<String, Integer> temperatures = new LinkedHashMap<>();
        for (Checked c : document) {
            CompareRowFormat.Row r = (CompareRowFormat.Row) c.row();
            Integer first = temperatures.putIfAbsent(r.method(), r.temperatures());
            if (first != null && first != r.temperatures()) {
                return r.method() + "'s rows have temperatures " + first + " and " + r.temperatures() + ": one document's rows are one round's";
            }
            Verdict v = verdicts.get(r.method());
            String converged = Cells.yesNoOrNone(r.converged());
            if (!converged.equals(v.label())) {
                return r.method() + ": converged is '" + converged + "' where the verdict is '" + v.label()
                        + "' (auto's rounds end when it is certified)";
            }
        }
        return null;
    }

    /**
     * What an auto estimate's document must be: its rows by one method and, if that is a fallback, certified by it,
     * since auto keeps a fallback's rows only when they certify the document.
     *
     * @return the problem in words, or null
     */
    private String fallbackProblem(List<Checked> document, Map<String, Verdict> verdicts) {
        String method = document.get(0).method();
        for (Checked c : document) {
            if (!c.method().equals(method)) {
                return "rows by " + method + " and " + c.method() + ": one document's rows are one method's";
            }
        }
        Verdict v = verdicts.get(method);
        if (!method.equals(estimateMethod) && !v.certified()) {
            return "its rows are the fallback " + method + "'s but do not certify it (" + v.describe() + "): auto keeps a fallback's rows only"
                    + " when they do";
        }
        return null;
    }

    /**
     * The verdicts on one document's rows by method, reached again from its values and statuses by the rule the writer
     * used ({@link Certification}, {@link ComparisonVerdicts#byMethod}), so that a {@code certified} column edited or forged is
     * caught; empty for a curve.
     */
    Map<String, Verdict> verdicts(List<Checked> document) {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        if (kind == ShardMerge.Kind.SELECT) {
            return models.get(document.get(0).iteration()).verdicts(document);
        }
        if (kind == ShardMerge.Kind.ESTIMATE) {
            List<EstimateRowFormat.Row> rows = document.stream().map(c -> (EstimateRowFormat.Row) c.row()).toList();
            // by the method of the document's rows: the plan's, or auto's fallback (fallbackProblem sees that they are one method's)
            String method = document.get(0).method();
            verdicts.put(method, Certification.ofRuns(Methods.guarantee(method), (int) document.get(0).tokens(),
                    rows.stream().map(EstimateRowFormat.Row::status).toArray(Status[]::new),
                    rows.stream().mapToDouble(r -> r.logLik() == null ? Double.NaN : r.logLik()).toArray()));
        } else if (kind != ShardMerge.Kind.CURVE) {
            verdicts.putAll(ComparisonVerdicts.byMethod(document.stream().map(c -> ((CompareRowFormat.Row) c.row()).result(0)).toList()));
        }
        return verdicts;
    }
}
