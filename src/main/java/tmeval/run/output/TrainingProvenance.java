package tmeval.run.output;

import tmeval.io.CorpusLoader;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.train.TrainerConfig;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The provenance a training run writes into each of its snapshots, naming every setting that changes them (a series is
 * one run, so a folder cannot mix two): {@code train --series-dir}'s and the workbench's Run > Train, one writer.
 */
public final class TrainingProvenance {
    private TrainingProvenance() {
    }

    /**
     * How the training corpus was read, as a provenance records it.
     *
     * @param tokenizing the tokenizing options given (none: their defaults)
     * @param minTokens  the minimum document length as given, or its default
     */
    public record CorpusReading(String format, Map<String, String> tokenizing, int minTokenLength, String minTokens) {
        /** A corpus file read with every default (the workbench's Run > Train reads its corpus so). */
        public static CorpusReading defaults(Path corpus) {
            return new CorpusReading(CorpusLoader.Format.AUTO.name().toLowerCase(Locale.ROOT), Map.of(),
                    CorpusLoader.Spec.of(corpus).tokens().effectiveMinLength(), Integer.toString(Setting.DEFAULT_MIN_TOKENS));
        }
    }

    /** What makes a training run: every setting that changes its snapshots (the inputs are named beside them). */
    public static Map<String, String> settings(TrainerConfig c, boolean optimizeBeta, CorpusReading corpus) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SettingName.PLAN.key(), "train");
        s.put(SettingName.TOPICS.key(), Integer.toString(c.numTopics()));
        s.put(SettingName.ITERATIONS.key(), Integer.toString(c.iterations()));
        s.put(SettingName.ALPHA.key(), c.alphaMode().label());
        s.put(SettingName.ALPHA_SUM.key(), Double.toString(c.alphaSum()));
        s.put(SettingName.BETA.key(), Double.toString(c.beta()));
        s.put(SettingName.OPTIMIZE_BETA.key(), Boolean.toString(optimizeBeta));
        s.put(SettingName.OPTIMIZE_INTERVAL.key(), Integer.toString(c.optimizeInterval()));
        s.put(SettingName.OPTIMIZE_BURN_IN.key(), Integer.toString(c.optimizeBurnIn()));
        s.put(SettingName.SNAPSHOT_EVERY.key(), Integer.toString(c.snapshotEvery()));
        s.put(SettingName.SEED.key(), Long.toString(c.seed()));
        s.put(SettingName.CORPUS_FORMAT.key(), corpus.format());
        s.putAll(corpus.tokenizing());
        s.put(SettingName.MIN_TOKEN_LENGTH.key(), Integer.toString(corpus.minTokenLength()));
        s.put(SettingName.MIN_TOKENS.key(), corpus.minTokens());
        return s;
    }

    /** The lines every snapshot of the run carries (time left out: a run is its settings and inputs). */
    public static String header(TrainerConfig c, boolean optimizeBeta, CorpusReading corpus, List<Provenance.Input> inputs) throws java.io.IOException {
        return Provenance.header(settings(c, optimizeBeta, corpus), inputs, false);
    }
}
