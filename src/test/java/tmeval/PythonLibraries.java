package tmeval;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Python interpreter of the tests that compare with the Python libraries themselves (gensim, scikit-learn): the first
 * of -Dtmeval.python, python3 on the PATH and Debian's /usr/bin/python3 that imports the modules. Without one the test
 * is skipped, unless {@code TMEVAL_GENSIM_TESTS=required} (as CI sets it): then it fails.
 */
public final class PythonLibraries {
    private PythonLibraries() {
    }

    public static String interpreter(String... modules) throws InterruptedException {
        String found = find(modules);
        if (found != null) {
            return found;
        }
        require(false, "a python3 that imports " + String.join(" and ", modules));
        return null;
    }

    /**
     * The interpreter of a test that runs without the modules too, and checks more with them: the first that imports
     * them, else -Dtmeval.python or python3 on the PATH.
     */
    public static String preferring(String... modules) throws InterruptedException {
        String found = find(modules);
        return found != null ? found : System.getProperty("tmeval.python", "python3");
    }

    /** Skips the calling test where {@code present} is false, or fails it where {@code TMEVAL_GENSIM_TESTS=required}. */
    public static void require(boolean present, String what) {
        if (present) {
            return;
        }
        if ("required".equals(System.getenv("TMEVAL_GENSIM_TESTS"))) {
            fail("TMEVAL_GENSIM_TESTS=required, but there is no " + what + " (Debian: apt-get install -y python3-gensim python3-sklearn)");
        }
        Assumptions.abort("no " + what + " (set TMEVAL_GENSIM_TESTS=required to make this a failure)");
    }

    private static String find(String... modules) throws InterruptedException {
        List<String> candidates = new ArrayList<>();
        if (System.getProperty("tmeval.python") != null) {
            candidates.add(System.getProperty("tmeval.python"));
        }
        candidates.addAll(List.of("python3", "/usr/bin/python3"));
        String imports = "import " + String.join(", ", modules);
        for (String p : candidates) {
            try {
                Process check = new ProcessBuilder(p, "-c", imports).redirectErrorStream(true).start();
                check.getInputStream().readAllBytes();
                if (check.waitFor(60, TimeUnit.SECONDS) && check.exitValue() == 0) {
                    return p;
                }
            } catch (IOException e) {
                // not installed: the next one
            }
        }
        return null;
    }
}
