package tmeval.io;

import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Reads a topic model or a model series in any supported format, recognised by its content. */
public final class ModelLoader {
    /**
     * Where a model is: its file; for a matrix the alpha and vocabulary files and whether its first line is a header;
     * for MALLET's word-topic counts file the beta it was trained with (NaN when not given).
     */
    public record Spec(Path path, Path alphaFile, Path vocabularyFile, boolean renormalize, double beta, MatrixModelFormat.Header header) {
        public Spec {
            java.util.Objects.requireNonNull(header, "header");
        }

        public Spec(Path path, Path alphaFile, Path vocabularyFile, boolean renormalize) {
            this(path, alphaFile, vocabularyFile, renormalize, Double.NaN, MatrixModelFormat.Header.AUTO);
        }

        public static Spec of(Path path) {
            return new Spec(path, null, null, false);
        }
    }

    /** What kind of file a model was read from. */
    public enum Kind {
        NATIVE, MALLET_STATE, MALLET_WEIGHTS, MALLET_COUNTS, MATRIX;

        /**
         * Whether the model is MALLET's, every word at its smoothed probability (n_wk + beta) / (n_k + V beta), so that
         * {@code --unknown-words smooth} is what it already does. The weights and counts files carry MALLET's whole
         * alphabet (a word outside it is one MALLET's own import would drop too); the state only the words its training
         * tokens use, which {@link AlphabetNote} says.
         */
        public boolean coversAlphabet() {
            return this == MALLET_STATE || this == MALLET_WEIGHTS || this == MALLET_COUNTS;
        }
    }

    /** A model and the kind of file it came from. */
    public record Loaded(TopicModel model, Kind kind) {
    }

    private static final Pattern NATIVE_SNAPSHOT = Pattern.compile("iter-(\\d+)\\.tsv(\\.gz)?");
    private static final Pattern NUMBERED = Pattern.compile(".*\\.(\\d+)");

    private ModelLoader() {
    }

    public static TopicModel read(Spec spec) throws InputException {
        return load(spec, InputLimits.current()).model();
    }

    static TopicModel read(Spec spec, InputLimits limits) throws InputException {
        return load(spec, limits).model();
    }

    /** Reads a model and says what kind of file it was. */
    public static Loaded load(Spec spec) throws InputException {
        return load(spec, InputLimits.current());
    }

    /** Reads a model within the given limits; the file is opened once and recognised by its peeked first line. */
    static Loaded load(Spec spec, InputLimits limits) throws InputException {
        Path path = spec.path();
        try (LineReader in = LineReader.open(path, limits)) {
            rejectForeign(in);
            String first = in.peek();
            if (first == null) {
                throw InputException.ofFile(path, "empty file");
            }
            Kind kind;
            if (first.startsWith("#tmeval-model")) {
                kind = Kind.NATIVE;
            } else if (MalletStateFormat.isStateLine(first)) {
                kind = Kind.MALLET_STATE;
            } else if (MalletTextFormats.isWeightsLine(first)) {
                kind = Kind.MALLET_WEIGHTS;
            } else if (MalletTextFormats.isCountsLine(first)) {
                kind = Kind.MALLET_COUNTS;
            } else {
                kind = Kind.MATRIX;
            }
            if (!Double.isNaN(spec.beta()) && kind != Kind.MALLET_COUNTS) {
                throw InputException.ofFile(path, "--beta applies only to MALLET's word-topic counts file (--word-topic-counts-file);"
                        + " this file is " + describe(kind) + ", which needs no beta");
            }
            if (spec.alphaFile() != null && (kind == Kind.NATIVE || kind == Kind.MALLET_STATE)) {
                // it would be read and recorded as an input, and change nothing: refused, as --beta is
                throw InputException.ofFile(path, "--alpha-file applies only to a topic-word matrix and to MALLET's weights and counts files;"
                        + " this file is " + (kind == Kind.NATIVE ? "a tmeval model, whose #alpha line" : "a MALLET state, whose '#alpha :' line")
                        + " gives alpha: leave --alpha-file out (for other alpha values, write them into that line)");
            }
            TopicModel model = switch (kind) {
                case NATIVE -> NativeModelFormat.read(in, spec.renormalize());
                case MALLET_STATE -> stateModel(in, NativeModelFormat.defaultName(path));
                case MALLET_WEIGHTS -> MalletTextFormats.readWeights(in, spec.alphaFile());
                case MALLET_COUNTS -> MalletTextFormats.readCounts(in, spec.alphaFile(), spec.beta());
                case MATRIX -> {
                    if (spec.alphaFile() == null) {
                        throw InputException.ofFile(path, "not a tmeval model, MALLET state, or MALLET topic-word weights or word-topic"
                                + " counts file; a topic-word matrix needs an alpha file (--alpha-file)");
                    }
                    yield MatrixModelFormat.read(in, spec.vocabularyFile(), spec.alphaFile(), spec.renormalize(), spec.header());
                }
            };
            return new Loaded(model, kind);
        }
    }

