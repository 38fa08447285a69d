package tmeval.model;

import java.util.ArrayList;
import java.util.List;

/** Snapshots of one training run, ordered by training iteration; all share K and the vocabulary. */
public final class ModelSeries implements java.io.Serializable {
    /** One snapshot: the model after {@code iteration} training iterations. */
    public record Snapshot(int iteration, TopicModel model) implements java.io.Serializable {
    }

    private final String name;
    private final List<Snapshot> snapshots;

    /** @throws IllegalArgumentException if empty, out of order, duplicated, or K / vocabulary differ */
    public ModelSeries(String name, List<Snapshot> snapshots) {
        if (snapshots.isEmpty()) {
            throw new IllegalArgumentException("a model series needs at least one snapshot");
        }
        TopicModel first = snapshots.get(0).model();
        for (int i = 0; i < snapshots.size(); i++) {
            Snapshot s = snapshots.get(i);
            if (i > 0 && s.iteration() <= snapshots.get(i - 1).iteration()) {
                throw new IllegalArgumentException(s.iteration() == snapshots.get(i - 1).iteration()
                        ? "iteration " + s.iteration() + " appears twice"
                        : "iterations are not in increasing order at " + s.iteration());
            }
            if (s.model().numTopics() != first.numTopics()) {
                throw new IllegalArgumentException("snapshot at iteration " + s.iteration() + " has K = "
                        + s.model().numTopics() + ", the first has K = " + first.numTopics());
            }
            if (!s.model().vocabulary().equals(first.vocabulary())) {
                throw new IllegalArgumentException("snapshot at iteration " + s.iteration()
                        + " has a different vocabulary from the first snapshot");
            }
        }
        this.name = name;
        this.snapshots = List.copyOf(snapshots);
    }

    public String name() {
        return name;
    }

    public List<Snapshot> snapshots() {
        return snapshots;
    }

    public int size() {
        return snapshots.size();
    }

    public Snapshot get(int i) {
        return snapshots.get(i);
    }

    public List<Integer> iterations() {
        List<Integer> it = new ArrayList<>();
        for (Snapshot s : snapshots) {
            it.add(s.iteration());
        }
        return it;
    }

    public Vocabulary vocabulary() {
        return snapshots.get(0).model().vocabulary();
    }

    public int numTopics() {
        return snapshots.get(0).model().numTopics();
    }
}
