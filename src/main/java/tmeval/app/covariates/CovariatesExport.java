package tmeval.app.covariates;

import tmeval.io.OutputFile;
import tmeval.run.covariates.CovariateAnalysis;
import tmeval.run.covariates.CovariateStudy;
import tmeval.run.covariates.CovariatesTable;
import tmeval.run.output.Provenance;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Covariates screen's export, as {@code tmeval covariates --out} writes it: provenance lines (the study's settings,
 * the results' plan, the inputs), the figure's title and caption, then the table; whole or not at all.
 */
final class CovariatesExport {
    private CovariatesExport() {
    }

    /**
     * @param plan the plan of the results the study analysed, or null
     */
    static void write(Path path, CovariateStudy study, ComparisonJob plan, List<Provenance.Input> inputs, String title, String caption)
            throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(SettingName.PLAN.key(), "covariates");
        settings.put(SettingName.METHOD.key(), study.method());
        settings.put(SettingName.BINS.key(), Integer.toString(CovariateAnalysis.DEFAULT_BINS));
        settings.put(SettingName.ALL.key(), Boolean.toString(study.all()));
        if (plan != null) {
            plan.toSettings().forEach((k, v) -> settings.put("results." + k, v));
        }
        try (OutputFile out = OutputFile.create(path)) {
            out.writer().write(Provenance.header(settings, inputs, true));
            out.writer().write("# title\t" + Provenance.escape(title) + "\n# caption\t" + Provenance.escape(caption) + "\n");
            CovariatesTable.write(study, out.writer());
            out.commit();
        }
    }
}
