package tmeval;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;

/** The package arrows of DESIGN.md: app and cli on top, then run, then the engine, then model; io on model only. */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("tmeval");

    private static final String[] ENGINE = {"tmeval.model..", "tmeval.io..", "tmeval.sampling..", "tmeval.estimate..",
            "tmeval.anneal..", "tmeval.compare..", "tmeval.curve..", "tmeval.train..", "tmeval.run..", "tmeval.progress..", "tmeval.bench.."};

    @Test
    void onlyTheAppUsesJavaFx() {
        noClasses().that().resideOutsideOfPackage("tmeval.app..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..")
                .allowEmptyShould(true).check(CLASSES);
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
                        "tmeval.anneal..", "tmeval.compare..", "tmeval.train..", "tmeval.run..")
                .check(CLASSES);
    }

    @Test
    void theEngineDoesNotDependOnTheRunner() {
        noClasses().that().resideInAnyPackage("tmeval.sampling..", "tmeval.estimate..", "tmeval.anneal..",
                        "tmeval.compare..", "tmeval.train..")
                .should().dependOnClassesThat().resideInAnyPackage("tmeval.run..")
                .check(CLASSES);
    }

    @Test
    void theEngineDoesNotPrint() {
        noClasses().that().resideInAnyPackage(ENGINE).should(ACCESS_STANDARD_STREAMS).check(CLASSES);
    }
}
