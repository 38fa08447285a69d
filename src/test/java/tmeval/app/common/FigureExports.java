package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import tmeval.compare.ComparisonMethods;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.output.Provenance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Results whose export must describe itself, and the check that an exported SVG does. */
public final class FigureExports {
    private FigureExports() {
    }

    /** {@link KnownVerdicts}' results of ratio-convex and lr-diff at the default plan, from modelA.tsv, modelB.tsv and heldout.tokens. */
    public static Results results() {
        Results results = new Results();
        results.setInputs(() -> List.of(new Provenance.Input("model-a", Path.of("/data/modelA.tsv")), new Provenance.Input("model-b",
                Path.of("/data/modelB.tsv")), new Provenance.Input("corpus", Path.of("/data/heldout.tokens"))));
        results.reset(AppFixtures.corpus(), new ComparisonJob(ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF)),
                null));
        results.addAll(KnownVerdicts.results(AppFixtures.corpus()));
        return results;
    }

    /** The text of an SVG's text elements, the lines a caption was wrapped into joined by spaces. */
    public static String text(Path svg) throws Exception {
        Matcher m = Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(Files.readString(svg));
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            sb.append(m.group(1).replace("&amp;", "&")).append(' ');
        }
        return sb.toString().replaceAll("\\s+", " ");
    }

    /** The exported figure names the models, the plan (methods, n, runs, seed), what is certified and the date, and no selection. */
    public static void assertDescribesItself(Path svg, String title) throws Exception {
        String text = text(svg);
        assertTrue(text.contains(title + ": A modelA.tsv against B modelB.tsv"), text);
        assertTrue(text.contains("Results of ratio-convex, lr-diff, n = 1000, 2 runs, seed 1 on heldout.tokens (12 documents)."), text);
        assertTrue(text.contains("Certified: ratio-convex " + KnownVerdicts.CONVEX_CERTIFIED + " of 12, lr-diff " + KnownVerdicts.LR_CERTIFIED
                + " of 12 documents."), text);
        assertTrue(text.contains("Exported " + LocalDate.now() + " by tmeval "), text);
        assertFalse(text.contains("selected"), "no screen state: " + text);
    }
}
