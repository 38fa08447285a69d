package tmeval.coherence;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.cli.Cli;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code coherence} against gensim itself: on a corpus and a model written here, every measure at a sliding window and
 * at the whole document, each topic's value and the mean equal gensim 4.2.0's {@code CoherenceModel} (src/test/python/
 * gensim_coherence.py) within 1e-6. The corpus has documents shorter than, as long as and longer than the windows, words
 * repeated inside a window (where gensim's window forgets a word still in it: {@link Cooccurrences}), and one topic whose
 * top word never occurs in it. Skipped where no python3 imports gensim (Debian: apt-get install python3-gensim), unless
 * {@code TMEVAL_GENSIM_TESTS=required} (as CI sets it): then it fails. {@code -Dtmeval.python=...} names the interpreter.
 */
class GensimCoherenceTest {
    private static final double TOLERANCE = 1e-6;
    private static final int GROUPS = 4;
    private static final int GROUP_WORDS = 8;

    @TempDir
    Path dir;

    /** The first interpreter that imports gensim ({@link tmeval.PythonLibraries}). */
    private static String python() throws InterruptedException {
        return tmeval.PythonLibraries.interpreter("gensim");
    }

    private static String word(int group, int i) {
        return "g" + group + "w" + i;
    }

    /** Documents mostly of one group's words, in a seeded order with repeats, of 1 to 40 tokens, as token lines. */
    private Path corpus() throws IOException {
        SplittableRandom random = new SplittableRandom(38);
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < 120; d++) {
            int group = random.nextInt(GROUPS);
            int length = d == 0 ? 10 : 1 + random.nextInt(40);
            List<String> tokens = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                if (i > 0 && random.nextInt(6) == 0) {
                    tokens.add(tokens.get(random.nextInt(Math.max(0, i - 3), i)));
                } else if (random.nextInt(10) < 7) {
                    tokens.add(word(group, random.nextInt(GROUP_WORDS)));
                } else {
                    tokens.add(word(random.nextInt(GROUPS), random.nextInt(GROUP_WORDS)));
                }
            }
            sb.append("doc").append(d).append('\t').append(String.join(" ", tokens)).append('\n');
        }
        Path p = dir.resolve("texts.tsv");
        Files.writeString(p, sb.toString());
        return p;
    }

    /** Topic k favours group k's words in a seeded order; topic 1's top word "unseen" never occurs in the corpus. */
    private Path model() throws IOException {
        List<String> words = new ArrayList<>();
        for (int g = 0; g < GROUPS; g++) {
            for (int i = 0; i < GROUP_WORDS; i++) {
                words.add(word(g, i));
            }
        }
        words.add("unseen");
        int v = words.size();
        SplittableRandom random = new SplittableRandom(7);
        double[] phi = new double[v * GROUPS];
        for (int k = 0; k < GROUPS; k++) {
            double sum = 0;
            for (int w = 0; w < v; w++) {
                double x = (w / GROUP_WORDS == k ? 10 : 1) * (0.5 + random.nextDouble());
                if (w == v - 1) {
                    x = k == 0 ? 100 : 0.5;
                }
                phi[w * GROUPS + k] = x;
                sum += x;
            }
            for (int w = 0; w < v; w++) {
                phi[w * GROUPS + k] /= sum;
            }
        }
        TopicModel m = new TopicModel("fixture", Vocabulary.of(words), phi, new double[] {0.1, 0.1, 0.1, 0.1});
        Path p = dir.resolve("model.tsv");
        NativeModelFormat.write(m, p);
        return p;
    }

    /** Each topic's value (index 0 the mean) and words, from a coherence output. */
    private record Output(double[] values, List<List<String>> words) {
    }

    private Output run(Path model, Path corpus, String measure, String window) throws IOException {
        Path out = dir.resolve(measure + "-" + window + ".tsv");
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = new Cli().run(new String[] {"coherence", "--model", model.toString(), "--corpus", corpus.toString(), "--measure", measure,
                "--window", window, "--out", out.toString()}, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        assertEquals(0, code, e.toString(StandardCharsets.UTF_8));
        List<String> rows = Files.readAllLines(out).stream().filter(l -> !l.startsWith("#")).toList();
        List<String> header = List.of(rows.get(0).split("\t"));
        double[] values = new double[GROUPS + 1];
        List<List<String>> words = new ArrayList<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split("\t", -1);
            if (f[0].equals("*")) {
                if (f[1].equals(measure)) {
                    values[0] = Double.parseDouble(f[3]);
                }
                continue;
            }
            values[Integer.parseInt(f[0])] = Double.parseDouble(f[3]);
            words.add(List.of(f).subList(header.indexOf("word1"), f.length));
        }
        return new Output(values, words);
    }

    @Test
    void everyMeasureAtBothKindsOfWindowEqualsGensims() throws Exception {
        String python = python();
        Path corpus = corpus();
        Path model = model();
        Map<String, String> gensimName = Map.of("npmi", "c_npmi", "uci", "c_uci", "umass", "u_mass", "cv", "c_v");
        List<String[]> configs = List.of(new String[] {"npmi", "10"}, new String[] {"npmi", "3"}, new String[] {"npmi", "document"},
                new String[] {"uci", "10"}, new String[] {"uci", "document"}, new String[] {"umass", "document"}, new String[] {"umass", "10"},
                new String[] {"cv", "110"}, new String[] {"cv", "10"}, new String[] {"cv", "document"});
        Map<String, Output> ours = new LinkedHashMap<>();
        for (String[] c : configs) {
            ours.put(gensimName.get(c[0]) + "\t" + c[1], run(model, corpus, c[0], c[1]));
        }
        List<List<String>> topics = ours.values().iterator().next().words();
        assertEquals("unseen", topics.get(0).get(0), "the fixture's topic 1 leads with a word the corpus never has");
        StringBuilder topicLines = new StringBuilder();
        topics.forEach(t -> topicLines.append(String.join("\t", t)).append('\n'));
        Files.writeString(dir.resolve("topics.tsv"), topicLines.toString());
        Files.writeString(dir.resolve("configs.tsv"), String.join("\n", ours.keySet()) + "\n");
        Process p = new ProcessBuilder(python, "src/test/python/gensim_coherence.py", dir.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "gensim did not finish");
        assertEquals(0, p.exitValue(), log);
        Map<String, double[]> gensim = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("gensim.tsv"))) {
            String[] f = line.split("\t");
            double[] v = gensim.computeIfAbsent(f[0] + "\t" + f[1], k -> new double[GROUPS + 1]);
            v[f[2].equals("mean") ? 0 : Integer.parseInt(f[2])] = Double.parseDouble(f[3]);
        }
        assertEquals(ours.keySet(), gensim.keySet());
        for (var e : ours.entrySet()) {
            double[] expected = gensim.get(e.getKey());
            for (int k = 0; k <= GROUPS; k++) {
                assertEquals(expected[k], e.getValue().values()[k], TOLERANCE, e.getKey().replace('\t', ' ') + (k == 0 ? " mean" : " topic " + k)
                        + " (" + log.strip() + ")");
            }
        }
    }
}
