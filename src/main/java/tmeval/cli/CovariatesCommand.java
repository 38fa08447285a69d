package tmeval.cli;

import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.OutputFile;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.output.Provenance;
import tmeval.run.covariates.BuiltInCovariates;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.ComparisonResults;
import tmeval.run.output.CorpusDocuments;
import tmeval.run.covariates.Covariate;
import tmeval.run.covariates.CovariateAnalysis;
import tmeval.run.covariates.CovariateStudy;
import tmeval.run.covariates.CovariatesTable;
import tmeval.run.covariates.DocumentRatio;
import tmeval.run.covariates.DocumentRatios;
import tmeval.run.covariates.Metadata;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code covariates}: a comparison's per-document log ratio per token against built-in covariates and a metadata file's
 * columns (covariates.md): binned means, and a random-effects meta-regression for each covariate.
 */
final class CovariatesCommand implements Command {
    private final CancelToken cancel;

    CovariatesCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "covariates";
    }

    @Override
    public String summary() {
        return "the per-document log ratio per token of a compare output against covariates (length, out-of-vocabulary rate,"
                + " dominant topic, topic entropy, a metadata file's columns): binned means and a weighted test of association";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(
                OptionSpec.input("results", "FILE", "a compare output (plain, adaptive, auto or merged shards) or a workbench session"),
                OptionSpec.input("metadata", "FILE", "TSV with a header: the document id, then numeric or categorical columns"),
                OptionSpec.output("out", "FILE", "the binned means and tests (TSV; - for standard output)"),
                OptionSpec.value(SettingName.METHOD.option(), "NAME", "the method analysed (default: the first ratio path of the results, else their first method)"),
                OptionSpec.value(SettingName.BINS.option(), "N", "quantile bins of a numeric covariate (default " + CovariateAnalysis.DEFAULT_BINS
                        + ")"),
                OptionSpec.flag(SettingName.ALL.option(), "include documents not certified (with a Monte Carlo variance); by default only certified"
                        + " ones"),
                OptionSpec.input("model-a", "FILE", "model A, when it is no longer where the results say (its SHA-256 must match)"),
                OptionSpec.input("model-b", "FILE", "model B, likewise"),
                OptionSpec.input("corpus", "PATH", "the held-out corpus, likewise"),
                OptionSpec.flag("no-models", "read neither models nor corpus: only the length and the metadata's columns"),
                OptionSpec.flag("no-timing", "no time in the provenance lines"));
    }

    @Override
    public Map<String, Path> derivedInputs(Options o) {
        // the models and corpus the results name are read too: no output may be one of them
        Map<String, Path> in = new LinkedHashMap<>();
        if (o.has("results") && !o.has("no-models")) {
            try {
                for (tmeval.run.output.ProvenanceHeader.Input i : ComparisonResults.open(o.path("results")).source().inputs()) {
                    if (!o.has(i.role())) {
                        in.put("the " + i.role() + " the results name", i.path());
                    }
                }
            } catch (InputException e) {
                // reported when the command reads it
            }
        }
        return in;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        Path resultsPath = o.requiredPath("results");
        Path outFile = o.requiredPath("out");
        int bins = o.integer(SettingName.BINS.option(), CovariateAnalysis.DEFAULT_BINS, 1, 100);
        if (o.has("no-models") && (o.has("model-a") || o.has("model-b") || o.has("corpus"))) {
            throw new UsageException("--no-models reads no model or corpus: give it without --model-a, --model-b and --corpus");
        }
        ComparisonResults.Opened opened = ComparisonResults.open(resultsPath);
        ComparisonResults.Source source = opened.source();
        source.warnings().forEach(w -> err.println("tmeval covariates: " + resultsPath + ": " + w));
        List<ComparisonRunner.Result> results = opened.results();
        List<String> methods = DocumentRatios.methods(results);
        if (methods.isEmpty()) {
            throw InputException.ofFile(resultsPath, "no rows: nothing to analyse");
        }
        String method = o.string(SettingName.METHOD.option(), DocumentRatios.defaultMethod(results));
        if (!methods.contains(method)) {
            throw new UsageException("--method " + method + " is not in the results (they hold " + String.join(", ", methods) + ")");
        }
        List<DocumentRatio> ratios = DocumentRatios.of(results, method);
        List<Provenance.Input> inputs = new ArrayList<>(List.of(new Provenance.Input("results", resultsPath)));
        List<Covariate> covariates = new ArrayList<>();
        if (o.has("no-models")) {
            covariates.add(BuiltInCovariates.length(ratios));
        } else {
            Path a = located(o, source, ComparisonResults.MODEL_A);
            Path b = located(o, source, ComparisonResults.MODEL_B);
            Path corpus = located(o, source, ComparisonResults.CORPUS);
            // the companions compare read, where its provenance names them (an alpha file, a vocabulary, a stop list)
            Path vocabulary = companion(source, "vocab-file");
            TopicModel modelA = ModelLoader.read(new ModelLoader.Spec(a, companion(source, "alpha-file-a"), vocabulary, false));
            TopicModel modelB = ModelLoader.read(new ModelLoader.Spec(b, companion(source, "alpha-file-b"), vocabulary, false));
            CorpusLoader.Spec corpusSpec = new CorpusLoader.Spec(corpus, CorpusLoader.Format.AUTO, companion(source, "corpus-vocab"),
                    CorpusDocuments.tokenizing(source.settings(), companion(source, "stop-list")));
            try {
                covariates.addAll(BuiltInCovariates.of(ratios, modelA, modelB, CorpusLoader.read(corpusSpec), source.intersect(),
                        corpus, Runtime.getRuntime().availableProcessors(), cancel));
            } catch (IllegalArgumentException e) {
                throw InputException.ofFile(b, e.getMessage() + " (A is " + a + ")");
            }
            inputs.add(new Provenance.Input(ComparisonResults.MODEL_A, a));
            inputs.add(new Provenance.Input(ComparisonResults.MODEL_B, b));
            inputs.add(new Provenance.Input(ComparisonResults.CORPUS, corpus));
        }
        String matches = "";
        if (o.has("metadata")) {
            Metadata metadata = Metadata.read(o.path("metadata"));
            covariates.addAll(metadata.columns());
            matches = metadata.matches(ratios.stream().map(DocumentRatio::documentId).toList());
            inputs.add(new Provenance.Input("metadata", metadata.path()));
        }
        CovariateStudy study = CovariateStudy.of(results, method, o.has(SettingName.ALL.option()), covariates, bins);
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            file.writer().write(Provenance.header(settings(source, method, bins, o.has(SettingName.ALL.option())), inputs, !o.has("no-timing")));
            CovariatesTable.write(study, file.writer());
            file.commit();
        }
        out.println(study.describeDocuments(SettingName.ALL.dashed()));
        if (!matches.isEmpty()) {
            out.println(matches);
        }
        for (CovariateAnalysis a : study.analyses()) {
            out.println(a.describe());
        }
        out.println("wrote " + outFile);
        return 0;
    }

    /** The covariates' settings, then the comparison's own as {@code results.NAME}. */
    private static Map<String, String> settings(ComparisonResults.Source source, String method, int bins, boolean all) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SettingName.PLAN.key(), "covariates");
        s.put(SettingName.METHOD.key(), method);
        s.put(SettingName.BINS.key(), Integer.toString(bins));
        s.put(SettingName.ALL.key(), Boolean.toString(all));
        source.settings().forEach((k, v) -> s.put("results." + k, v));
        return s;
    }

    /** A companion file the results' provenance names (and that must still be the one it names), or null. */
    private static Path companion(ComparisonResults.Source source, String role) throws InputException {
        tmeval.run.output.ProvenanceHeader.Input recorded = source.input(role);
        if (recorded == null) {
            return null;
        }
        String problem = recorded.problem();
        if (problem != null) {
            throw InputException.ofFile(source.path(), "its " + problem + "; --no-models analyses the length and the metadata only");
        }
        return recorded.path();
    }

    /**
     * Where an input of the results is now: the option's file if given (it must be the file the results were made with,
     * by its SHA-256 when they record one), else the recorded path, which must still hold that file.
     */
    private static Path located(Options o, ComparisonResults.Source source, String role) throws UsageException, InputException {
        tmeval.run.output.ProvenanceHeader.Input recorded = source.input(role);
        if (o.has(role)) {
            Path given = o.path(role);
            if (recorded != null) {
                String problem = new tmeval.run.output.ProvenanceHeader.Input(role, given, recorded.digest()).problem();
                if (problem != null) {
                    throw InputException.ofFile(given, "--" + role + " is not the file the results were made with (" + problem + ")");
                }
            }
            return given;
        }
        if (recorded == null) {
            throw new UsageException("the results record no " + role + "; give --" + role + ", or --no-models");
        }
        String problem = recorded.problem();
        if (problem != null) {
            throw InputException.ofFile(source.path(), "its " + problem + "; give the file's place now with --" + role
                    + ", or --no-models for the length and the metadata only");
        }
        return recorded.path();
    }
}
