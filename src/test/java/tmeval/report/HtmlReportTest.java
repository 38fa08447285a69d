package tmeval.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import tmeval.run.exec.CurveRunner;
import tmeval.run.output.SessionFile;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report of a real {@code compare} output (the golden file of five methods on seven documents) and of a session: it
 * parses as XML, has every section, its numbers are the results file's (counted here from the file's own columns), it
 * fetches nothing, and a hostile model name is text, never markup.
 */
class HtmlReportTest {
    static final Path COMPARE = Path.of("src/test/resources/golden/compare-methods.tsv");
    /** Every section a report has, in page order. */
    static final List<String> SECTIONS = List.of("answer", "scatter", "brackets", "variance-table", "certification", "curves", "provenance");

    @TempDir
    Path dir;

    static Document parse(Path html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setExpandEntityReferences(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(Files.readAllBytes(html)));
    }

    private Path report(Path results) throws Exception {
        Path html = dir.resolve("report.html");
        HtmlReport.write(ReportContent.read(results, new tmeval.progress.CancelToken()), html, null);
        return html;
    }

    @Test
    void everySectionIsThereWithTheNumbersOfTheResultsFile() throws Exception {
        Document page = parse(report(COMPARE));
        for (String id : SECTIONS) {
            assertNotNull(section(page, id), "section " + id);
        }
        assertEquals(2, page.getElementsByTagName("svg").getLength(), "the scatter and the brackets (no curves in a compare output)");
        assertTrue(text(section(page, "answer")).contains("Answer: "), text(section(page, "answer")));
        assertTrue(text(section(page, "curves")).contains("no curves"));

        // counted from the file's own columns: documents and certified per method, corpus perplexity ratio per method and direction
        Map<String, Set<String>> documents = new TreeMap<>();
        Map<String, Set<String>> certified = new TreeMap<>();
        Map<String, Map<String, double[]>> sums = new LinkedHashMap<>(); // label -> document -> {sum of logRatio, runs, N}
        for (String line : Files.readAllLines(COMPARE)) {
            String[] f = line.split("\t");
            if (line.startsWith("#") || f[0].equals("docId")) {
                continue;
            }
            documents.computeIfAbsent(f[2], m -> new TreeSet<>()).add(f[0]);
            if (f[10].equals("yes")) {
                certified.computeIfAbsent(f[2], m -> new TreeSet<>()).add(f[0]);
            }
            String label = f[3].equals("-") ? f[2] : f[2] + " " + f[3];
            double[] s = sums.computeIfAbsent(label, l -> new LinkedHashMap<>()).computeIfAbsent(f[0], d -> new double[3]);
            s[0] += Double.parseDouble(f[5]);
            s[1]++;
            s[2] = Integer.parseInt(f[1]);
        }
        List<List<String>> certification = rows(section(page, "certification"));
        assertEquals(documents.size(), certification.size());
        for (List<String> row : certification) {
            assertEquals(Integer.toString(documents.get(row.get(0)).size()), row.get(1), row.toString());
            assertEquals(Integer.toString(certified.getOrDefault(row.get(0), Set.of()).size()), row.get(2), row.toString());
        }
        List<List<String>> table = rows(section(page, "variance-table"));
        assertEquals(sums.size(), table.size());
        for (List<String> row : table) {
            String label = row.get(1).equals("-") ? row.get(0) : row.get(0) + " " + row.get(1);
            double logRatio = 0;
            double tokens = 0;
            for (double[] s : sums.get(label).values()) {
                logRatio += s[0] / s[1];
                tokens += s[2];
            }
            assertEquals(Integer.toString(sums.get(label).size()), row.get(2), label);
            assertEquals(String.format(Locale.ROOT, "%.4f", Math.exp(-logRatio / tokens)), row.get(7), label);
            assertEquals(certified.getOrDefault(row.get(0), Set.of()).size() + " of " + documents.get(row.get(0)).size(), row.get(9), label);
            assertFalse(row.get(10).isEmpty(), "a verdict for " + label);
        }
        String provenance = text(section(page, "provenance"));
        assertTrue(provenance.contains("8d67503cb7ccfe3623c5fcba5e46b9dfb4967280fec1db78d1ecbd22c93668c7"), "model A's SHA-256");
        assertTrue(provenance.contains("ratio-convex,ratio-geometric,lr-diff,ais-diff,exact"), "the methods setting");
        assertTrue(provenance.contains("gap-threshold"), "every setting");
    }

