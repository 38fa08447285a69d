package tmeval.run.select;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every model of {@code select} gets a label no other model has. */
class ModelLabelsTest {
    @Test
    void namesWhenDistinctPathsWhereNamesCollideThePlaceWhereEvenPathsDo() {
        assertEquals(List.of("k5", "k10"), ModelLabels.of(List.of("k5", "k10"), List.of("a.tsv", "b.tsv")));
        assertEquals(List.of("k5/model.tsv", "k10/model.tsv", "other"),
                ModelLabels.of(List.of("model", "model", "other"), List.of("k5/model.tsv", "k10/model.tsv", "o.tsv")));
        assertEquals(List.of("model 1: m.tsv", "model 2: m.tsv"), ModelLabels.of(List.of("m", "m"), List.of("m.tsv", "m.tsv")));
        // a path given for a colliding name that is another model's name: both then labelled by their places
        assertEquals(List.of("model 1: x.tsv", "model 2: x", "m2.tsv"),
                ModelLabels.of(List.of("x", "m", "m"), List.of("x.tsv", "x", "m2.tsv")));
    }
}
