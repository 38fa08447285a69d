package tmeval.run.plan;

import org.junit.jupiter.api.Test;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.MethodSettings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A plan's settings (its provenance lines) read back into the same plan, and every bad setting named. */
public class ComparisonPlanSettingsTest {
    private static final ComparisonPlan DEFAULTS = ComparisonPlan.defaults(ComparisonPlan.defaultSelection());

    /** A plan with every setting but the thread count moved off its default. */
    public static ComparisonPlan everySettingChanged() {
        MethodSettings s = new MethodSettings(2, 9, 3, 4, Schedule.GEOMETRIC, 0.1, 17, 3, false, 5000);
        return ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_GEOMETRIC, ComparisonMethods.LR_DIFF, ComparisonMethods.CHIB_DIFF,
                ComparisonMethods.EXACT)).withDirections(ComparisonPlan.Directions.FORWARD).withSettings(s).withRuns(3).withSeed(12345678901L)
                .withThreads(1).withReference(ComparisonPlan.Reference.LR).withReferenceParticles(7).withAlign(false).withIntersectVocabularies(true)
                .withGapThreshold(0.25);
    }

    private static ComparisonPlan withThreads(ComparisonPlan p, int threads) {
        return p.withThreads(threads);
    }

    @Test
    void everySettingReadsBackIntoTheSamePlan() {
        ComparisonPlan plan = everySettingChanged();
        Map<String, String> settings = plan.toSettings();
        Map<String, String> defaults = DEFAULTS.toSettings();
        for (String key : settings.keySet()) {
            if (!key.equals("plan")) {
                assertNotEquals(defaults.get(key), settings.get(key), "the test plan moves '" + key + "' off its default");
            }
        }
        // every component of the plan and of its method settings is a setting, but the thread count (the output is the same for any)
        int components = ComparisonPlan.class.getRecordComponents().length - 2 + MethodSettings.class.getRecordComponents().length;
        assertEquals(components + 1, settings.size(), "one setting per component, and the plan's name: " + settings.keySet());
        ComparisonPlan back = ComparisonPlan.fromSettings(settings);
        assertEquals(withThreads(plan, Workers.defaultThreads()), back);
        assertEquals(settings, back.toSettings());
        assertNull(AdaptiveBudget.fromSettings(settings), "a plain run's settings name no budget");
    }

    @Test
    void anAdaptiveBudgetReadsBackBesideItsPlan() {
        ComparisonPlan plan = DEFAULTS.withTemperatures(250);
        AdaptiveBudget budget = new AdaptiveBudget(0.05, 3000);
        Map<String, String> settings = new ComparisonJob(plan, budget).toSettings();
        assertEquals(withThreads(plan, Workers.defaultThreads()), ComparisonPlan.fromSettings(settings));
        assertEquals(budget, AdaptiveBudget.fromSettings(settings));
    }

    private static String problem(UnaryOperator<Map<String, String>> edit) {
        Map<String, String> s = edit.apply(new LinkedHashMap<>(everySettingChanged().toSettings()));
        return assertThrows(IllegalArgumentException.class, () -> {
            ComparisonPlan.fromSettings(s);
            AdaptiveBudget.fromSettings(s);
        }).getMessage();
    }

    private static UnaryOperator<Map<String, String>> set(String key, String value) {
        return s -> {
            s.put(key, value);
            return s;
        };
    }

    @Test
    void aMissingUnknownOrInvalidSettingIsNamedNeverReplacedByADefault() {
        assertEquals("setting direction: missing", problem(s -> {
            s.remove("direction");
            return s;
        }));
        assertEquals("setting colour: not a setting of this plan", problem(set("colour", "blue")));
        assertEquals("setting temperatures: must be between 1 and 2147483647, was 0", problem(set("temperatures", "0")));
        assertEquals("setting burn-in: must be between 0 and 2147483647, was -5", problem(set("burn-in", "-5")));
        assertEquals("setting runs: needs a whole number, was 'two'", problem(set("runs", "two")));
        assertEquals("setting gap-threshold: must be between 0.0 and 1.7976931348623157E308, was NaN", problem(set("gap-threshold", "NaN")));
        assertEquals("setting epsilon: must be between 0.0 and 0.999, was 1.5", problem(set("epsilon", "1.5")));
        assertEquals("setting resampling: is true or false, was 'yes'", problem(set("resampling", "yes")));
        assertEquals("setting vocabulary: is strict or intersect, was 'loose'", problem(set("vocabulary", "loose")));
        assertTrue(problem(set("methods", "ratio-convex,bogus")).startsWith("setting methods: "), problem(set("methods", "ratio-convex,bogus")));
        assertTrue(problem(set("schedule", "cubic")).startsWith("setting schedule: unknown schedule 'cubic'"));
        assertTrue(problem(set("direction", "sideways")).startsWith("setting direction: "));
        assertEquals("setting plan: 'curve', not a compare plan", problem(set("plan", "curve")));
        assertEquals("setting agree-within: must be between 2.2250738585072014E-308 and 1.7976931348623157E308, was Infinity", problem(s -> {
            s.put("adaptive", "true");
            s.put("agree-within", "Infinity");
            s.put("max-temperatures", "100");
            return s;
        }));
        assertEquals("setting max-temperatures: missing", problem(s -> {
            s.put("adaptive", "true");
            s.put("agree-within", "1");
            return s;
        }));
    }
}
