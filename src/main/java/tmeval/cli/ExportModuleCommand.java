package tmeval.cli;

import tmeval.io.InputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code export-module}: prints the Python export module the jar carries ({@code src/main/python/tmeval_export.py}), so
 * that a user with only the jar or the installer gets it: {@code tmeval export-module > tmeval_export.py}.
 */
final class ExportModuleCommand implements Command {
    /** Where the build puts the module inside the jar (pom.xml's resources). */
    static final String RESOURCE = "/tmeval/python/tmeval_export.py";

    @Override
    public String name() {
        return "export-module";
    }

    @Override
    public String summary() {
        return "print tmeval_export.py, the Python module that writes gensim, scikit-learn and tomotopy models and held-out"
                + " tokens for tmeval (tmeval export-module > tmeval_export.py)";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of();
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws InputException, IOException {
        try (InputStream in = ExportModuleCommand.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new InputException(RESOURCE, 0, "this build does not carry the Python module (built without its resources?)", null);
            }
            in.transferTo(out);
        }
        out.flush();
        return 0;
    }
}
