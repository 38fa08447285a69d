package tmeval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The .deb's maintainer scripts (src/main/installer/linux), run by {@code sh} as dpkg runs them, with the PATH link and
 * the launcher moved into a temporary folder and jpackage's placeholders filled: /usr/bin/tmeval is not a file dpkg
 * owns, so the scripts make or remove only their own link there, never another file of that name.
 */
class InstallerScriptsTest {
    private static final Path SCRIPTS = Path.of("src/main/installer/linux");

    @TempDir
    Path dir;

    private record Ran(int code, String err) {
    }

    /** The script with its link and launcher in {@code dir}, run with {@code argument}. */
    private Ran run(String script, String argument) throws IOException, InterruptedException {
        String text = Files.readString(SCRIPTS.resolve(script))
                .replace("DESKTOP_COMMANDS_INSTALL", ":").replace("DESKTOP_COMMANDS_UNINSTALL", ":").replace("UTILITY_SCRIPTS", "")
                .replace("APPLICATION_PACKAGE", "tmeval")
                .replace("/usr/bin/tmeval", link().toString()).replace("/opt/tmeval/bin/tmeval", launcher().toString());
        assertFalse(text.contains("/usr/bin") || text.contains("/opt/tmeval"), "every path is one the test moved:\n" + text);
        Path copy = dir.resolve(script + ".sh");
        Files.writeString(copy, text);
        Process p = new ProcessBuilder("sh", copy.toString(), argument).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Ran(p.exitValue(), err);
    }

    private Path link() {
        return dir.resolve("usr-bin-tmeval");
    }

    private Path launcher() {
        return dir.resolve("opt-tmeval-bin-tmeval");
    }

    @Test
    void postinstMakesItsLinkOnlyWhereNothingIsAndPrermRemovesOnlyItsOwn() throws Exception {
        Ran made = run("postinst", "configure");
        assertEquals(0, made.code(), made.err());
        assertEquals(launcher(), Files.readSymbolicLink(link()), "the link is made where nothing was");
        Ran again = run("postinst", "configure");
        assertTrue(again.code() == 0 && again.err().isEmpty(), "its own link is kept without a word: " + again.err());
        assertEquals(launcher(), Files.readSymbolicLink(link()));
        Ran removed = run("prerm", "remove");
        assertEquals(0, removed.code(), removed.err());
        assertFalse(Files.exists(link(), java.nio.file.LinkOption.NOFOLLOW_LINKS), "prerm removes its own link");
    }

    /**
     * Another tmeval at the link's path (a file, or a link to another program, even a dangling one) is left as it is,
     * postinst says so and how to link this one, and prerm leaves it too; before, postinst's {@code ln -sf} replaced it.
     */
    @Test
    void anotherFileAtTheLinksPathIsNeverReplaced() throws Exception {
        Path other = dir.resolve("other-tmeval");
        Files.writeString(other, "#!/bin/sh\necho another tmeval\n");
        Files.copy(other, link());
        Ran file = run("postinst", "configure");
        assertEquals(0, file.code(), "the package still installs: " + file.err());
        assertFalse(Files.isSymbolicLink(link()));
        assertEquals(Files.readString(other), Files.readString(link()), "the other file is untouched");
        assertTrue(file.err().contains(link() + " is not this package's link") && file.err().contains("dpkg-reconfigure tmeval"), file.err());
        assertEquals(0, run("prerm", "remove").code());
        assertEquals(Files.readString(other), Files.readString(link()), "prerm leaves it too");

        for (Path target : new Path[] {other, dir.resolve("nothing-here")}) {
            Files.delete(link());
            Files.createSymbolicLink(link(), target);
            Ran linked = run("postinst", "configure");
            assertEquals(0, linked.code(), linked.err());
            assertEquals(target, Files.readSymbolicLink(link()), "a link to another program stays: " + target);
            assertTrue(linked.err().contains("is not this package's link"), linked.err());
            assertEquals(0, run("prerm", "remove").code());
            assertEquals(target, Files.readSymbolicLink(link()));
        }
    }
}