    private static String describe(Kind kind) {
        return switch (kind) {
            case NATIVE -> "a tmeval model";
            case MALLET_STATE -> "a MALLET state (beta is in its header)";
            case MALLET_WEIGHTS -> "MALLET's topic-word weights (beta is in the weights)";
            case MALLET_COUNTS -> "MALLET's word-topic counts";
            case MATRIX -> "a topic-word matrix";
        };
    }

    /**
     * A model series: a directory of {@code iter-N.tsv[.gz]} native models, or of MALLET state files
     * {@code name.N} ({@code --output-state-interval}), ordered by N.
     */
    public static ModelSeries readSeries(Path dir) throws InputException {
        if (!Files.isDirectory(dir)) {
            throw InputException.ofFile(dir, "a model series is a directory of iter-N.tsv[.gz] files or MALLET state files name.N");
        }
        SnapshotFiles files = snapshotFiles(dir);
        if (files.byIteration().isEmpty()) {
            throw InputException.ofFile(dir, "no snapshots: expected iter-N.tsv[.gz] files or MALLET state files name.N");
        }
        if (!files.mallet()) {
            checkOneRun(files);
        }
        List<ModelSeries.Snapshot> snapshots = new ArrayList<>();
        for (var e : files.byIteration().entrySet()) {
            TopicModel m = readSnapshot(files.mallet(), e.getValue(), e.getKey());
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

    /** The file name of a native snapshot after {@code iteration} sweeps, as {@code train} and the workbench's training write it. */
    public static String snapshotName(int iteration) {
        return "iter-" + iteration + ".tsv.gz";
    }

    /** One snapshot file of a series: a MALLET state {@code name.N} or a native {@code iter-N.tsv[.gz]}. */
    static TopicModel readSnapshot(boolean mallet, Path file, int iteration) throws InputException {
        try (LineReader in = LineReader.open(file)) {
            return mallet ? stateModel(in, "iteration " + iteration) : NativeModelFormat.read(in, false);
        }
    }

    /**
     * A series directory's snapshot files by iteration.
     *
     * @param mallet whether they are MALLET state files {@code name.N} rather than {@code iter-N.tsv[.gz]} snapshots
     */
    public record SnapshotFiles(boolean mallet, SortedMap<Integer, Path> byIteration) {
    }

    /**
     * The snapshots in a directory (none when it holds none, or does not exist).
     *
     * @throws InputException if it mixes the two kinds, or names an iteration twice
     */
    public static SnapshotFiles snapshotFiles(Path dir) throws InputException {
        if (!Files.isDirectory(dir)) {
            return new SnapshotFiles(false, new TreeMap<>());
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
        return nativeFiles.isEmpty() ? new SnapshotFiles(true, stateFiles) : new SnapshotFiles(false, nativeFiles);
    }

    /**
     * A series is one training run: every snapshot that names its run ({@code train} writes the run's provenance
     * into each) must name the same one, and if one does, all must. Snapshots that name none (made by hand, by
     * another tool, or by an earlier tmeval) are taken as one run.
     *
     * @throws InputException naming the two snapshots and the first line where they differ
     */
    private static void checkOneRun(SnapshotFiles files) throws InputException {
        Path first = null;
        List<String> run = null;
        for (Path snapshot : files.byIteration().values()) {
            List<String> mine = NativeModelFormat.provenance(snapshot);
            if (first == null) {
                first = snapshot;
                run = mine;
                continue;
            }
            String difference = ProvenanceLines.firstDifference(run, mine, first.getFileName().toString());
            if (difference != null) {
                throw anotherRun(snapshot, first, difference);
            }
        }
    }

    /** A snapshot whose provenance differs from the first one's at {@code difference}. */
    static InputException anotherRun(Path snapshot, Path first, String difference) {
        return InputException.ofFile(snapshot, "comes from another training run than " + first.getFileName() + " in the same series ("
                + difference + "): a series is one run; keep each run's snapshots in a directory of its own");
    }

    /** Whether a series directory is of MALLET state files (MALLET's models, for {@code --unknown-words smooth}), not of native snapshots. */
    public static boolean seriesCoversAlphabet(Path dir) throws InputException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.noneMatch(f -> NATIVE_SNAPSHOT.matcher(f.getFileName().toString()).matches());
        } catch (IOException e) {
            throw InputException.ofFile(dir, "cannot list the directory: " + e.getMessage());
        }
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

    /**
     * Binary files that are never read, each refused with the route to use instead: Java-serialised MALLET files
     * ({@code .mallet} instance lists, binary models, {@code .inferencer}, {@code .evaluator}), NumPy {@code .npy}
     * arrays and Python pickles (gensim's saved {@code .model} and {@code .state} files among them).
     */
    static void rejectForeign(LineReader in) throws InputException {
        Path path = in.path();
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        if (in.javaSerialized()) {
            throw InputException.ofFile(path, "this is a Java-serialised file (a MALLET .mallet instance list, binary model, .inferencer"
                    + " or .evaluator), which is never read: for a model give MALLET's text outputs, written by train-topics with"
                    + " --topic-word-weights-file FILE or --word-topic-counts-file FILE (with --output-topic-keys for alpha), or its"
                    + " --output-state file; for a corpus give the text, token lines, UCI or LDA-C files it came from");
        }
        byte[] head = in.head();
        boolean gensimName = name.contains(".model") || name.endsWith(".state") || name.contains("expElogbeta") || name.contains("id2word");
        if (head.length >= 6 && (head[0] & 0xFF) == 0x93 && head[1] == 'N' && head[2] == 'U' && head[3] == 'M' && head[4] == 'P' && head[5] == 'Y') {
            throw InputException.ofFile(path, "this is a NumPy .npy array" + (gensimName ? " (part of a gensim model saved with save())" : "")
                    + ", which carries no words: write the model with " + EXPORT_ROUTE);
        }
        if (head.length >= 2 && (head[0] & 0xFF) == 0x80 && head[1] >= 2 && head[1] <= 5) {
            throw InputException.ofFile(path, "this is a Python pickle" + (gensimName ? " (a gensim model saved with save(): its .model,"
                    + " .state and .id2word files are pickles)" : "") + ", which tmeval never loads, because loading a pickle runs"
                    + " arbitrary code: write the model with " + EXPORT_ROUTE);
        }
    }

    /** Where to turn for a Python model: the export module's functions. */
    private static final String EXPORT_ROUTE = "tmeval_export.py ('tmeval export-module > tmeval_export.py' writes it; tmeval_export.export_gensim(lda, 'model.tsv'),"
            + " export_sklearn(lda, vectorizer, 'model.tsv') or export_tomotopy(mdl, 'model.tsv'); see formats.md, 'Exporting a model')";
}
