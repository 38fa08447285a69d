package tmeval.cli;

import tmeval.compare.ComparisonTable;
import tmeval.compare.Comparisons;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.estimate.MethodSettings;
import tmeval.io.OutputFile;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.ComparisonRunner;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare}: per-document log P(w | A) - log P(w | B) by ratio-AIS in both directions and the differenced
 * baselines, the summary table of Foulds and Smyth's Tables 1 and 2, and the forward/reverse convergence check.
 */
final class CompareCommand implements Command {
    static final String HEADER = "docId\tN\tmethod\tdirection\trun\tlogRatio\tperplexityRatio\tsiteUpdates\tmillis\n";

    private final CancelToken cancel;

    CompareCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String summary() {
        return "compare two models per document (ratio-AIS both ways, ais-diff, lr-diff, exact) with the summary table";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.input("model-a", "FILE", "model A (native TSV or MALLET state)"));
        o.add(OptionSpec.input("model-b", "FILE", "model B"));
        o.add(OptionSpec.input("alpha-file-a", "FILE", "alpha for A when it is a topic-word matrix"));
        o.add(OptionSpec.input("alpha-file-b", "FILE", "alpha for B when it is a topic-word matrix"));
        o.add(OptionSpec.flag("renormalize", "rescale topics that do not sum to 1 (otherwise an error)"));
        o.addAll(InputOptions.corpusOptions());
        o.add(OptionSpec.value("method", "NAMES", "one or more of " + String.join(", ", Comparisons.NAMES) + ", comma-separated"));
        o.add(OptionSpec.value("direction", "D", "forward (B to A), reverse (A to B), or both (default)"));
        o.add(OptionSpec.flag("align", "permute B's topics to A's by the Hungarian algorithm (L1) before annealing"));
        o.add(OptionSpec.value("vocabulary", "MODE", "strict (default: differing vocabularies are an error) or intersect"));
        o.add(OptionSpec.value("reference", "R", "none (default), lr (a long left-to-right run) or exact: the table's correlation column"));
        o.add(OptionSpec.value("reference-particles", "P", "particles of the lr reference (default 100)"));
        o.add(OptionSpec.value("gap-threshold", "NATS", "flag documents whose forward/reverse gap exceeds this (default 1)"));
        o.addAll(MethodOptions.options());
        o.addAll(MethodOptions.runOptions());
        o.add(OptionSpec.output("out", "FILE", "per-document results (TSV)"));
        return o;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        MethodSettings settings = MethodOptions.settings(o, Comparisons.defaults());
        List<ModelComparison> methods = new ArrayList<>();
        try {
            for (String name : o.list("method", null)) {
                methods.add(Comparisons.create(name, settings));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        String direction = o.string("direction", "both");
        if (!List.of("forward", "reverse", "both").contains(direction)) {
            throw new UsageException("--direction must be forward, reverse or both");
        }
        String vocabularyMode = o.string("vocabulary", "strict");
        if (!List.of("strict", "intersect").contains(vocabularyMode)) {
            throw new UsageException("--vocabulary must be strict or intersect");
        }
        String referenceName = o.string("reference", "none");
        ModelComparison reference = switch (referenceName) {
            case "none" -> null;
            case "lr" -> Comparisons.leftToRightReference(o.integer("reference-particles", 100, 1, 1_000_000));
            case "exact" -> Comparisons.create("exact", settings);
            default -> throw new UsageException("--reference must be none, lr or exact");
        };
        double gapThreshold = o.real("gap-threshold", ConvergenceCheck.DEFAULT_THRESHOLD, 0, Double.MAX_VALUE);
        int runs = o.integer("runs", 2, 1, 1_000_000);
        long seed = o.longValue("seed", 1);
        int threads = MethodOptions.threads(o);
        boolean timing = !o.has("no-timing");
        Path outFile = o.requiredPath("out");

        Path pathA = o.requiredPath("model-a");
        Path pathB = o.requiredPath("model-b");
        TopicModel a = ModelLoader.read(new ModelLoader.Spec(pathA, o.path("alpha-file-a"), null, o.has("renormalize")));
        TopicModel b = ModelLoader.read(new ModelLoader.Spec(pathB, o.path("alpha-file-b"), null, o.has("renormalize")));
        ModelPair pair = InputOptions.pair(a, pathA, b, pathB, o.has("align"), vocabularyMode.equals("intersect"));
        Corpus corpus = InputOptions.corpus(o, pair.a());
        err.println("corpus " + corpus.summary());
        pair.notes().forEach(n -> out.println(n));
        if (pair.aligned()) {
            out.println("alignment (B topic for each A topic, 1-based): " + Arrays.toString(Arrays.stream(pair.alignment().permutation()).map(k -> k + 1).toArray()));
            StringBuilder distances = new StringBuilder("L1 distance of each aligned pair:");
            for (double d : pair.alignment().distances()) {
                distances.append(String.format(Locale.ROOT, " %.3f", d));
            }
            out.println(distances);
        }

        List<ComparisonRunner.Arm> arms = new ArrayList<>();
        for (ModelComparison m : methods) {
            if (m.directional()) {
                if (!direction.equals("reverse")) {
                    arms.add(new ComparisonRunner.Arm(m, Direction.FORWARD));
                }
                if (!direction.equals("forward")) {
                    arms.add(new ComparisonRunner.Arm(m, Direction.REVERSE));
                }
            } else {
                arms.add(new ComparisonRunner.Arm(m, Direction.NONE));
            }
        }
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[corpus.size()];
        for (int d = 0; d < corpus.size(); d++) {
            Document doc = corpus.document(d);
            ids.add(doc.id());
            lengths[d] = doc.length();
        }
        ComparisonTable table = new ComparisonTable(ids, lengths, runs);
        int[] refused = {0};
        String[] firstRefusal = {null};
        long start = System.nanoTime();
        try (OutputFile file = OutputFile.create(outFile, o.standardOutput())) {
            Writer w = file.writer();
            w.write(HEADER);
            try {
                ComparisonRunner.run(new ComparisonRunner.Job(corpus, pair.a(), pair.b(), arms, runs, seed, threads, reference), r -> {
                    ComparisonRunner.record(table, r);
                    if (r.refused()) {
                        refused[0]++;
                        if (firstRefusal[0] == null) {
                            firstRefusal[0] = "document " + r.documentId() + ", " + r.method() + ": " + r.refusal();
                        }
                        return;
                    }
                    if (r.reference()) {
                        return;
                    }
                    try {
                        w.write(r.documentId() + "\t" + r.length() + "\t" + r.method() + "\t" + r.direction().label() + "\t" + r.run() + "\t"
                                + r.result().logRatio() + "\t" + r.result().perplexityRatio(r.length()) + "\t" + r.result().siteUpdates() + "\t"
                                + (timing ? String.format(Locale.ROOT, "%.3f", r.result().nanos() / 1e6) : "0") + "\n");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, ProgressPrinter.to(err, "compare"), cancel);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        out.printf(Locale.ROOT, "A = %s, B = %s; %d documents, %d runs, %d temperatures, %d samples, burn-in %d, %s schedule; %.1f s wall%n",
                pair.a().name(), pair.b().name(), corpus.size(), runs, settings.temperatures(), settings.samples(), settings.burnIn(),
                settings.schedule().label(), (System.nanoTime() - start) / 1e9);
        out.print(table.format());
        out.println("(A wins: percent of documents where log P(w|A) > log P(w|B), mean over runs; corpus pr: perp_A / perp_B over the corpus;"
                + " var(ratio): variance of the per-document perplexity ratio across runs, averaged over documents"
                + (reference == null ? ")" : "; corr. ref: Pearson correlation with the " + referenceName + " reference)"));
        for (ConvergenceCheck check : table.convergenceChecks(gapThreshold)) {
            out.println(check.verdict());
        }
        if (refused[0] > 0) {
            out.println(refused[0] + " estimates refused and left out; first: " + firstRefusal[0]);
        }
        out.println("wrote " + outFile);
        return 0;
    }
}
