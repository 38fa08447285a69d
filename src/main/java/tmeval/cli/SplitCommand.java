package tmeval.cli;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.io.InputException;
import tmeval.io.OutputFiles;
import tmeval.io.TextCorpusFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.sampling.RandomStreams;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/** {@code split}: a seeded training / held-out split of a corpus, written as token lines. */
final class SplitCommand implements Command {
    /** The share of documents held out and the seed, when the command line gives none. */
    static final double DEFAULT_HELDOUT_FRACTION = 0.1;
    static final long DEFAULT_SEED = 1;

    @Override
    public String name() {
        return "split";
    }

    @Override
    public String summary() {
        return "split a corpus into training and held-out documents (seeded), written as token lines";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>(InputOptions.corpusOptions("corpus to split"));
        o.add(OptionSpec.value("heldout-fraction", "F", "fraction of documents held out (default " + DEFAULT_HELDOUT_FRACTION + ")"));
        o.add(OptionSpec.value("max-heldout", "N", "at most this many held-out documents (default: no limit)"));
        o.add(OptionSpec.value(SettingName.SEED.option(), "S", "random seed (default " + DEFAULT_SEED + ")"));
        o.add(OptionSpec.output("train-out", "FILE", "training documents (token lines; .gz for gzip)"));
        o.add(OptionSpec.output("heldout-out", "FILE", "held-out documents (token lines; .gz for gzip)"));
        return o;
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        double fraction = o.real("heldout-fraction", DEFAULT_HELDOUT_FRACTION, 0, 1);
        int max = o.integer("max-heldout", Integer.MAX_VALUE, 0, Integer.MAX_VALUE);
        long seed = o.whole(Setting.SEED, DEFAULT_SEED);
        Path trainOut = o.requiredPath("train-out");
        Path heldoutOut = o.requiredPath("heldout-out");
        Corpus corpus = InputOptions.corpus(o, null);
        int numDocs = corpus.size();
        int heldout = (int) Math.min(max, Math.round(fraction * numDocs));
        // a seeded partial shuffle picks the held-out set; both parts keep the corpus order
        int[] order = new int[numDocs];
        for (int i = 0; i < numDocs; i++) {
            order[i] = i;
        }
        SplittableRandom random = RandomStreams.stream(seed, RandomStreams.key("split"));
        boolean[] isHeldout = new boolean[numDocs];
        for (int i = 0; i < heldout; i++) {
            int j = i + random.nextInt(numDocs - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            isHeldout[order[i]] = true;
        }
        List<Document> train = new ArrayList<>();
        List<Document> test = new ArrayList<>();
        for (int d = 0; d < numDocs; d++) {
            (isHeldout[d] ? test : train).add(corpus.document(d));
        }
        // both parts appear together or not at all
        try (OutputFiles files = new OutputFiles(o.standardOutput())) {
            TextCorpusFormat.writeTokenLines(new Corpus(corpus.name() + " (training)", corpus.vocabulary(), train, 0, 0),
                    files.add(trainOut).writer());
            TextCorpusFormat.writeTokenLines(new Corpus(corpus.name() + " (held out)", corpus.vocabulary(), test, 0, 0),
                    files.add(heldoutOut).writer());
            files.commitAll();
        }
        out.printf(Locale.ROOT, "%d training documents to %s, %d held-out documents to %s%n", train.size(), trainOut, test.size(), heldoutOut);
        return 0;
    }
}
