package tmeval.app.common;

/**
 * Where a view-model tells the user of a problem that needs a dialog (a file that cannot be read, a job that failed):
 * given to each view-model when it is built. The workbench shows a dialog; tests collect the messages.
 */
@FunctionalInterface
public interface UserMessages {
    /** Says nothing: for a view-model used where no one is told (a screenshot, a test that does not look). */
    UserMessages NONE = (title, message) -> { };

    void error(String title, String message);
}
