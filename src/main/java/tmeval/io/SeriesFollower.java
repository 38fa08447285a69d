package tmeval.io;

import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The snapshots of a series directory that a training run is still writing, handed out once each is complete, in
 * iteration order ({@code curve --follow}, the workbench's watched series). A native snapshot ({@code iter-N.tsv[.gz]},
 * written by {@code train}) appears whole: it is written beside its name and renamed into place. A MALLET state
 * ({@code --output-state-interval}) is written in place and may be half there: it is read once a later one exists
 * (MALLET writes them in order), or, the newest, once its size has stayed the same between two polls and it parses;
 * until then it is pending, never an error. The checks of {@link ModelLoader#readSeries(Path, boolean)} hold: one
 * kind of file, one training run, the first snapshot's K and vocabulary, even spacing unless allowed.
 */
public final class SeriesFollower {
    private final Path dir;
    private final boolean allowUneven;
    private final Map<Path, Long> sizes = new HashMap<>();
    private Path firstFile;
    private TopicModel first;
    private List<String> run;
    private int last = Integer.MIN_VALUE;
    private int previous = Integer.MIN_VALUE;
    private String pending;

    public SeriesFollower(Path dir, boolean allowUneven) {
        this.dir = dir;
        this.allowUneven = allowUneven;
    }

    /**
     * The snapshots completed since the last call, in iteration order (none when the directory does not exist yet).
     *
     * @throws InputException a complete snapshot that cannot be read or does not belong to the series
     */
    public List<ModelSeries.Snapshot> poll() throws InputException {
        ModelLoader.SnapshotFiles files = ModelLoader.snapshotFiles(dir);
        SortedMap<Integer, Path> newer = files.byIteration().tailMap(last == Integer.MIN_VALUE ? Integer.MIN_VALUE : last + 1);
        List<ModelSeries.Snapshot> out = new ArrayList<>();
        pending = null;
        for (var e : newer.entrySet()) {
            int iteration = e.getKey();
            Path file = e.getValue();
            boolean newest = iteration == newer.lastKey();
            TopicModel model;
            if (files.mallet() && newest) {
                model = newestState(file, iteration);
                if (model == null) {
                    break;
                }
            } else {
                model = ModelLoader.readSnapshot(files.mallet(), file, iteration);
            }
            check(files.mallet(), file, iteration, model);
            out.add(new ModelSeries.Snapshot(iteration, model));
            previous = last;
            last = iteration;
        }
        return out;
    }

    /** Why the newest file is not read yet (a MALLET state still being written), or null. */
    public String pending() {
        return pending;
    }

    /** The newest MALLET state if it is complete (its size unchanged since the last poll, and it parses), else null. */
    private TopicModel newestState(Path file, int iteration) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1;
        }
        Long before = sizes.put(file, size);
        if (size <= 0 || before == null || before != size) {
            pending = file.getFileName() + " is still being written (its size changes)";
            return null;
        }
        try {
            return ModelLoader.readSnapshot(true, file, iteration);
        } catch (InputException | RuntimeException e) {
            // a gzip stream cut short reads as a bad file: wait for the writer, say so only while it lasts
            pending = file.getFileName() + " does not read yet (" + e.getMessage() + "): waiting for its writer";
            return null;
        }
    }

    private void check(boolean mallet, Path file, int iteration, TopicModel model) throws InputException {
        if (first == null) {
            first = model;
            firstFile = file;
            run = mallet ? List.of() : NativeModelFormat.provenance(file);
            return;
        }
        if (model.numTopics() != first.numTopics()) {
            throw InputException.ofFile(file, "K = " + model.numTopics() + " but the first snapshot has K = " + first.numTopics());
        }
        if (!model.vocabulary().equals(first.vocabulary())) {
            throw InputException.ofFile(file, "the vocabulary differs from the first snapshot's");
        }
        if (!mallet) {
            String difference = ProvenanceLines.firstDifference(run, NativeModelFormat.provenance(file), firstFile.getFileName().toString());
            if (difference != null) {
                throw ModelLoader.anotherRun(file, firstFile, difference);
            }
        }
        if (!allowUneven && previous != Integer.MIN_VALUE && iteration - last != last - previous) {
            throw InputException.ofFile(dir, "snapshots are not evenly spaced: " + last + " to " + iteration + " after a step of "
                    + (last - previous) + " (a missing snapshot?); allow it explicitly with --allow-uneven-series");
        }
    }
}
