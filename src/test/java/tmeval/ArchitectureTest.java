package tmeval;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import tmeval.architecture.AllowedToNameMethods;
import tmeval.architecture.AllowedToNameSettings;
import tmeval.architecture.AllowedToUseJavaFxConcurrent;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.architecture.UsesNoSceneGraph;

import java.lang.annotation.Annotation;
import java.nio.file.Path;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;

/** The package arrows of the README ("Where to start reading the code"): app and cli on top, then run, then the engine, then model; io on model only. */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("tmeval");

    private static final String[] ENGINE = {"tmeval.model..", "tmeval.io..", "tmeval.sampling..", "tmeval.estimate..",
            "tmeval.anneal..", "tmeval.compare..", "tmeval.curve..", "tmeval.train..", "tmeval.coherence..", "tmeval.run..", "tmeval.progress..", "tmeval.bench.."};

    /** A class that carries the mark, or is nested in one that does (exceptions and duties are marked on the class, not listed here). */
    private static DescribedPredicate<JavaClass> marked(Class<? extends Annotation> mark) {
        return DescribedPredicate.describe("marked @" + mark.getSimpleName(), c -> c.isAnnotatedWith(mark)
                || c.getEnclosingClass().map(outer -> marked(mark).test(outer)).orElse(false));
    }

    /** Whether the top-level class of a source file under src/main/java carries the mark. */
    private static boolean isMarked(Path source, Class<? extends Annotation> mark) {
        String name = Path.of("src/main/java").relativize(source).toString().replace('/', '.').replaceAll("\\.java$", "");
        return CLASSES.contain(name) && CLASSES.get(name).isAnnotatedWith(mark);
    }

    @Test
    void onlyTheAppUsesJavaFx() {
        noClasses().that().resideOutsideOfPackage("tmeval.app..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree.chart.fx..")
                .allowEmptyShould(true).check(CLASSES);
        noClasses().that().resideOutsideOfPackages("tmeval.app..", "tmeval.report..")
                .should().dependOnClassesThat().resideInAnyPackage("org.jfree..")
                .because("JFreeChart draws the workbench's charts and the report's figures (as SVG), nothing else")
                .allowEmptyShould(true).check(CLASSES);
    }

    /** The report is engine-side: it reads results through run's readers and draws SVG, for the command line and the workbench alike. */
    @Test
    void theReportKnowsNothingOfItsFrontEnds() {
        noClasses().that().resideInAPackage("tmeval.report..")
                .should().dependOnClassesThat().resideInAnyPackage("tmeval.cli..", "tmeval.app..", "javafx..")
                .orShould(ACCESS_STANDARD_STREAMS)
                .because("the command line and File > Export report write the same report from the same code")
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackages("tmeval.report..", "tmeval.cli..", "tmeval.app..")
                .should().dependOnClassesThat().resideInAPackage("tmeval.report..")
                .because("the report sits on top of the engine, beside the front ends")
                .check(CLASSES);
    }

    @Test
    void theTwoFrontEndsDoNotReachIntoEachOther() {
        noClasses().that().resideInAPackage("tmeval.app..").should().dependOnClassesThat().resideInAPackage("tmeval.cli..").check(CLASSES);
        noClasses().that().resideInAPackage("tmeval.cli..").should().dependOnClassesThat().resideInAPackage("tmeval.app..").check(CLASSES);
    }

    /** The screens of the workbench, one package each; only the shell puts them together. */
    private static final String[] SCREENS = {"inputs", "run", "scatter", "brackets", "table", "curves", "document", "teaching", "whichk", "covariates"};

    @Test
    void screensDoNotImportEachOther() {
        for (String screen : SCREENS) {
            String[] others = java.util.Arrays.stream(SCREENS).filter(s -> !s.equals(screen)).map(s -> "tmeval.app." + s + "..")
                    .toArray(String[]::new);
            noClasses().that().resideInAPackage("tmeval.app." + screen + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(others)
                    .orShould().dependOnClassesThat().resideInAPackage("tmeval.app.shell..")
                    .check(CLASSES);
        }
        String[] screens = java.util.Arrays.stream(SCREENS).map(s -> "tmeval.app." + s + "..").toArray(String[]::new);
        noClasses().that().resideInAPackage("tmeval.app.common..")
                .should().dependOnClassesThat().resideInAnyPackage(screens)
                .orShould().dependOnClassesThat().resideInAPackage("tmeval.app.shell..")
                .check(CLASSES);
    }

    @Test
    void theAppIsOnlyScreensTheirSharedPackageAndTheShell() {
        String[] allowed = java.util.stream.Stream.concat(java.util.Arrays.stream(SCREENS), java.util.stream.Stream.of("common", "shell"))
                .map(s -> "tmeval.app." + s + "..").toArray(String[]::new);
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes().that().resideInAPackage("tmeval.app..")
                .and().doNotHaveSimpleName("package-info")
                .should().resideInAnyPackage(allowed).check(CLASSES);
    }

    /** A view-model holds state and logic, tested without a window: no scene graph (beans, collections and tasks are fine). */
    @Test
    void viewModelsDoNotTouchTheSceneGraph() {
        noClasses().that().haveNameMatching(".*ViewModel(\\$.*)?").or(marked(UsesNoSceneGraph.class))
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "org.jfree..")
                .check(CLASSES);
    }

    /**
     * The computations split out of the screens' view-models (the AIS walkthrough, which K?'s rows and warnings, the
     * scatter's ticks and words, the results' sentences and keys) run in a plain unit test.
     */
    @Test
    void theScreensComputationsUseNoJavaFx() {
        noClasses().that(marked(UsesNoJavaFx.class))
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..")
                .because("a computation apart from its playback and its screen is driven by a unit test without a toolkit, and read"
                        + " without the screen's state")
                .check(CLASSES);
    }

    @Test
    void onlyTheBackgroundJobRunsWorkOffTheFxThread() {
        noClasses().that().resideInAPackage("tmeval.app..")
                .and(DescribedPredicate.not(marked(AllowedToUseJavaFxConcurrent.class)))
                .should().dependOnClassesThat().resideInAPackage("javafx.concurrent..")
                .because("one typed job (common.BackgroundJob: latest start wins, an outcome value, callbacks on the FX thread) is how"
                        + " the workbench runs work off the FX thread; a Task written out by hand decides its outcome on its own")
                .check(CLASSES);
    }

    /** Spark is provided by the cluster and absent from the workbench's jar, which leaves tmeval.spark out: nothing else may need either. */
    @Test
    void onlyTheSparkEntryPointUsesSpark() {
        noClasses().that().resideOutsideOfPackage("tmeval.spark..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.spark..", "scala..", "tmeval.spark..")
                .check(CLASSES);
    }

    @Test
    void theEngineKnowsNothingOfItsFrontEnds() {
        noClasses().that().resideInAnyPackage(ENGINE)
                .should().dependOnClassesThat().resideInAnyPackage("tmeval.cli..", "tmeval.app..")
                .check(CLASSES);
    }

    @Test
    void modelAndIoStandAlone() {
        noClasses().that().resideInAnyPackage("tmeval.model..", "tmeval.io..")
                .should().dependOnClassesThat().resideInAnyPackage("tmeval.sampling..", "tmeval.estimate..",
                        "tmeval.anneal..", "tmeval.compare..", "tmeval.train..", "tmeval.coherence..", "tmeval.run..")
                .check(CLASSES);
    }

    @Test
    void theEngineDoesNotDependOnTheRunner() {
        noClasses().that().resideInAnyPackage("tmeval.sampling..", "tmeval.estimate..", "tmeval.anneal..",
                        "tmeval.compare..", "tmeval.train..", "tmeval.coherence..")
                .should().dependOnClassesThat().resideInAnyPackage("tmeval.run..")
                .check(CLASSES);
    }

    @Test
    void theEngineDoesNotPrint() {
        noClasses().that().resideInAnyPackage(ENGINE).should(ACCESS_STANDARD_STREAMS).check(CLASSES);
    }

    /**
     * Method names are written once, in the registries ({@code estimate.Methods}, {@code compare.ComparisonMethods}, each
     * marked {@link AllowedToNameMethods}): no other source file has a string literal that is, or names, a method.
     */
    @Test
    void methodNamesAreWrittenOnlyInTheRegistries() throws Exception {
        java.util.Set<String> names = new java.util.TreeSet<>(tmeval.estimate.Methods.names());
        names.addAll(tmeval.compare.ComparisonMethods.names());
        names.add(tmeval.estimate.Methods.ITERATION_AIS);
        java.util.List<String> found = literalsOutside(AllowedToNameMethods.class, text -> names.stream().anyMatch(name ->
                // a short name (lr, ais) only as a whole literal; a hyphenated one anywhere as a word
                text.equals(name) || (name.contains("-")
                        && java.util.regex.Pattern.compile("(?<![\\w-])" + java.util.regex.Pattern.quote(name) + "(?![\\w-])").matcher(text).find())));
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), found);
    }

    /** Each string literal of a main source file (not one the mark allows) that {@code bad} holds, as file:line "text". */
    private static java.util.List<String> literalsOutside(Class<? extends Annotation> mark, java.util.function.Predicate<String> bad) throws Exception {
        java.util.regex.Pattern literal = java.util.regex.Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
        java.util.List<String> found = new java.util.ArrayList<>();
        try (var files = java.nio.file.Files.walk(java.nio.file.Path.of("src/main/java"))) {
            for (var file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (isMarked(file, mark)) {
                    continue;
                }
                var lines = java.nio.file.Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    var m = literal.matcher(lines.get(i));
                    while (m.find()) {
                        if (bad.test(m.group(1))) {
                            found.add(file + ":" + (i + 1) + " \"" + m.group(1) + "\"");
                        }
                    }
                }
            }
        }
        return found;
    }

    /**
     * Setting names are written once, in their table ({@code run.plan.SettingName}, marked {@link AllowedToNameSettings}):
     * no other source file has a string literal that is a setting's key ({@code "seed"}) or its option ({@code "--seed"},
     * {@code "no-align"}), because a key written by one class and read through another drifted apart unseen. A key that is
     * also a column's title or another thing's name ({@code method}, {@code auto}) is held in its option's spelling only.
     * The method options have their table too ({@code estimate.MethodOption}, marked alike): their options and their
     * hyphenated names are held to it; a one-word name ({@code temperatures}) is also a column's and an axis's title.
     */
    @Test
    void settingNamesAreWrittenOnlyInTheirTable() throws Exception {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (tmeval.run.plan.SettingName s : tmeval.run.plan.SettingName.values()) {
            if (!s.commonWord()) {
                names.add(s.key());
            }
            names.add(s.dashed());
            names.add(s.negated());
            names.add("--" + s.negated());
        }
        for (tmeval.estimate.MethodOption o : tmeval.estimate.MethodOption.values()) {
            names.add("--" + o.option());
            if (!o.option().equals(o.setting())) {
                names.add(o.option());
            }
            if (o.setting().contains("-")) {
                names.add(o.setting());
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), literalsOutside(AllowedToNameSettings.class, names::contains));
    }

    /** The sub-packages of {@code tmeval.run}, lowest first (README, "Where to start reading the code"). */
    private static final String[] RUN_LAYERS = {"plan", "exec", "certify", "output", "covariates", "auto", "select", "cost", "local", "distributed", "services"};

    private static String[] runPackages(String... names) {
        return java.util.Arrays.stream(names).map(n -> "tmeval.run." + n + "..").toArray(String[]::new);
    }

    @Test
    void everyClassOfRunIsInASubPackageThatSaysWhatItHolds() {
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes().that().resideInAPackage("tmeval.run")
                .should().haveSimpleName("package-info")
                .because("a flat package of plans, runners, formats, merge and cost hid what depends on what")
                .allowEmptyShould(true).check(CLASSES);
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes().that().resideInAPackage("tmeval.run..")
                .should().resideInAnyPackage(java.util.stream.Stream.concat(java.util.stream.Stream.of("tmeval.run"),
                        java.util.Arrays.stream(runPackages(RUN_LAYERS))).toArray(String[]::new))
                .because("each sub-package has its place in the layers below; a new one needs its own").check(CLASSES);
    }

    @Test
    void aPlanNeedsNothingThatRunsItWritesItOrChoosesIt() {
        noClasses().that().resideInAPackage("tmeval.run.plan..")
                .should().dependOnClassesThat().resideInAnyPackage(runPackages("exec", "certify", "output", "covariates", "auto", "select", "cost",
                        "local", "distributed", "services"))
                .because("a plan is what the user asked for: the command line, sessions, provenance and the form read and write it"
                        + " before anything runs, so it must not pull in the machinery").check(CLASSES);
    }

    @Test
    void theRunnersKnowPlansOnly() {
        noClasses().that().resideInAPackage("tmeval.run.exec..")
                .should().dependOnClassesThat().resideInAnyPackage(runPackages("certify", "output", "covariates", "auto", "select", "cost",
                        "local", "distributed", "services"))
                .because("the runners evaluate a plan's documents; how their results are judged, written, chosen or priced sits above"
                        + " them, so one change to a format or a verdict cannot change a number").check(CLASSES);
    }

    @Test
    void aVerdictIsARuleOnRunsNotOnFiles() {
        noClasses().that().resideInAPackage("tmeval.run.certify..")
                .should().dependOnClassesThat().resideInAnyPackage(runPackages("output", "covariates", "auto", "select", "cost", "local",
                        "distributed", "services"))
                .because("every view, file and summary shows the same verdict, so the rule cannot depend on any of them").check(CLASSES);
    }

    @Test
    void theFormatsWriteAnyRunHoweverItWasChosenOrDistributed() {
        noClasses().that().resideInAPackage("tmeval.run.output..")
                .should().dependOnClassesThat().resideInAnyPackage(runPackages("covariates", "auto", "select", "cost", "distributed", "services"))
                .because("a row is written and read the same whether auto chose its method, a shard ran it or merge joined it: the"
                        + " byte-identical outputs rest on that").check(CLASSES);
    }

    @Test
    void autoAndWhichKDoNotReachIntoMergeOrCost() {
        noClasses().that().resideInAnyPackage(runPackages("auto", "select", "covariates"))
                .should().dependOnClassesThat().resideInAnyPackage(runPackages("cost", "distributed", "services"))
                .because("auto chooses by weighted site updates, never by measured seconds, so that its choice is the same on any"
                        + " machine and in every shard").check(CLASSES);
    }

    @Test
    void runsSubPackagesHaveNoCycles() {
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices().matching("tmeval.run.(*)..").should().beFreeOfCycles()
                .because("a cycle would make the layers above meaningless: each package must be readable with only those below it")
                .check(CLASSES);
    }

    /**
     * The top-level packages of {@code tmeval}, lowest first, in tiers: each uses only packages of the tiers below it,
     * never one beside it. The README's package table has one row per package in this order; {@code ""} is
     * {@code tmeval} itself ({@code Main}).
     */
    static final String[][] LAYERS = {
            {"architecture"},
            {"model", "progress"},
            {"io", "sampling"},
            {"anneal", "train"},
            {"estimate"},
            {"compare", "curve", "coherence"},
            {"run"},
            {"bench", "report"},
            {"cli", "app"},
            {"spark", ""}};

    private static String layerPackage(String layer) {
        return layer.isEmpty() ? "tmeval" : "tmeval." + layer + "..";
    }

    @Test
    void eachPackageUsesOnlyThePackagesBelowIt() {
        var rule = com.tngtech.archunit.library.Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture();
        for (String[] tier : LAYERS) {
            for (String layer : tier) {
                rule = rule.layer(layer.isEmpty() ? "tmeval" : layer).definedBy(layerPackage(layer));
            }
        }
        java.util.List<String> below = new java.util.ArrayList<>();
        for (String[] tier : LAYERS) {
            for (String layer : tier) {
                String name = layer.isEmpty() ? "tmeval" : layer;
                rule = below.isEmpty() ? rule.whereLayer(name).mayNotAccessAnyLayer()
                        : rule.whereLayer(name).mayOnlyAccessLayers(below.toArray(String[]::new));
            }
            for (String layer : tier) {
                below.add(layer.isEmpty() ? "tmeval" : layer);
            }
        }
        rule.because("the engine is read, tested and changed from the bottom up: a package that reached up or sideways would"
                + " make a change to a front end, a format or a runner able to change a number computed below it").check(CLASSES);
    }

    @Test
    void noPackageIsInACycle() {
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices().matching("tmeval.(**)").should().beFreeOfCycles()
                .because("two packages that use each other are one package in two places: neither can be read, tested or moved"
                        + " without the other")
                .check(CLASSES);
    }

    /**
     * An import that only a comment uses ({@code {@link}}, {@code @throws}) draws an arrow between packages in the
     * source that the classes do not have, and that no rule on the classes can see (run.exec named run.auto and
     * run.output, above it, that way): Javadoc takes the fully qualified name instead. An import nothing uses goes too.
     */
    @Test
    void everyImportIsUsedByTheCodeNotOnlyByItsComments() throws Exception {
        java.util.regex.Pattern single = java.util.regex.Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)\\.(\\w+)\\s*;",
                java.util.regex.Pattern.MULTILINE);
        java.util.List<String> found = new java.util.ArrayList<>();
        for (String root : java.util.List.of("src/main/java", "src/test/java")) {
            try (var files = java.nio.file.Files.walk(Path.of(root))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    String code = codeOnly(java.nio.file.Files.readString(file));
                    String body = single.matcher(code).replaceAll("");
                    var m = single.matcher(code);
                    while (m.find()) {
                        if (!java.util.regex.Pattern.compile("\\b" + m.group(2) + "\\b").matcher(body).find()) {
                            found.add(file + ": import " + m.group(1) + "." + m.group(2));
                        }
                    }
                }
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), found);
    }

    /** Java source with its comments and the contents of its string, text-block and character literals blanked out. */
    static String codeOnly(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            int end;
            if (source.startsWith("//", i)) {
                end = source.indexOf('\n', i);
            } else if (source.startsWith("/*", i)) {
                end = source.indexOf("*/", i + 2);
                end = end < 0 ? -1 : end + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? -1 : end + 3;
            } else if (c == '"' || c == '\'') {
                end = i + 1;
                while (end < n && source.charAt(end) != c) {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, n);
            } else {
                code.append(c);
                i++;
                continue;
            }
            i = end < 0 ? n : end;
            code.append(' ');
        }
        return code.toString();
    }
}
