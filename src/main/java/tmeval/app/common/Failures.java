package tmeval.app.common;

import tmeval.io.InputException;

/** What the workbench says about a background job that failed: the input's own message, or what to do about it. */
public final class Failures {
    private Failures() {
    }

    public static String describe(Throwable t) {
        if (t instanceof OutOfMemoryError) {
            // the readers' limits should prevent this; when a job still exhausts the heap, say how to give it more
            return "out of memory (Java heap of " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB): use a smaller corpus or budget, or start the workbench with more memory (java -Xmx8g -jar tmeval.jar)";
        }
        if (t instanceof InputException) {
            return t.getMessage();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }
}
