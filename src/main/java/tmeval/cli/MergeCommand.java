package tmeval.cli;

import tmeval.compare.ComparisonTable;
import tmeval.compare.ConvergenceCheck;
import tmeval.io.InputException;
import tmeval.io.OutputFile;
import tmeval.run.output.CorpusSummary;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.Outcome;
import tmeval.run.output.ProvenanceHeader;
import tmeval.run.distributed.MergedSelection;
import tmeval.run.distributed.ShardMerge;
import tmeval.run.exec.Status;
import tmeval.run.output.ComparisonAnswer;
import tmeval.run.certify.Disagreements;
import tmeval.run.certify.VerdictCounts;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** {@code merge}: the outputs of {@code --shard I/N} runs joined into the file the unsharded run writes. */
final class MergeCommand implements Command {
    @Override
    public String name() {
        return "merge";
    }

    @Override
    public String summary() {
        return "join the files of estimate, compare, curve or select runs with --shard I/N into the unsharded run's file, and print its summary";
    }

    @Override
    public String positional() {
        return "SHARD...";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(
                OptionSpec.output("out", "FILE", "the merged file (TSV; - for standard output)"),
                OptionSpec.flag("no-timing", "no time in the provenance lines (then the file equals the unsharded --no-timing run's,"
                        + " but for the line naming the shards)"));
    }

    @Override
    public Map<String, Path> derivedInputs(Options o) {
        Map<String, Path> in = new java.util.LinkedHashMap<>();
        for (int i = 0; i < o.positionals().size(); i++) {
            in.put("shard file " + (i + 1), Path.of(o.positionals().get(i)));
        }
        return in;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        List<Path> files = new ArrayList<>();
        for (String f : o.positionals()) {
            files.add(Path.of(f));
        }
        if (files.isEmpty()) {
            throw new UsageException("name the shard files to merge");
        }
        Path outFile = o.requiredPath("out");
        ShardMerge.Merged merged = ShardMerge.merge(files);
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            for (String line : merged.provenance()) {
                w.write(line + "\n");
            }
            if (!o.has("no-timing")) {
                w.write(ProvenanceHeader.written());
            }
            w.write(merged.kind().header());
            for (String row : merged.rows()) {
                w.write(row);
            }
            file.commit();
        }
        out.println(files.size() + " shards, " + merged.documents() + " documents");
        out.println(merged.checked());
        VerdictCounts verdicts = ShardMerge.verdicts(merged);
        if (merged.kind() == ShardMerge.Kind.ESTIMATE) {
            List<Outcome> outcomes = ShardMerge.outcomes(merged);
            CorpusSummary summary = new CorpusSummary(Integer.parseInt(merged.settings().get(SettingName.RUNS.key())));
            Map<Status, Integer> statuses = new EnumMap<>(Status.class);
            for (Outcome oc : outcomes) {
                summary.add(oc);
                statuses.merge(oc.status(), 1, Integer::sum);
            }
            out.print(summary.report(merged.settings().get(SettingName.METHOD.key())));
            out.println("status of the rows: " + statuses.entrySet().stream().map(e -> e.getKey().label() + " " + e.getValue()).toList());
        } else if (merged.kind() == ShardMerge.Kind.SELECT) {
            int runs = Integer.parseInt(merged.settings().get(SettingName.RUNS.key()));
            List<MergedSelection.ModelRows> models = MergedSelection.of(merged);
            for (int i = 0; i < models.size(); i++) {
                MergedSelection.ModelRows model = models.get(i);
                CorpusSummary summary = new CorpusSummary(runs);
                model.outcomes().forEach(summary::add);
                out.println("model " + (i + 1) + ": " + model.name());
                (summary.report(model.method()) + model.verdicts().report()).lines().forEach(l -> out.println("  " + l));
            }
            // select decides pairs only of models of one vocabulary, which the rows do not show
            out.println("select's table of documents decided for each pair of models needs the models' vocabularies, which the shards do not"
                    + " record: select prints it when run whole (on one machine or Spark)");
        } else if (merged.kind() == ShardMerge.Kind.CURVE) {
            CurveSummary.header(out);
            int refused = 0;
            for (CurveRunner.Point p : merged.curvePoints()) {
                CurveSummary.point(out, p);
                refused += p.refused();
            }
            CurveSummary.refused(out, refused);
        } else {
            ComparisonTable table = ShardMerge.table(merged);
            out.println(ComparisonAnswer.line(table.rows(), verdicts,
                    table.convergenceChecks(Double.parseDouble(merged.settings().get(SettingName.GAP_THRESHOLD.key()))), null, false));
            out.print(table.format());
            Disagreements.of(table.rows(), verdicts).forEach(out::println);
            for (ConvergenceCheck check : table.convergenceChecks(Double.parseDouble(merged.settings().get(SettingName.GAP_THRESHOLD.key())))) {
                out.println(check.verdict());
            }
        }
        out.print(verdicts.report());
        out.println("wrote " + outFile);
        return 0;
    }
}
