package tmeval.app.shell;

import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.inputs.InputsViewModel;
import tmeval.io.InputException;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The steps a saved file (a session, a {@code compare} output) goes through before its rows go in, the same for both:
 * it is read and checked whole (a bad one is reported and changes nothing), the user agrees to drop what is not saved,
 * the history and the results are cleared, and its inputs are loaded, the rest following once the last is in.
 */
final class Reopening {
    /** Reads and checks a file: an {@link InputException} or an invalid setting ({@link IllegalArgumentException}) refuses it. */
    interface Reader<T> {
        T read() throws InputException;
    }

    private final Workspace workspace;
    private final Results results;
    private final RunHistory history;
    private final InputsViewModel inputs;
    private final UserMessages messages;
    /** Whether work not saved may be dropped for an action (asks the user): the workbench's one question. */
    private final BiPredicate<String, Boolean> mayDiscard;

    Reopening(Workspace workspace, RunHistory history, InputsViewModel inputs, UserMessages messages, BiPredicate<String, Boolean> mayDiscard) {
        this.workspace = workspace;
        this.history = history;
        this.results = history.results();
        this.inputs = inputs;
        this.messages = messages;
        this.mayDiscard = mayDiscard;
    }

    /**
     * The file read by {@code reader}, or null (nothing changed) when it cannot be: the message, titled "Cannot open
     * {@code what}", names the file, the line and the problem, or the invalid setting.
     *
     * @param invalid what an invalid setting is called in the message ("a setting is invalid")
     */
    <T> T read(String what, Path path, String invalid, Reader<T> reader) {
        try {
            return reader.read();
        } catch (InputException e) {
            messages.error("Cannot open " + what, e.getMessage());
        } catch (IllegalArgumentException e) {
            messages.error("Cannot open " + what, path + ": " + invalid + ": " + e.getMessage());
        }
        return null;
    }

    /**
     * Once the user agrees to drop the runs (and, with {@code curves}, the curves) not saved, clears the history and the
     * results: true. False, nothing changed, when the user does not agree.
     */
    boolean clearIfAgreed(String action, boolean curves) {
        if (!mayDiscard.test(action, curves)) {
            return false;
        }
        history.clear(); // dropped now, as agreed: nothing after this asks again
        results.reset(workspace.corpusProperty().get());
        return true;
    }

    /** Loads each input into its slot in the background, then runs {@code then} once the last is in (at once when there is none). */
    void loadThen(Map<Slot, Path> load, Runnable then) {
        int[] pending = {load.size()};
        if (pending[0] == 0) {
            then.run();
            return;
        }
        Runnable oneDone = () -> {
            if (--pending[0] == 0) {
                then.run();
            }
        };
        load.forEach((slot, p) -> inputs.load(slot, p, oneDone));
    }
}
