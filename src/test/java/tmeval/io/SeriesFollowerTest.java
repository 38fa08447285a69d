package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.train.GibbsTrainer;
import tmeval.train.TrainerConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeriesFollowerTest {
    private static final TopicModel TRUTH = Fixtures.randomModel("truth", 30, new double[] {0.5, 0.5}, 0.5, 7);

    private static List<Integer> iterations(List<ModelSeries.Snapshot> s) {
        return s.stream().map(ModelSeries.Snapshot::iteration).toList();
    }

    @Test
    void nativeSnapshotsAreHandedOutOnceEachInIterationOrder(@TempDir Path dir) throws Exception {
        SeriesFollower follower = new SeriesFollower(dir.resolve("series"), false);
        assertEquals(List.of(), follower.poll(), "no directory yet: nothing, no error");
        Files.createDirectories(dir.resolve("series"));
        NativeModelFormat.write(TRUTH, dir.resolve("series/iter-10.tsv"));
        NativeModelFormat.write(TRUTH, dir.resolve("series/iter-20.tsv"));
        assertEquals(List.of(10, 20), iterations(follower.poll()));
        assertEquals(List.of(), follower.poll());
        NativeModelFormat.write(TRUTH, dir.resolve("series/iter-30.tsv"));
        assertEquals(List.of(30), iterations(follower.poll()));
        NativeModelFormat.write(TRUTH, dir.resolve("series/iter-50.tsv"));
        InputException e = assertThrows(InputException.class, follower::poll);
        assertTrue(e.getMessage().contains("not evenly spaced: 30 to 50"), e.getMessage());
    }

    @Test
    void aSnapshotOfOtherWordsIsRefusedNamingItsFile(@TempDir Path dir) throws Exception {
        NativeModelFormat.write(TRUTH, dir.resolve("iter-10.tsv"));
        SeriesFollower follower = new SeriesFollower(dir, false);
        follower.poll();
        NativeModelFormat.write(Fixtures.randomModel("other", 31, new double[] {0.5, 0.5}, 0.5, 7), dir.resolve("iter-20.tsv"));
        InputException e = assertThrows(InputException.class, follower::poll);
        assertTrue(e.getMessage().contains("iter-20.tsv") && e.getMessage().contains("vocabulary"), e.getMessage());
    }

    @Test
    void aHalfWrittenMalletStateIsPendingNotAnErrorAndIsReadOnceWholeAndStill(@TempDir Path dir) throws Exception {
        TrainingState state = new GibbsTrainer(new TrainerConfig(2, 5, tmeval.train.AlphaMode.FIXED, 1.0, 0.1, 10, 0, 0, 1))
                .train(Fixtures.generate(TRUTH, 40, 30, 3), "m", (i, m) -> { }, Progress.NONE, new CancelToken()).state();
        Path whole = dir.resolve("whole.gz");
        MalletStateFormat.write(state, whole);
        byte[] bytes = Files.readAllBytes(whole);
        Path series = Files.createDirectories(dir.resolve("series"));
        Path first = series.resolve("model.state.10");
        Files.write(first, Arrays.copyOf(bytes, bytes.length / 2));
        SeriesFollower follower = new SeriesFollower(series, false);
        assertEquals(List.of(), follower.poll());
        assertEquals(List.of(), follower.poll(), "same size, but a cut gzip stream: still pending, no error");
        assertNotNull(follower.pending());
        Files.write(first, bytes);
        assertEquals(List.of(), follower.poll(), "its size changed since the last poll: not read yet");
        assertEquals(List.of(10), iterations(follower.poll()));
        // a cut state with a later one beside it is finished (MALLET writes them in order): an error, naming it
        Files.write(series.resolve("model.state.20"), Arrays.copyOf(bytes, bytes.length / 2));
        Files.write(series.resolve("model.state.30"), bytes);
        InputException e = assertThrows(InputException.class, follower::poll);
        assertTrue(e.getMessage().contains("model.state.20"), e.getMessage());
    }
}
