package tmeval.cli;

import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.run.plan.SettingName;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** {@code info}: sizes, alpha and top words of a model; documents, tokens and dropped counts of a corpus. */
final class InfoCommand implements Command {
    @Override
    public String name() {
        return "info";
    }

    @Override
    public String summary() {
        return "describe a model (sizes, alpha, top words) and/or a corpus (documents, tokens, out-of-vocabulary)";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>(InputOptions.modelOptions("model", "topic model"));
        o.addAll(InputOptions.matrixOptions());
        o.addAll(InputOptions.corpusOptions());
        o.add(InputOptions.unknownWordsOption());
        o.add(OptionSpec.value("top-words", "N", "top words shown per topic (default 8)"));
        return o;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException {
        if (!o.has("model") && !o.has("corpus")) {
            throw new UsageException("give --model, --corpus, or both");
        }
        tmeval.io.ModelLoader.Loaded loaded = o.has("model") ? ModelOptions.PLAIN.load(o, o.requiredPath("model")) : null;
        TopicModel model = loaded == null ? null : loaded.model();
        boolean smooth = false;
        if (o.has(SettingName.UNKNOWN_WORDS.option())) {
            if (loaded == null || !o.has("corpus")) {
                throw new UsageException("--unknown-words applies when a corpus is mapped onto a model: give --model and --corpus");
            }
            smooth = InputOptions.unknownWords(o, o.path("model"), loaded.kind().coversAlphabet());
        }
        if (model != null) {
            describe(model, o.integer("top-words", 8, 0, 1000), out);
        }
        if (o.has("corpus")) {
            Corpus corpus = InputOptions.corpus(o, model);
            if (model != null) {
                InputOptions.reportCorpus(corpus, loaded.kind(), model.numWords(), smooth, out);
            } else {
                out.println("corpus " + corpus.summary());
            }
            if (corpus.size() > 0) {
                out.printf(Locale.ROOT, "document length: mean %.1f, max %d%n", corpus.tokenCount() / (double) corpus.size(), corpus.maxDocumentLength());
            }
        }
        return 0;
    }

    static void describe(TopicModel model, int topWords, PrintStream out) {
        if (!model.isLda()) {
            describeFamily(model, topWords, out);
            return;
        }
        double[] alpha = model.alpha();
        double[] sorted = alpha.clone();
        Arrays.sort(sorted);
        out.printf(Locale.ROOT, "model %s: K = %d topics, V = %d words%n", model.name(), model.numTopics(), model.numWords());
        out.printf(Locale.ROOT, "alpha: sum %.6g, min %.4g, median %.4g, max %.4g (%s)%n", model.alphaSum(), sorted[0],
                sorted[sorted.length / 2], sorted[sorted.length - 1],
                sorted[0] == sorted[sorted.length - 1] ? "symmetric" : "asymmetric");
        if (topWords > 0) {
            for (int k = 0; k < model.numTopics(); k++) {
                StringBuilder sb = new StringBuilder();
                for (int w : model.topWords(k, topWords)) {
                    sb.append(' ').append(model.vocabulary().word(w));
                }
                out.printf(Locale.ROOT, "topic %d (alpha %.4g):%s%n", k + 1, alpha[k], sb);
            }
        }
    }

    /** A model of another family: its family, its logistic-normal prior's mean and variances, its topics' top words. */
    private static void describeFamily(TopicModel model, int topWords, PrintStream out) {
        out.printf(Locale.ROOT, "model %s: K = %d topics, V = %d words, %s%n", model.name(), model.numTopics(), model.numWords(), model.family());
        if (model.prior() instanceof tmeval.model.LogisticNormalPrior prior) {
            int d = prior.dimension();
            double[] mu = prior.mean();
            double[] cov = prior.covariance();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < d; i++) {
                sb.append(String.format(Locale.ROOT, "%s%.4g (sd %.4g)", i == 0 ? "" : ", ", mu[i], Math.sqrt(cov[i * d + i])));
            }
            out.printf(Locale.ROOT, "eta: %d components%s, mean %s%n", d, prior.hasReferenceTopic() ? " (eta_K = 0)" : "", sb);
        }
        if (topWords > 0) {
            String by = model.decoder() instanceof tmeval.model.ProductDecoder ? " (by B(w, k) + c(w))" : "";
            for (int k = 0; k < model.numTopics(); k++) {
                StringBuilder sb = new StringBuilder();
                for (int w : model.topWords(k, topWords)) {
                    sb.append(' ').append(model.vocabulary().word(w));
                }
                out.printf(Locale.ROOT, "topic %d%s:%s%n", k + 1, by, sb);
            }
        }
    }
}
