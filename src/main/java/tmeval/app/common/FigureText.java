package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import tmeval.run.output.Provenance;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The title and caption every exported figure carries ({@link Charts#write}), made here and nowhere else: for the
 * comparison results (the scatter, the brackets, the document view) the models, the methods, n, runs, seed, the
 * documents each method certifies and the date, from the results' plan and inputs; for the other views their plan's
 * line and the date. Never anything of the screen's state (a selection, a hover).
 */
public record FigureText(String title, String caption) {
    /** A figure of the comparison results: "Per-document scatter: A a.tsv against B b.tsv", and {@link #caption(Results, LocalDate)}. */
    public static FigureText of(Results results, String what) {
        return new FigureText(what + ": A " + name(results, "model-a") + " against B " + name(results, "model-b"), caption(results, LocalDate.now()));
    }

    /** A figure of another view: its title, and its plan's line ("Results of: ...", the view's own caption) with the date. */
    public static FigureText of(String what, String planLine) {
        return new FigureText(what, (planLine.isEmpty() ? "" : planLine + (planLine.matches("(?s).*[.?!]") ? " " : ". ")) + exported(LocalDate.now()));
    }

    private static String exported(LocalDate date) {
        return "Exported " + date + " by tmeval " + Provenance.version() + ".";
    }

    /**
     * "Results of ratio-convex, n = 1000, 2 runs, seed 1 on heldout.tokens (300 documents). Certified: ratio-convex 299 of 300
     * documents. Exported 2026-11-26 by tmeval 0.1.0." with "Partial: ..." when the results are not all their job meant
     * to produce.
     */
    public static String caption(Results results, LocalDate date) {
        List<String> parts = new ArrayList<>();
        ComparisonJob plan = results.planProperty().get();
        String documents = results.corpus() == null ? "" : String.format(Locale.ROOT, " (%,d documents)", results.corpus().size());
        parts.add((plan == null ? "Results of an unknown plan" : "Results of " + JobDescription.of(plan)) + " on " + name(results, "corpus") + documents + ".");
        List<String> certified = new ArrayList<>();
        for (String method : results.verdicts().counts().methods()) {
            certified.add(method + " " + results.verdicts().certifiedOf(method));
        }
        if (!certified.isEmpty()) {
            parts.add("Certified: " + String.join(", ", certified) + " documents.");
        }
        if (!results.partialProperty().get().isEmpty()) {
            parts.add(capitalised(results.partialProperty().get()) + ".");
        }
        parts.add(exported(date));
        return String.join(" ", parts);
    }

    /** The file name of an input ("model-a", "model-b", "corpus"), or "(not loaded)". */
    private static String name(Results results, String role) {
        for (Provenance.Input in : results.inputs()) {
            if (in.role().equals(role)) {
                Path file = in.path().getFileName();
                return file == null ? in.path().toString() : file.toString();
            }
        }
        return "(not loaded)";
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
