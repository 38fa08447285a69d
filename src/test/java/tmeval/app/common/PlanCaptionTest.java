package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonMethods;
import tmeval.run.plan.ComparisonPlan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 39, item 1: the caption named every setting of the form that differed, those the results' methods never read
 * among them (particles, epsilon, chain length for a ratio path), in a list that could fill the chart's place. It names
 * only the settings the results used, at most {@link PlanCaption#SHOWN_DIFFERENCES} in its short line, all in its tooltip.
 */
class PlanCaptionTest {
    private static ComparisonJob plan(Map<String, String> changed) {
        Map<String, String> s = new LinkedHashMap<>(ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_CONVEX)).withTemperatures(5).toSettings());
        s.putAll(changed);
        return new ComparisonJob(ComparisonPlan.fromSettings(s), null);
    }

    private static PlanCaption<ComparisonJob> caption(ComparisonJob made, SimpleObjectProperty<ComparisonJob> form) {
        return new PlanCaption<>("Results", new SimpleObjectProperty<>(made), form, JobDescription::of, ComparisonJob::usedSettings,
                ComparisonJob::userSettings);
    }

    @Test
    void settingsTheResultsDidNotReadAreNotNamed() {
        SimpleObjectProperty<ComparisonJob> form = new SimpleObjectProperty<>(plan(Map.of("particles", "50", "epsilon", "0.1",
                "chain-length", "7", "max-exact-states", "99", "reference-particles", "20")));
        PlanCaption<ComparisonJob> caption = caption(plan(Map.of()), form);
        assertEquals("", caption.changesProperty().get(), "ratio-convex reads none of them");
        form.set(plan(Map.of("particles", "50", "temperatures", "10")));
        assertEquals("the form differs from these results: temperatures 10 instead of 5", caption.changesProperty().get());
    }

    @Test
    void theLineNamesThreeDifferencesAndCountsTheRestWhichItsTooltipNames() {
        SimpleObjectProperty<ComparisonJob> form = new SimpleObjectProperty<>(plan(Map.of("temperatures", "10", "runs", "3", "seed", "2",
                "gap-threshold", "0.5")));
        PlanCaption<ComparisonJob> caption = caption(plan(Map.of()), form);
        assertEquals("the form differs from these results: temperatures 10 instead of 5; runs 3 instead of 2; seed 2 instead of 1; and 1 more",
                caption.changesProperty().get());
        assertEquals("the form differs from these results: temperatures 10 instead of 5; runs 3 instead of 2; seed 2 instead of 1;"
                + " gap-threshold 0.5 instead of 1.0", caption.changesDetailProperty().get());
    }

    @Test
    void putBackRunsItsActionAndReportsWhatTheFormCannotHold() {
        SimpleObjectProperty<ComparisonJob> form = new SimpleObjectProperty<>(plan(Map.of("temperatures", "10")));
        PlanCaption<ComparisonJob> caption = caption(plan(Map.of()), form);
        List<String> told = new ArrayList<>();
        caption.setPutBack(() -> {
            form.set(plan(Map.of()));
            return List.of("vocabulary intersect");
        }, (title, message) -> told.add(message));
        caption.putBack();
        assertEquals("", caption.changesProperty().get());
        assertEquals(List.of("vocabulary intersect"), told);
    }
}
