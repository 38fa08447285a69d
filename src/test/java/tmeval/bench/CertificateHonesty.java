package tmeval.bench;

import tmeval.MultiModalCases;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.certify.Target;
import tmeval.run.exec.Outcome;
import tmeval.run.plan.Shard;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Issue 34's honesty and cost table: {@code estimate}'s default ({@code auto}) against the truth, per seed, with the
 * CPU seconds of the whole procedure (pilot, rounds, checks; this JVM's threads, so the model's loading is not counted).
 * The truth is the exact value on the multi-modal exact cases ({@code exact}), or a references file of
 * {@code docId<TAB>reference} lines (two independent high-budget methods that agree, built outside this project: see
 * performance.md) for a model and its held-out documents.
 * Run: mvn -B -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=tmeval.bench.CertificateHonesty
 * -Dexec.args="exact 1,2,3 THREADS" or -Dexec.args="MODEL HELDOUT REFERENCES 1,2,3 THREADS"
 */
public final class CertificateHonesty {
    private CertificateHonesty() {
    }

    public static void main(String[] args) throws Exception {
        String[] seeds = (args[0].equals("exact") ? args[1] : args[3]).split(",");
        int threads = Integer.parseInt(args[0].equals("exact") ? args[2] : args[4]);
        System.out.println("| truth | seed | documents | certified | within 1 target | beyond 3 targets | worst (targets) | CPU s | certified of all documents |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        if (args[0].equals("exact")) {
            for (MultiModalCases.Case c : MultiModalCases.all()) {
                Map<String, Double> truth = new HashMap<>();
                for (int d = 0; d < c.corpus().size(); d++) {
                    truth.put(c.corpus().document(d).id(), c.exact()[d]);
                }
                for (String seed : seeds) {
                    row("exact, " + c.name(), c.model(), c.corpus(), truth, Long.parseLong(seed), threads);
                }
            }
        } else {
            TopicModel model = ModelLoader.read(ModelLoader.Spec.of(Path.of(args[0])));
            Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[1])), model.vocabulary());
            Map<String, Double> truth = references(Path.of(args[2]));
            for (String seed : seeds) {
                row("references " + Path.of(args[2]).getFileName(), model, corpus, truth, Long.parseLong(seed), threads);
            }
        }
    }

    /** A references file: {@code docId<TAB>reference log P(w)} lines, {@code #} lines skipped. */
    public static Map<String, Double> references(Path file) throws java.io.IOException {
        Map<String, Double> truth = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            if (f.length >= 2 && !line.startsWith("#")) {
                truth.put(f[0], Double.parseDouble(f[1]));
            }
        }
        return truth;
    }

    /** The process's CPU time (every thread's, the finished workers' too). */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void row(String label, TopicModel model, Corpus corpus, Map<String, Double> truth, long seed, int threads) {
        long cpu0 = cpuNanos();
        AutoEstimation.Choice choice = AutoEstimation.choose(corpus, model, seed, threads, new CancelToken());
        Map<Integer, List<Outcome>> runs = new TreeMap<>();
        AutoEstimation.run(choice, corpus, model, seed, threads, Shard.ALL,
                o -> runs.computeIfAbsent(o.documentIndex(), k -> new ArrayList<>()).add(o), Progress.NONE, new CancelToken());
        double cpu = (cpuNanos() - cpu0) / 1e9;
        int documents = 0;
        int certified = 0;
        int within = 0;
        int beyond3 = 0;
        double worst = 0;
        int certifiedOfAll = 0;
        for (var e : runs.entrySet()) {
            Document doc = corpus.document(e.getKey());
            certifiedOfAll += DocumentVerdict.of(e.getValue().get(0).method(), e.getValue()).verdict().certified() ? 1 : 0;
            Double t = truth.get(doc.id());
            if (t == null) {
                continue;
            }
            documents++;
            var v = DocumentVerdict.of(e.getValue().get(0).method(), e.getValue()).verdict();
            if (v.certified()) {
                certified++;
                double off = Math.abs(v.value() - t) / Target.nats(doc.length());
                within += off <= 1 ? 1 : 0;
                beyond3 += off > 3 ? 1 : 0;
                worst = Math.max(worst, off);
                if (off > 1) {
                    System.err.printf(Locale.ROOT, "  %s N %d: %s %.3f, truth %.3f, %.2f targets off%n", doc.id(), doc.length(),
                            e.getValue().get(0).method(), v.value(), t, off);
                }
            }
        }
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %.2f | %.1f | %d of %d |%n", label, seed, documents, certified, within, beyond3, worst, cpu,
                certifiedOfAll, runs.size());
    }
}
