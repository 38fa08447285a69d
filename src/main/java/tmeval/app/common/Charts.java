package tmeval.app.common;

import tmeval.compare.ComparisonMethods;
import tmeval.estimate.Methods;
import tmeval.io.OutputFile;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.svg.SVGGraphics2D;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/** Shared look of the workbench's charts, and their export as PNG and SVG. */
public final class Charts {
    /** The one palette of the charts: a method's colour is its place in it ({@link #colour(String)}). */
    private static final Paint[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf), new Color(0xbcbd22),
    };

    /**
     * The least size of a chart on screen, which no message above or under it takes (issue 39: at 1280 x 800 messages
     * had shrunk charts to their titles); the messages scroll or wrap instead.
     */
    public static final double MIN_WIDTH = 300;
    public static final double MIN_HEIGHT = 220;
    /** Room above and under a vertical axis label at a chart's least height. */
    private static final double LABEL_MARGIN = 4;
    /** Room right of a plot for half its last tick's number ("1.05", "0.995"). */
    private static final double RIGHT_ROOM = 20;

    private Charts() {
    }

    /**
     * Lays a chart out over its footer in {@code box}: the chart asks for no more than its least height and takes the
     * spare height; when height is short, the footer's message strips give way down to their least, never the chart.
     */
    public static void chartOver(javafx.scene.layout.VBox box, Region chart, Region footer) {
        chart.setPrefHeight(MIN_HEIGHT);
        javafx.scene.layout.VBox.setVgrow(chart, javafx.scene.layout.Priority.ALWAYS);
        box.getChildren().setAll(chart, footer);
    }

    /**
     * Gives a chart on screen its least size ({@link #MIN_WIDTH} x {@link #MIN_HEIGHT}); a chart's least height also
     * leaves room for its vertical axes' labels, up to {@link #LABEL_ROOM_MAX}, measured each time it is drawn
     * ({@link #fitLabels}): JFreeChart centres such a label on the data and cuts what passes the chart's edges, and at
     * 220 px "log P(w|A) - log P(w|B) per token (nats)" lost its ends (issue 39). A label longer still is drawn smaller,
     * so that a chart never takes more height than a window of 1280 x 800 has for it.
     */
    public static <R extends Region> R leastSize(R chart) {
        chart.setMinSize(MIN_WIDTH, MIN_HEIGHT);
        if (chart instanceof ChartViewer viewer) {
            viewer.getChart().addProgressListener(e -> {
                if (e.getType() == ChartProgressEvent.DRAWING_FINISHED) {
                    // after the drawing and the layout pass that made it: a pane in the middle of its layout ignores its
                    // child's new size, and a chart changed while it is drawn draws again inside its own drawing
                    javafx.application.Platform.runLater(() -> fitLabels(viewer));
                }
            });
        }
        return chart;
    }

    /** The most a chart's least height grows for its vertical labels; a longer label is drawn smaller instead. */
    static final double LABEL_ROOM_MAX = MIN_HEIGHT + 80;
    /** The label size of an axis, and the least it is drawn at to fit. */
    private static final float LABEL_SIZE = (float) ValueAxis.DEFAULT_AXIS_LABEL_FONT.getSize2D();
    private static final float LABEL_SIZE_MIN = 9;

    /**
     * Fits the vertical axis labels of the viewer's chart as last drawn: its least height is each label's length plus
     * the difference of the room above and under the data (a label centred on the data needs {@code length + |under -
     * above|}), at least {@link #MIN_HEIGHT} and at most {@link #LABEL_ROOM_MAX}; a label that does not fit the height
     * the chart was drawn at is drawn smaller, down to {@link #LABEL_SIZE_MIN} points.
     */
    static void fitLabels(ChartViewer viewer) {
        var info = viewer.getCanvas().getRenderingInfo();
        if (info == null || !(viewer.getChart().getPlot() instanceof XYPlot plot) || info.getPlotInfo().getDataArea().isEmpty()) {
            return;
        }
        Rectangle2D data = info.getPlotInfo().getDataArea();
        double height = viewer.getCanvas().getHeight();
        double unbalanced = Math.abs((height - data.getMaxY()) - data.getMinY());
        FontRenderContext text = new FontRenderContext(null, true, true);
        double least = MIN_HEIGHT;
        for (int i = 0; i < plot.getRangeAxisCount(); i++) {
            ValueAxis axis = plot.getRangeAxis(i);
            if (axis == null || !axis.isVisible() || axis.getLabel() == null || axis.getLabel().isEmpty()) {
                continue;
            }
            Font full = axis.getLabelFont().deriveFont(LABEL_SIZE);
            double length = full.getStringBounds(axis.getLabel(), text).getWidth();
            double wanted = Math.min(LABEL_ROOM_MAX, Math.ceil(length + unbalanced + LABEL_MARGIN));
            least = Math.max(least, wanted);
            // the room of the height drawn at: more height (the least height just raised) draws it larger again
            double room = height - unbalanced - LABEL_MARGIN;
            float size = length <= room ? LABEL_SIZE : Math.max(LABEL_SIZE_MIN, (float) Math.floor(2 * LABEL_SIZE * room / length) / 2);
            if (axis.getLabelFont().getSize2D() != size) {
                axis.setLabelFont(full.deriveFont(size));
            }
        }
        if (Math.abs(viewer.getMinHeight() - least) > 0.5) {
            viewer.setMinHeight(least);
        }
    }

    public static Paint colour(int index) {
        return PALETTE[Math.floorMod(index, PALETTE.length)];
    }

    /**
     * A method's colour, fixed by its name: its place in the registry of comparison methods (or of single-model
     * methods), never the order in which a run's methods arrived, so that a method keeps its colour from run to run.
     */
    public static Paint colour(String method) {
        int i = ComparisonMethods.names().indexOf(method);
        return colour(i >= 0 ? i : Math.max(0, Methods.names().indexOf(method)));
    }

    /** White background, light grid, legend at the bottom where it cannot cover data. */
    public static void style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        if (chart.getTitle() != null) {
            chart.getTitle().setFont(new Font("SansSerif", Font.BOLD, 14));
        }
        if (chart.getPlot() instanceof XYPlot plot) {
            plot.setBackgroundPaint(Color.WHITE);
            plot.setDomainGridlinePaint(new Color(0xdddddd));
            plot.setRangeGridlinePaint(new Color(0xdddddd));
            plot.setDomainGridlineStroke(new BasicStroke(0.5f));
            plot.setRangeGridlineStroke(new BasicStroke(0.5f));
            plot.setOutlinePaint(new Color(0xaaaaaa));
            // the last tick's number is centred on the plot's right edge: the default 8 px cut "1.05" to "1.0"
            plot.setInsets(new RectangleInsets(4, 8, 4, RIGHT_ROOM));
        }
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(RectangleEdge.BOTTOM);
            legend.setItemFont(new Font("SansSerif", Font.PLAIN, 12));
        }
    }

    /**
     * A chart as it is exported: its title and caption ({@link FigureText}) and how to take the screen's own state (a
     * selection) out of it while it is written.
     *
     * @param hideScreenState run before the chart is written; {@code showScreenState} after, whatever happens
     */
    public record Figure(JFreeChart chart, FigureText text, Runnable hideScreenState, Runnable showScreenState) {
        /** A figure with no screen state of its own to hide. */
        public static Figure of(JFreeChart chart, FigureText text) {
            return new Figure(chart, text, () -> { }, () -> { });
        }
    }

    /**
     * Writes a figure as PNG or SVG through {@link OutputFile}, like every file the tool writes: complete or not at all,
     * never over a device. The chart carries the figure's title and caption while it is drawn, and its screen state is
     * hidden; everything is put back after, and the chart on screen is redrawn once.
     */
    public static void write(Figure figure, Path file, boolean svg, int width, int height) throws IOException {
        JFreeChart chart = figure.chart();
        boolean notify = chart.isNotify();
        TextTitle title = chart.getTitle();
        String screenTitle = title == null ? null : title.getText();
        TextTitle caption = new TextTitle(figure.text().caption(), new Font("SansSerif", Font.PLAIN, 12));
        caption.setPosition(RectangleEdge.BOTTOM);
        caption.setPadding(6, 8, 4, 8);
        chart.setNotify(false);
        try {
            chart.setTitle(figure.text().title());
            chart.addSubtitle(0, caption); // the outermost: under the legend
            figure.hideScreenState().run();
            try (OutputFile out = OutputFile.create(file)) {
                if (svg) {
                    SVGGraphics2D g2 = new SVGGraphics2D(width, height);
                    chart.draw(g2, new Rectangle(width, height));
                    out.writer().write(g2.getSVGDocument());
                } else {
                    ChartUtils.writeChartAsPNG(out.stream(), chart, width, height);
                }
                out.commit();
            }
        } finally {
            chart.removeSubtitle(caption);
            if (screenTitle == null) {
                chart.setTitle((TextTitle) null);
            } else {
                chart.setTitle(screenTitle);
            }
            figure.showScreenState().run();
            chart.setNotify(notify);
        }
    }

    /**
     * A chart's footer: its controls, a summary line, then a hint on the left and the PNG/SVG buttons on the right
     * (the scatter's and the brackets' layout).
     */
    public static javafx.scene.layout.VBox footer(javafx.scene.Node controls, javafx.scene.Node summary, String hintText,
                                                  Supplier<Figure> chart, Supplier<Window> owner, String baseName,
                                                  UserMessages onError) {
        javafx.scene.control.Label hint = Messages.wrapping(new javafx.scene.control.Label(hintText));
        hint.getStyleClass().add("hint");
        javafx.scene.layout.Region spacer = new javafx.scene.layout.Region();
        HBox.setHgrow(spacer, javafx.scene.layout.Priority.ALWAYS);
        HBox.setHgrow(hint, javafx.scene.layout.Priority.SOMETIMES);
        HBox bottomBar = new HBox(8, hint, spacer, exportButtons(chart, owner, baseName, onError));
        javafx.scene.layout.VBox bottom = new javafx.scene.layout.VBox(6, controls, summary, bottomBar);
        bottom.getStyleClass().add("chart-footer");
        return bottom;
    }

    /** "PNG..." and "SVG..." buttons that save the figure the supplier gives, with its title and caption. */
    public static HBox exportButtons(Supplier<Figure> chart, Supplier<Window> owner, String baseName, UserMessages onError) {
        Button png = new Button("PNG...");
        Button svg = new Button("SVG...");
        png.setTooltip(new Tooltip("Save this chart as a PNG image (1600 x 1000)"));
        svg.setTooltip(new Tooltip("Save this chart as SVG"));
        png.setOnAction(e -> save(chart.get(), owner.get(), baseName + ".png", "PNG image", "*.png", onError));
        svg.setOnAction(e -> save(chart.get(), owner.get(), baseName + ".svg", "SVG image", "*.svg", onError));
        png.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        svg.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox box = new HBox(6, png, svg);
        box.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        box.getStyleClass().add("export-buttons");
        return box;
    }

    private static void save(Figure chart, Window owner, String name, String description, String pattern, UserMessages onError) {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, pattern));
        File file = chooser.showSaveDialog(owner);
        if (file == null) {
            return;
        }
        try {
            write(chart, file.toPath(), pattern.endsWith("svg"), 1600, 1000);
        } catch (IOException e) {
            onError.error("Cannot save the chart", file + ": " + e.getMessage());
        }
    }

    /** Shows a chart's hover label with {@code text} near the pointer, kept inside {@code area}; hides it for null. */
    public static void showHover(Label hover, String text, double mouseX, double mouseY, Region area) {
        if (text == null) {
            hover.setVisible(false);
            return;
        }
        hover.setText(text);
        hover.applyCss();
        hover.autosize();
        double[] at = HoverPlacement.inside(mouseX, mouseY, hover.getWidth(), hover.getHeight(), area.getWidth(), area.getHeight());
        hover.relocate(at[0], at[1]);
        hover.setVisible(true);
    }
}
