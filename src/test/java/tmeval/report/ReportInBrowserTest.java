package tmeval.report;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The report opened in headless Chromium (Debian's {@code chromium}): the rendered page has every section, figure and
 * table, the browser logs no console message, and a screenshot of it is drawn. Without Chromium the test is skipped,
 * unless {@code TMEVAL_BROWSER_TESTS=required} (as CI sets it, {@code .ci/run}): then it fails.
 */
class ReportInBrowserTest {
    /** A console message in Chromium's log ({@code --enable-logging=stderr}): {@code [...:INFO:CONSOLE:1] "text", source: ...}. */
    private static final Pattern CONSOLE = Pattern.compile(".*:CONSOLE[:(].*");

    @TempDir
    Path dir;

    private static Path chromium() {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path p = Path.of(folder, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        if ("required".equals(System.getenv("TMEVAL_BROWSER_TESTS"))) {
            fail("TMEVAL_BROWSER_TESTS=required, but no chromium on the PATH (Debian: apt-get install -y chromium)");
        }
        Assumptions.abort("no chromium on the PATH (set TMEVAL_BROWSER_TESTS=required to make this a failure)");
        return null;
    }

    /** Chromium's output and log for a page, with a fresh profile and nothing reached over the network. */
    private record Run(String out, String log) {
    }

    private Run chromium(Path page, String... what) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        List<String> command = new ArrayList<>(List.of(chromium().toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
        command.addAll(List.of(what));
        command.add(page.toUri().toString());
        Path out = dir.resolve("chromium.out");
        Path log = dir.resolve("chromium.log");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            fail("chromium did not finish in 120 s: " + Files.readString(log));
        }
        assertEquals(0, p.exitValue(), Files.readString(log));
        return new Run(Files.readString(out), Files.readString(log));
    }

    private static List<String> consoleLines(String log) {
        return log.lines().filter(l -> CONSOLE.matcher(l).matches()).toList();
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void theReportRendersWithEveryFigureAndTableAndNoConsoleMessage() throws Exception {
        Path html = dir.resolve("report.html");
        HtmlReport.write(ReportContent.read(HtmlReportTest.COMPARE, new tmeval.progress.CancelToken()), html, null);
        Run dom = chromium(html, "--dump-dom");
        for (String id : HtmlReportTest.SECTIONS) {
            assertEquals(1, count(dom.out(), "<section id=\"" + id + "\""), "section " + id + " rendered");
        }
        assertEquals(2, count(dom.out(), "<svg[ >]"), "the scatter and the brackets");
        assertEquals(4, count(dom.out(), "<table[ >]"), "the variance table, the certification, the inputs and the settings");
        assertTrue(dom.out().contains("Answer: "), "the answer line");
        assertEquals(List.of(), consoleLines(dom.log()));

        Path png = dir.resolve("report.png");
        chromium(html, "--window-size=1280,3000", "--screenshot=" + png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1280, image.getWidth());
        int colours = 0;
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours += image.getRGB(x, y) == image.getRGB(0, 0) ? 0 : 1;
            }
        }
        assertTrue(colours > 1000, "the screenshot shows the page, not a blank window: " + colours + " sampled pixels differ");
    }

    /** The check above can fail: a page that writes to the console is caught. */
    @Test
    void aConsoleMessageIsSeen() throws Exception {
        Path page = dir.resolve("noisy.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><p>x</p><script>console.error('planted')</script></body></html>");
        List<String> console = consoleLines(chromium(page, "--dump-dom").log());
        assertFalse(console.isEmpty());
        assertTrue(console.get(0).contains("planted"), console.toString());
    }
}
