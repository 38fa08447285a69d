package tmeval.app.common;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every export goes through {@link Charts#write} with a {@link FigureText}: a view's own figure (curves, teaching, Which
 * K?) carries its title and its plan's line with the date; the chart on screen is given back as it was.
 */
@ExtendWith(FxThread.class)
class FigureTextTest {
    @TempDir
    Path dir;

    @Test
    void aViewsFigureCarriesItsPlansLineAndTheDateAndTheChartOnScreenIsGivenBack() throws Exception {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries s = new XYSeries("ais");
        s.add(1, 2);
        s.add(2, 3);
        data.addSeries(s);
        JFreeChart chart = new JFreeChart("Held-out log-likelihood", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(data, new NumberAxis("iteration"), new NumberAxis("nats"), new XYLineAndShapeRenderer()), true);
        FigureText text = FigureText.of("Held-out log-likelihood", "Curves of: ais, 3 runs, seed 1");
        assertEquals("Curves of: ais, 3 runs, seed 1. Exported " + LocalDate.now() + " by tmeval " + tmeval.run.output.Provenance.version() + ".",
                text.caption());
        boolean[] hidden = {false};
        Path svg = dir.resolve("curve.svg");
        Charts.write(new Charts.Figure(chart, text, () -> hidden[0] = true, () -> hidden[0] = false), svg, true, 1600, 1000);
        String written = FigureExports.text(svg);
        assertTrue(written.contains("Held-out log-likelihood") && written.contains("Curves of: ais, 3 runs, seed 1. Exported " + LocalDate.now()),
                written);
        assertEquals(false, hidden[0], "the screen's state is shown again");
        assertEquals(1, chart.getSubtitleCount(), "the legend only: the caption is not left on the screen's chart");
        assertEquals("Held-out log-likelihood", chart.getTitle().getText());
        assertEquals("Which K? Exported " + LocalDate.now() + " by tmeval " + tmeval.run.output.Provenance.version() + ".",
                FigureText.of("x", "Which K?").caption(), "a plan line that ends a sentence gets no second full stop");
    }
}
