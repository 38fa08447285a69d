package tmeval.io;

import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Reads a topic model or a model series in any supported format, recognised by its content. */
public final class ModelLoader {
    /** Where a model is: its file, and for a bare matrix the alpha and vocabulary files. */
    public record Spec(Path path, Path alphaFile, Path vocabularyFile, boolean renormalize) {
        public static Spec of(Path path) {
            return new Spec(path, null, null, false);
        }
    }

    private static final Pattern NATIVE_SNAPSHOT = Pattern.compile("iter-(\\d+)\\.tsv(\\.gz)?");
    private static final Pattern NUMBERED = Pattern.compile(".*\\.(\\d+)");

    private ModelLoader() {
    }

    public static TopicModel read(Spec spec) throws InputException {
        return read(spec, InputLimits.current());
    }

    /** Reads a model within the given limits; the file is opened once and recognised by its peeked first line. */
    static TopicModel read(Spec spec, InputLimits limits) throws InputException {
        Path path = spec.path();
        try (LineReader in = LineReader.open(path, limits)) {
            rejectSerialized(in);
            String first = in.peek();
            if (first == null) {
                throw InputException.ofFile(path, "empty file");
            }
            if (first.startsWith("#tmeval-model")) {
                return NativeModelFormat.read(in, spec.renormalize());
            }
            if (first.startsWith("#doc source pos") || first.startsWith("#alpha")) {
                return stateModel(in, NativeModelFormat.defaultName(path));
            }
            if (spec.alphaFile() == null) {
                throw InputException.ofFile(path, "not a tmeval model or MALLET state file; a topic-word matrix needs an alpha file (--alpha-file)");
            }
            return MatrixModelFormat.read(in, spec.vocabularyFile(), spec.alphaFile(), spec.renormalize());
        }
    }

    /**
     * A model series: a directory of {@code iter-N.tsv[.gz]} native models, or of MALLET state files
     * {@code name.N} ({@code --output-state-interval}), ordered by N.
     */
    public static ModelSeries readSeries(Path dir) throws InputException {
        if (!Files.isDirectory(dir)) {
            throw InputException.ofFile(dir, "a model series is a directory of iter-N.tsv[.gz] files or MALLET state files name.N");
        }
        TreeMap<Integer, Path> nativeFiles = new TreeMap<>();
        TreeMap<Integer, Path> stateFiles = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        } catch (IOException e) {
            throw InputException.ofFile(dir, "cannot list the directory: " + e.getMessage());
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            Matcher m = NATIVE_SNAPSHOT.matcher(name);
            if (m.matches()) {
                putUnique(nativeFiles, parseIteration(f, m.group(1)), f);
                continue;
            }
            m = NUMBERED.matcher(name);
            if (m.matches()) {
                putUnique(stateFiles, parseIteration(f, m.group(1)), f);
            }
        }
        if (!nativeFiles.isEmpty() && !stateFiles.isEmpty()) {
            throw InputException.ofFile(dir, "the directory mixes iter-N.tsv model files and numbered state files; keep one kind");
        }
        TreeMap<Integer, Path> chosen = nativeFiles.isEmpty() ? stateFiles : nativeFiles;
        if (chosen.isEmpty()) {
            throw InputException.ofFile(dir, "no snapshots: expected iter-N.tsv[.gz] files or MALLET state files name.N");
        }
        List<ModelSeries.Snapshot> snapshots = new ArrayList<>();
        for (var e : chosen.entrySet()) {
            TopicModel m;
            try (LineReader in = LineReader.open(e.getValue())) {
                m = nativeFiles.isEmpty() ? stateModel(in, "iteration " + e.getKey()) : NativeModelFormat.read(in, false);
            }
            if (!snapshots.isEmpty()) {
                TopicModel first = snapshots.get(0).model();
                if (m.numTopics() != first.numTopics()) {
                    throw InputException.ofFile(e.getValue(), "K = " + m.numTopics() + " but the first snapshot has K = " + first.numTopics());
                }
                if (!m.vocabulary().equals(first.vocabulary())) {
                    throw InputException.ofFile(e.getValue(), "the vocabulary differs from the first snapshot's");
                }
            }
            snapshots.add(new ModelSeries.Snapshot(e.getKey(), m));
        }
        return new ModelSeries(dir.getFileName().toString(), snapshots);
    }

    /**
     * Like {@link #readSeries(Path)}, and also refuses snapshots that are not evenly spaced (a missing file in a run's
     * output, say) unless {@code allowUneven}: iteration-AIS anneals from each snapshot to the next, so a gap makes one
     * step silently longer than the others.
     */
    public static ModelSeries readSeries(Path dir, boolean allowUneven) throws InputException {
        ModelSeries series = readSeries(dir);
        if (!allowUneven && series.size() >= 3) {
            int step = series.get(1).iteration() - series.get(0).iteration();
            for (int i = 2; i < series.size(); i++) {
                int gap = series.get(i).iteration() - series.get(i - 1).iteration();
                if (gap != step) {
                    throw InputException.ofFile(dir, "snapshots are not evenly spaced: " + series.get(i - 1).iteration() + " to "
                            + series.get(i).iteration() + " after steps of " + step + " (a missing snapshot?); allow it explicitly"
                            + " with --allow-uneven-series");
                }
            }
        }
        return series;
    }

    /** The model of a MALLET state; parameters that make no valid model (a huge beta, say) are an input error. */
    private static TopicModel stateModel(LineReader in, String name) throws InputException {
        try {
            return MalletStateFormat.read(in).toModel(name);
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(in.path(), "the counts and hyper-parameters give no valid model: " + e.getMessage());
        }
    }

    private static int parseIteration(Path f, String digits) throws InputException {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw InputException.ofFile(f, "iteration number " + digits + " is too large");
        }
    }

    private static void putUnique(TreeMap<Integer, Path> map, int iteration, Path f) throws InputException {
        Path other = map.put(iteration, f);
        if (other != null) {
            throw InputException.ofFile(f, "iteration " + iteration + " appears twice (also " + other.getFileName() + ")");
        }
    }

    /** Java-serialised MALLET files (.mallet instances, binary models) are refused: they are never deserialised. */
    static void rejectSerialized(LineReader in) throws InputException {
        if (in.javaSerialized()) {
            throw InputException.ofFile(in.path(), "this is a Java-serialised file (a MALLET .mallet instance list or binary model),"
                    + " which is never read: for a model export the state with MALLET's --output-state (or the topics with"
                    + " --topic-word-weights-file); for a corpus give the text, token lines, UCI or LDA-C files it came from");
        }
    }
}