    @Test
    void theReportFetchesNothing() throws Exception {
        Document page = parse(report(COMPARE));
        for (String tag : List.of("script", "link", "img", "iframe", "object", "embed", "image", "use")) {
            assertEquals(0, page.getElementsByTagName(tag).getLength(), "no <" + tag + "> element");
        }
        NodeList all = page.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            NamedNodeMap attributes = all.item(i).getAttributes();
            for (int a = 0; a < attributes.getLength(); a++) {
                Node attribute = attributes.item(a);
                String name = attribute.getNodeName();
                String value = attribute.getNodeValue().trim().toLowerCase(Locale.ROOT);
                if (name.equals("src") || name.endsWith("href") || name.equals("action")) {
                    assertFalse(value.contains("//") || value.contains(":"), name + "=" + value);
                }
                assertFalse(value.matches("(?s).*url\\(\\s*['\"]?(https?:)?//.*"), name + "=" + value);
            }
        }
        for (int i = 0; i < page.getElementsByTagName("style").getLength(); i++) {
            assertFalse(page.getElementsByTagName("style").item(i).getTextContent().contains("url("), "no url() in the style");
        }
    }

    @Test
    void aHostileModelNameIsTextNeverMarkup() throws Exception {
        String hostile = "<script>alert('x')</script> & \"quoted\" 'single' a_b%c{d}";
        Path results = dir.resolve("hostile.tsv");
        Files.writeString(results, Files.readString(COMPARE).replace("<dir>/a.tsv", "/data/" + hostile + ".tsv"));
        Path html = report(results);
        Document page = parse(html);
        assertEquals(0, page.getElementsByTagName("script").getLength());
        assertTrue(text(section(page, "provenance")).contains("/data/" + hostile + ".tsv"));
        // the title names the file: the part after the hostile name's last slash
        assertTrue(page.getElementsByTagName("title").item(0).getTextContent().contains("script> & \"quoted\" 'single' a_b%c{d}.tsv"));
        String source = Files.readString(html);
        assertFalse(source.contains("<script>"));
        assertTrue(source.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;"));

        String latex = LatexTable.of(List.of(), new tmeval.run.certify.VerdictCounts(), "A " + hostile);
        assertTrue(latex.contains("\\caption{A \\textless{}script\\textgreater{}alert('x')\\textless{}/script\\textgreater{} \\& \"quoted\""
                + " 'single' a\\_b\\%c\\{d\\}}"), latex);
    }

    @Test
    void aSessionsCurvesAreDrawn() throws Exception {
        List<CurveRunner.Point> points = List.of(new CurveRunner.Point(10, "lr", 1, 200, -1500.0, 1000, 0, null, 0),
                new CurveRunner.Point(20, "lr", 1, 200, -1400.0, 1000, 0, null, 0),
                new CurveRunner.Point(30, "lr", 1, 200, -1380.0, 1000, 0, null, 0));
        // a workbench session of one run: the compare output's rows and plan, and the curves on screen
        tmeval.run.output.ComparisonOutput.Content compare = tmeval.run.output.ComparisonOutput.read(COMPARE);
        Map<String, Integer> index = new LinkedHashMap<>();
        List<tmeval.run.exec.ComparisonRunner.Result> results = new ArrayList<>();
        compare.rows().forEach(r -> results.add(r.result(index.computeIfAbsent(r.documentId(), d -> index.size()))));
        Path session = dir.resolve("session.tsv");
        SessionFile.write(new SessionFile.Session(Map.of("corpus", dir.resolve("heldout.tsv")),
                Map.of("curves.points", SessionFile.curvePointsText(points), "history.shown", "1"), List.of(), List.of(),
                List.of(new SessionFile.RunBlock(1, java.time.Instant.EPOCH, "finished", "", compare.settings(), results, List.of()))), session);
        Document page = parse(report(session));
        for (String id : SECTIONS) {
            assertNotNull(section(page, id), "section " + id);
        }
        assertEquals(1, section(page, "curves").getElementsByTagName("svg").getLength());
        assertFalse(text(section(page, "provenance")).contains("curves.points"), "the points are drawn, not listed");
        assertEquals(ReportContent.read(COMPARE, new tmeval.progress.CancelToken()).answer(), text(section(page, "answer")).replaceFirst("^\\s*Answer\\s*", "").strip(),
                "the session's run says what the compare output of the same rows and plan says");

        // a run that stopped early gives a partial answer
        Path partial = dir.resolve("partial.tsv");
        SessionFile.write(new SessionFile.Session(Map.of(), Map.of(), List.of(), List.of(),
                List.of(new SessionFile.RunBlock(1, java.time.Instant.EPOCH, "partial", "cancelled", compare.settings(), results, List.of()))), partial);
        assertTrue(ReportContent.read(partial, new tmeval.progress.CancelToken()).answer().startsWith("Partial answer: "), ReportContent.read(partial, new tmeval.progress.CancelToken()).answer());
    }

    /** The repository's own golden session (seed 12345678901, as the command line takes and writes it) is reported, its seed listed. */
    @Test
    void theGoldenSessionIsReportedWithItsLongSeed() throws Exception {
        Document page = parse(report(Path.of("src/test/resources/golden/session.tsv")));
        assertTrue(text(section(page, "provenance")).contains("12345678901"), text(section(page, "provenance")));
        assertTrue(text(section(page, "answer")).contains("nats per token"), text(section(page, "answer")));
    }

    @Test
    void theLatexTableIsBooktabsWithOneLinePerRow() throws Exception {
        ReportContent content = ReportContent.read(COMPARE, new tmeval.progress.CancelToken());
        String latex = LatexTable.of(content.rows(), content.verdicts(), "Variance table");
        assertTrue(latex.contains("\\toprule") && latex.contains("\\midrule") && latex.contains("\\bottomrule"), latex);
        String body = latex.substring(latex.indexOf("\\midrule"), latex.indexOf("\\bottomrule"));
        assertEquals(content.rows().size(), body.split("\\\\\\\\\n", -1).length - 1, body);
        assertTrue(latex.contains("A wins \\%"), latex);
    }

    /** The section of this id. */
    static Element section(Document page, String id) {
        NodeList sections = page.getElementsByTagName("section");
        for (int i = 0; i < sections.getLength(); i++) {
            Element s = (Element) sections.item(i);
            if (s.getAttribute("id").equals(id)) {
                return s;
            }
        }
        return null;
    }

    private static String text(Element e) {
        return e.getTextContent();
    }

    /** The body rows of a section's first table, as cell texts. */
    private static List<List<String>> rows(Element section) {
        Element table = (Element) section.getElementsByTagName("tbody").item(0);
        List<List<String>> rows = new ArrayList<>();
        NodeList trs = table.getElementsByTagName("tr");
        for (int i = 0; i < trs.getLength(); i++) {
            NodeList tds = ((Element) trs.item(i)).getElementsByTagName("td");
            List<String> row = new ArrayList<>();
            for (int j = 0; j < tds.getLength(); j++) {
                row.add(tds.item(j).getTextContent());
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * Issue 39, item 6: the report's scatter ticks read 1.349, 1.3183, 1.2882 (a log axis stepping its exponent). Every
     * axis of every figure ticks at round values (the workbench's {@link NiceTicks}): no tick label has more than three
     * significant digits on these results, and each figure has some.
     */
    @Test
    void everyAxisOfEveryFigureTicksAtRoundValues() throws Exception {
        ReportContent content = ReportContent.read(COMPARE, new tmeval.progress.CancelToken());
        List<CurveRunner.Point> points = List.of(new CurveRunner.Point(10, "lr", 1, 200, -1500.0, 1000, 0, null, 0),
                new CurveRunner.Point(20, "lr", 1, 200, -1433.0, 1000, 0, null, 0), new CurveRunner.Point(35, "lr", 1, 200, -1391.7, 1000, 0, null, 0));
        ReportContent withCurve = new ReportContent(content.settings(), content.inputs(), content.version(), content.table(), content.rows(),
                content.verdicts(), content.answer(), points, content.warnings());
        for (String svg : List.of(ReportFigures.scatter(content), ReportFigures.brackets(content), ReportFigures.curves(withCurve))) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(">(-?[0-9][0-9.]*)</text>").matcher(svg);
            int labels = 0;
            while (m.find()) {
                labels++;
                String digits = m.group(1).replace("-", "").replace(".", "").replaceFirst("^0+", "").replaceFirst("0+$", "");
                assertTrue(digits.length() <= 3, "a tick at a round value, not '" + m.group(1) + "'");
            }
            assertTrue(labels >= 4, "the figure has its ticks: " + labels);
        }
    }
}
