package tmeval.run.select;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The labels of {@code select}'s models, one per model and no two alike, so that each row, summary and pair names one
 * model: its name (the {@code #name} line, or the file's name), unless another model has it too (the exporter names
 * every model {@code model} by default; MALLET files a.txt and d2/a.txt are both {@code a}), then its path as given;
 * where even that is shared (one file twice), {@code model I: PATH} with I its place in the list. The output's
 * provenance says which model each label is ({@code model-I-label}).
 */
public final class ModelLabels {
    private ModelLabels() {
    }

    /**
     * @param names the models' names, in the order given
     * @param paths their paths as given, in the same order
     */
    public static List<String> of(List<String> names, List<String> paths) {
        List<String> labels = new ArrayList<>(names.size());
        Map<String, Integer> nameCounts = counts(names);
        for (int i = 0; i < names.size(); i++) {
            labels.add(nameCounts.get(names.get(i)) == 1 ? names.get(i) : paths.get(i));
        }
        Map<String, Integer> labelCounts = counts(labels);
        for (int i = 0; i < labels.size(); i++) {
            if (labelCounts.get(labels.get(i)) > 1) {
                labels.set(i, "model " + (i + 1) + ": " + paths.get(i));
            }
        }
        return labels;
    }

    private static Map<String, Integer> counts(List<String> values) {
        Map<String, Integer> counts = new HashMap<>();
        values.forEach(v -> counts.merge(v, 1, Integer::sum));
        return counts;
    }
}
