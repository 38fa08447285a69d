package tmeval.app.common;

import tmeval.Fixtures;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;

/** Small inputs for view-model tests: two 3-topic models over 40 words and a corpus of 12 short documents drawn from A. */
public final class AppFixtures {
    public static final int DOCUMENTS = 12;

    private AppFixtures() {
    }

    public static TopicModel modelA() {
        return Fixtures.randomModel("A", 40, new double[] {0.3, 0.2, 0.1}, 0.2, 11);
    }

    public static TopicModel modelB() {
        return Fixtures.randomModel("B", 40, new double[] {0.2, 0.2, 0.2}, 0.2, 12);
    }

    public static Corpus corpus() {
        return Fixtures.generate(modelA(), DOCUMENTS, 8, 13);
    }

    /** A workspace with both models and the corpus in place (no series), as if the files had been loaded. */
    public static Workspace loaded() {
        Workspace w = new Workspace();
        fill(w);
        return w;
    }

    public static void fill(Workspace w) {
        w.put(Workspace.Slot.MODEL_A, null, modelA());
        w.put(Workspace.Slot.MODEL_B, null, modelB());
        w.put(Workspace.Slot.CORPUS, null, corpus());
    }
}
