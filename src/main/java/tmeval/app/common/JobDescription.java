package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.ComparisonPlan;

import java.util.Locale;

/** A comparison in a line, where the workbench names the plan that made its results (captions, figures, questions). */
public final class JobDescription {
    private JobDescription() {
    }

    /** The methods, then "n = 1000, 2 runs, seed 1", and the adaptive budget or auto's doublings. */
    public static String of(ComparisonJob job) {
        ComparisonPlan plan = job.plan();
        String text = String.format(Locale.ROOT, "%s%s, n = %d, %d run%s, seed %d", job.isAuto() ? "auto chose " : "",
                String.join(", ", plan.methods()), plan.settings().temperatures(), plan.runs(), plan.runs() == 1 ? "" : "s", plan.seed());
        if (job.isAuto()) {
            return text + String.format(Locale.ROOT, ", doubled up to n = %d until certified",
                    (long) plan.settings().temperatures() * job.auto().capFactor());
        }
        return job.budget() == null ? text : text + String.format(Locale.ROOT, ", adaptive to %d temperatures within %s nats",
                job.budget().maxTemperatures(), job.budget().agreeWithin());
    }
}
