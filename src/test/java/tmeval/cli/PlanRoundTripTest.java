package tmeval.cli;

import tmeval.run.plan.AutoPilot;
import tmeval.run.plan.AdaptiveBudget;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.progress.CancelToken;
import tmeval.run.auto.AutoComparison;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.distributed.CompareCommandLine;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.output.SessionFile;
import tmeval.run.plan.Workers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Plans round-trip (issue 25, item 1): a few hundred random valid plans, every setting varied within its range (auto and
 * the adaptive budget among them), go plan -> settings -> plan, plan -> command line -> plan (rendered by
 * {@link CompareCommandLine}, parsed by {@code compare}'s own parser) and plan -> session -> plan ({@link SessionFile}).
 */
class PlanRoundTripTest {
    private static final int PLANS = 400;
    private static final CompareCommandLine.Inputs INPUTS = new CompareCommandLine.Inputs(Path.of("/data/A.tsv"), Path.of("/data/B b.tsv"),
            Path.of("/data/held out.txt"), 1);

    @TempDir
    Path dir;

    /** A comparison as the workbench and compare run it: a plan, an adaptive budget or none, or auto's pilot plan. */
    private record Drawn(ComparisonPlan plan, AdaptiveBudget budget, boolean auto) {
    }

    @Test
    void randomComparisonPlansRoundTripThroughSettingsTheCommandLineAndSessions() throws Exception {
        Random random = new Random(25);
        CompareCommand compare = new CompareCommand(new CancelToken());
        int autos = 0;
        int adaptives = 0;
        for (int i = 0; i < PLANS; i++) {
            Drawn d = comparison(random);
            autos += d.auto() ? 1 : 0;
            adaptives += d.budget() != null ? 1 : 0;
            String what = "plan " + i + ": " + d;

            // plan -> settings -> plan (an auto run's results: the plan it chose and its pilot)
            AutoPilot pilot = d.auto() ? pilot(random) : null;
            ComparisonPlan made = d.auto() ? d.plan().withMethods(List.of(pick(random, AutoComparison.CANDIDATES)))
                    .withTemperatures(1 + random.nextInt(100_000)) : d.plan();
            Map<String, String> settings = settings(made, d.budget(), pilot);
            assertEquals(made, ComparisonPlan.fromSettings(settings), what);
            assertEquals(d.budget(), AdaptiveBudget.fromSettings(settings), what);
            assertEquals(pilot, AutoPilot.fromSettings(settings), what);

            // plan -> command line -> plan, by compare's own parser
            List<String> args = new ArrayList<>(CompareCommandLine.arguments(d.auto() ? ComparisonJob.auto(d.plan()) : new ComparisonJob(d.plan(), d.budget()), INPUTS, random.nextBoolean()));
            args.addAll(List.of("--out", "/results/out.tsv"));
            Options o = Options.parse(args.toArray(String[]::new), 1, compare.options());
            assertEquals(d.auto(), CompareCommand.auto(o), what + "\n" + args);
            ComparisonPlan parsed = CompareCommand.plan(o);
            assertEquals(onTheCommandLine(d.plan()), parsed, what + "\n" + args);
            if (!d.auto()) {
                AdaptiveBudget parsedBudget;
                try {
                    parsedBudget = CompareCommand.budget(o, parsed);
                } catch (UsageException e) {
                    throw new AssertionError(what + "\n" + args, e);
                }
                assertEquals(d.budget(), parsedBudget, what + "\n" + args);
            }

            // plan -> session -> plan: the run form's plan and the results' plan, as the workbench keeps them
            Map<String, String> session = new LinkedHashMap<>();
            d.plan().toSettings().forEach((k, v) -> session.put("form." + k, v));
            settings.forEach((k, v) -> session.put("results." + k, v));
            Path file = dir.resolve("s" + i + ".tmeval");
            SessionFile.write(new SessionFile.Session(Map.of(), session, List.of()), file);
            Map<String, String> back = SessionFile.read(file).settings();
            assertEquals(d.plan(), ComparisonPlan.fromSettings(prefixed(back, "form.")), what);
            Map<String, String> results = prefixed(back, "results.");
            assertEquals(made, ComparisonPlan.fromSettings(results), what);
            assertEquals(d.budget(), AdaptiveBudget.fromSettings(results), what);
            assertEquals(pilot, AutoPilot.fromSettings(results), what);
        }
        assertEquals(true, autos > 20 && adaptives > 20, autos + " auto and " + adaptives + " adaptive plans");
    }

    @Test
    void randomEstimateAndCurvePlansRoundTripThroughTheirSettings() throws Exception {
        Random random = new Random(24);
        for (int i = 0; i < PLANS; i++) {
            EstimatePlan estimate = new EstimatePlan(pick(random, Methods.names()), settings(random), 1 + random.nextInt(1_000_000),
                    random.nextLong(), Workers.defaultThreads());
            assertEquals(estimate, EstimatePlan.fromSettings(estimate.toSettings()), "estimate plan " + i);
            List<String> curveMethods = new ArrayList<>(CurvePlan.CURVE_METHODS);
            Collections.shuffle(curveMethods, random);
            CurvePlan curve = new CurvePlan(curveMethods.subList(0, 1 + random.nextInt(curveMethods.size())), settings(random),
                    random.nextInt(100_000), 1 + random.nextInt(1_000_000), random.nextLong(), Workers.defaultThreads(), random.nextBoolean());
            assertEquals(curve, CurvePlan.fromSettings(curve.toSettings()), "curve plan " + i);
            // no session holds an estimate plan (a setting no session reader knows is refused): its settings are its provenance's
        }
    }

    /** A random valid comparison: one in seven auto, about one in four of the rest adaptive where a ratio path runs both ways. */
    private static Drawn comparison(Random random) {
        boolean align = random.nextBoolean();
        boolean intersect = random.nextBoolean();
        double gap = gapThreshold(random);
        long seed = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(100);
        if (random.nextInt(7) == 0) {
            return new Drawn(AutoComparison.pilotPlan(ComparisonPlan.defaults(ComparisonPlan.defaultSelection()).withSeed(seed)
                    .withThreads(Workers.defaultThreads()).withAlign(align).withIntersectVocabularies(intersect).withGapThreshold(gap)), null, true);
        }
        boolean completion = random.nextInt(5) == 0;
        List<String> methods = new ArrayList<>(ComparisonMethods.names().stream().filter(m -> ComparisonMethods.completion(m) == completion).toList());
        Collections.shuffle(methods, random);
        methods = methods.subList(0, 1 + random.nextInt(methods.size()));
        ComparisonPlan.Directions directions = pick(random, List.of(ComparisonPlan.Directions.values()));
        ComparisonPlan.Reference reference = pick(random, List.of(ComparisonPlan.Reference.values()));
        ComparisonPlan plan = ComparisonPlan.defaults(methods).withDirections(directions).withSettings(settings(random))
                .withRuns(1 + random.nextInt(random.nextBoolean() ? 10 : 1_000_000)).withSeed(seed).withThreads(Workers.defaultThreads())
                .withReference(reference).withReferenceParticles(1 + random.nextInt(1_000_000)).withAlign(align).withIntersectVocabularies(intersect)
                .withGapThreshold(gap);
        AdaptiveBudget budget = null;
        if (directions == ComparisonPlan.Directions.BOTH && plan.annealingMethod() != null && random.nextInt(3) == 0) {
            budget = new AdaptiveBudget(random.nextBoolean() ? 0.25 : random.nextDouble() * 10 + Double.MIN_NORMAL,
                    (int) Math.min(Integer.MAX_VALUE, plan.settings().temperatures() + (long) random.nextInt(100_000)));
        }
        return new Drawn(plan, budget, false);
    }

    /** Every method setting drawn within its range (its bounds now and then). */
    private static MethodSettings settings(Random random) {
        MethodSettings s = MethodSettings.defaults();
        for (MethodOption o : MethodOption.values()) {
            String text = switch (o.kind()) {
                case WHOLE -> Long.toString(whole(random, o.wholeMin(), Math.min(o.wholeMax(), o == MethodOption.MAX_EXACT_STATES ? Long.MAX_VALUE
                        : Integer.MAX_VALUE)));
                case REAL -> Double.toString(random.nextInt(4) == 0 ? o.realMax() : o.realMin() + random.nextDouble() * (o.realMax() - o.realMin()));
                case SCHEDULE -> pick(random, List.of(Schedule.values())).label();
                case FLAG -> Boolean.toString(random.nextBoolean());
            };
            s = o.with(s, text);
        }
        return s;
    }

    private static long whole(Random random, long min, long max) {
        return switch (random.nextInt(4)) {
            case 0 -> min;
            case 1 -> max;
            case 2 -> min + random.nextInt(1000);
            default -> min + (long) (random.nextDouble() * ((double) max - min));
        };
    }

    private static double gapThreshold(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> ComparisonPlan.DEFAULT_GAP_THRESHOLD;
            case 1 -> 0;
            case 2 -> random.nextInt(100);
            default -> random.nextDouble() * 50;
        };
    }

    private static AutoPilot pilot(Random random) {
        List<Integer> documents = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(AutoEstimation.PILOT_DOCUMENTS); i++) {
            int d = random.nextInt(100_000);
            if (!documents.contains(d)) {
                documents.add(d);
            }
        }
        return new AutoPilot(random.nextInt(8), documents.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The plan compare parses back: a setting none of the methods reads cannot be given and stays at its default, as do the reference's particles without the lr reference. */
    private static ComparisonPlan onTheCommandLine(ComparisonPlan plan) {
        ComparisonPlan defaults = ComparisonPlan.defaults(plan.methods());
        Set<MethodOption> read = EnumSet.noneOf(MethodOption.class);
        plan.methods().forEach(m -> read.addAll(ComparisonMethods.get(m).options()));
        MethodSettings s = defaults.settings();
        for (MethodOption o : read) {
            s = o.with(s, o.text(plan.settings()));
        }
        int particles = plan.reference() == ComparisonPlan.Reference.LR ? plan.referenceParticles() : defaults.referenceParticles();
        return plan.withSettings(s).withReferenceParticles(particles);
    }

    private static Map<String, String> settings(ComparisonPlan plan, AdaptiveBudget budget, AutoPilot pilot) {
        Map<String, String> s = new LinkedHashMap<>(new ComparisonJob(plan, budget).toSettings());
        if (pilot != null) {
            s.putAll(pilot.toSettings());
        }
        return s;
    }

    private static Map<String, String> prefixed(Map<String, String> settings, String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        settings.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    private static <T> T pick(Random random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }
}
