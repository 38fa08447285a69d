package tmeval.app.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The guide the Help menu (F1) shows: what each part of the window is for, in the order of a first session. Its text is
 * the resource {@code tmeval/app/guide.txt}, prose kept apart from the code, read once when the workbench starts.
 */
final class Guide {
    private static final String RESOURCE = "/tmeval/app/guide.txt";

    private Guide() {
    }

    /** The guide's text; a jar without it is broken, said at once. */
    static String read() {
        try (InputStream in = Guide.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the guide " + RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the guide " + RESOURCE, e);
        }
    }
}
