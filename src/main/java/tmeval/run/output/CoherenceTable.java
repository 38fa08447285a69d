package tmeval.run.output;

import tmeval.coherence.CoherenceStudy;
import tmeval.coherence.TopicDiagnostics;

import java.io.IOException;
import java.io.Writer;

/**
 * The {@code coherence} output (formats.md, "Coherence"): after the provenance lines, one row per topic, {@code topic
 * measure window value low high absent tokens eff_num_words exclusivity corpus_dist word1 ... wordN}, then the model's
 * rows with topic {@code *}: the mean coherence with its bootstrap interval, the topic diversity and the inverted RBO.
 * Numbers at full precision; a value that does not exist is an empty field, never NaN.
 */
public final class CoherenceTable {
    public static final String DIVERSITY = "diversity";
    public static final String INVERTED_RBO = "inverted-rbo";
    /** The topic column of the rows about the whole model. */
    public static final String MODEL = "*";
    private static final String COLUMNS = "topic\tmeasure\twindow\tvalue\tlow\thigh\tabsent\ttokens\teff_num_words\texclusivity\tcorpus_dist";

    private CoherenceTable() {
    }

    /** The header row for topics of {@code words} top words. */
    public static String header(int words) {
        StringBuilder sb = new StringBuilder(COLUMNS);
        for (int i = 1; i <= words; i++) {
            sb.append("\tword").append(i);
        }
        return sb.append('\n').toString();
    }

    public static void write(CoherenceStudy study, Writer w) throws IOException {
        int words = study.topics().stream().mapToInt(t -> t.words().length).max().orElse(0);
        w.write(header(words));
        String measure = study.settings().measure().label();
        String window = study.settings().window().label();
        String noWords = "\t".repeat(words);
        for (CoherenceStudy.Topic t : study.topics()) {
            TopicDiagnostics.Topic d = t.diagnostics();
            StringBuilder sb = new StringBuilder();
            sb.append(t.number()).append('\t').append(measure).append('\t').append(window).append('\t').append(number(t.value()))
                    .append("\t\t\t").append(t.absent().size()).append('\t').append(number(d.tokens())).append('\t')
                    .append(number(d.effectiveWords())).append('\t').append(number(d.exclusivity())).append('\t').append(number(d.corpusDistance()));
            for (int i = 0; i < words; i++) {
                sb.append('\t').append(i < t.words().length ? Provenance.escape(t.words()[i]) : "");
            }
            w.write(sb.append('\n').toString());
        }
        w.write(MODEL + "\t" + measure + "\t" + window + "\t" + number(study.mean()) + "\t" + number(study.interval().low()) + "\t"
                + number(study.interval().high()) + "\t\t\t\t\t" + noWords + "\n");
        w.write(MODEL + "\t" + DIVERSITY + "\t-\t" + number(study.diversity()) + "\t\t\t\t\t\t\t" + noWords + "\n");
        w.write(MODEL + "\t" + INVERTED_RBO + "\t-\t" + number(study.invertedRbo()) + "\t\t\t\t\t\t\t" + noWords + "\n");
    }

    static String number(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }
}
