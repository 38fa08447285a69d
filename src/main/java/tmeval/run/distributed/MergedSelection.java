package tmeval.run.distributed;

import tmeval.run.certify.VerdictCounts;
import tmeval.run.exec.Outcome;
import tmeval.run.output.EstimateRowFormat;
import tmeval.run.output.SelectRowFormat;
import tmeval.run.plan.SettingName;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A merged {@code select} output read back model by model, for {@code merge}'s summary: each model's rows as
 * estimate's outcomes and its documents' verdicts under the model's own method ({@link ShardRows#modelSettings}).
 */
public final class MergedSelection {
    private MergedSelection() {
    }

    /**
     * One model's rows of a merged selection.
     *
     * @param outcomes its rows as estimate's outcomes (position = index in the model's corpus)
     * @param verdicts its documents' verdicts, by the model's method
     */
    public record ModelRows(String name, String method, List<Outcome> outcomes, VerdictCounts verdicts) {
    }

    /** A merged selection's rows, model by model (as {@code select} scores them). */
    public static List<ModelRows> of(ShardMerge.Merged m) {
        List<ModelRows> models = new ArrayList<>();
        int row = 0;
        for (int model = 0; model < m.modelDocuments().size(); model++) {
            Map<String, String> settings = ShardRows.modelSettings(m.settings(), model);
            ShardRows rules = new ShardRows(ShardMerge.Kind.ESTIMATE, settings);
            List<Outcome> outcomes = new ArrayList<>();
            VerdictCounts verdicts = new VerdictCounts();
            String name = "";
            for (int d = 0; d < m.modelDocuments().get(model); d++) {
                List<ShardRows.Checked> document = new ArrayList<>();
                for (int r = 0; r < m.rowsPerDocument(); r++) {
                    String line = ShardMerge.withoutNewline(m.rows().get(row++));
                    name = SelectRowFormat.parse(line).model();
                    ShardRows.Checked c = rules.check(line.substring(line.indexOf('\t') + 1));
                    document.add(c);
                    outcomes.add(((EstimateRowFormat.Row) c.row()).outcome(d));
                }
                rules.verdicts(document).forEach(verdicts::add);
            }
            models.add(new ModelRows(name, settings.get(SettingName.METHOD.key()), outcomes, verdicts));
        }
        return models;
    }
}
