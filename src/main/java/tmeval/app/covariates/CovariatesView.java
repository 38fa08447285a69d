package tmeval.app.covariates;

import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import tmeval.app.common.Charts;
import tmeval.app.common.Messages;
import tmeval.app.common.Shown;
import tmeval.app.common.FigureText;
import tmeval.app.common.UserMessages;
import tmeval.run.covariates.CovariateAnalysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.File;

/**
 * The covariates screen: each analysed document's log ratio per token against the chosen covariate with its Monte Carlo
 * standard deviation as a bar (paler when not certified), the binned means (or each level's mean) with their 95%
 * intervals, the weighted slope's line, and the test in words. Draws what {@link CovariatesViewModel} computed.
 */
public final class CovariatesView {
    /** The summary's lines shown under the chart; the rest scrolls. */
    static final double SUMMARY_LINES = 6;
    private static final Color DOCUMENT = new Color(0x1f77b4);
    private static final Color NOT_CERTIFIED = new Color(0xb0b0b0);
    private static final Color MEANS = new Color(0xff7f0e);
    private static final Color LINE = new Color(0xd62728);

    private final CovariatesViewModel model;
    private final YIntervalSeriesCollection documents = new YIntervalSeriesCollection();
    private final YIntervalSeriesCollection means = new YIntervalSeriesCollection();
    private final XYSeriesCollection line = new XYSeriesCollection();
    private final XYPlot plot;
    private final JFreeChart chart;
    private final TextTitle caption = new TextTitle("");
    /** The chart over its footer: the chart keeps its least size, the footer's messages give way first. */
    private final VBox root = new VBox();

    public CovariatesView(CovariatesViewModel model, UserMessages onError) {
        this.model = model;
        NumberAxis y = new NumberAxis("log P(w|A) - log P(w|B) per token (nats)");
        y.setAutoRangeIncludesZero(true);
        plot = new XYPlot(means, new NumberAxis(), y, errorRenderer(MEANS, 9, 2.5f));
        plot.setDataset(1, line);
        XYLineAndShapeRenderer lineRenderer = new XYLineAndShapeRenderer(true, false);
        lineRenderer.setSeriesPaint(0, LINE);
        lineRenderer.setSeriesStroke(0, new BasicStroke(2f));
        plot.setRenderer(1, lineRenderer);
        plot.setDataset(2, documents);
        XYErrorRenderer docs = errorRenderer(DOCUMENT, 5, 0.8f);
        docs.setSeriesPaint(1, NOT_CERTIFIED);
        docs.setSeriesShape(1, new Ellipse2D.Double(-2.5, -2.5, 5, 5));
        plot.setRenderer(2, docs);
        plot.addRangeMarker(new ValueMarker(0, new Color(0x333333), new BasicStroke(1f)));
        plot.setNoDataMessage(model.placeholderProperty().get());
        model.placeholderProperty().addListener((o, a, b) -> plot.setNoDataMessage(b));
        chart = new JFreeChart("", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        caption.setFont(new Font("SansSerif", Font.PLAIN, 11));
        caption.setPosition(RectangleEdge.BOTTOM);
        chart.addSubtitle(caption);
        Charts.style(chart);
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId("covariates-chart");
        Charts.leastSize(viewer);

        ComboBox<String> method = combo(model.methods(), model.methodProperty(), "covariates-method");
        ComboBox<String> covariate = combo(model.covariates(), model.covariateProperty(), "covariates-covariate");
        CheckBox all = new CheckBox("include documents not certified");
        all.setId("covariates-all");
        all.setTooltip(new Tooltip("By default only certified documents are analysed; the others are counted below. Included, they are"
                + " drawn in grey."));
        all.selectedProperty().bindBidirectional(model.allProperty());
        Label metadataName = new Label();
        metadataName.setId("covariates-metadata-name");
        // a long path wraps within a third of the row, whole in its tooltip, and never widens the view
        Messages.wrapping(metadataName);
        metadataName.setMaxWidth(320);
        Tooltip path = new Tooltip();
        path.textProperty().bind(metadataName.textProperty());
        metadataName.setTooltip(path);
        metadataName.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> model.metadataPathProperty().get() != null
                ? model.metadataPathProperty().get().toString() : model.metadataNoteProperty().get().isEmpty() ? "no metadata file"
                : model.metadataNoteProperty().get(), model.metadataPathProperty(), model.metadataNoteProperty()));
        Button metadata = new Button("Metadata...");
        metadata.setId("covariates-metadata");
        metadata.setTooltip(new Tooltip("A TSV file with a header: the document id, then numeric or categorical columns"));
        metadata.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Metadata of the held-out documents (TSV)");
            File f = chooser.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                model.metadataPathProperty().set(f.toPath());
            }
        });
        Button tsv = new Button("TSV...");
        tsv.setId("covariates-tsv");
        tsv.setTooltip(new Tooltip("Save the binned means and tests of every covariate, as tmeval covariates --out writes them"));
        tsv.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setInitialFileName("covariates.tsv");
            File f = chooser.showSaveDialog(root.getScene().getWindow());
            if (f != null) {
                model.exportTsv(f.toPath());
            }
        });
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.runningProperty());
        // the analysis under way (its progress beside the bar), or why the last one stopped
        Label status = Messages.wrapping(new Label());
        status.setId("covariates-status");
        status.textProperty().bind(model.statusProperty());
        status.visibleProperty().bind(model.statusProperty().isNotEmpty());
        status.managedProperty().bind(status.visibleProperty());
        progress.managedProperty().bind(progress.visibleProperty());
        FlowPane controls = new FlowPane(10, 6, new Label("method"), method, new Label("covariate"), covariate, all, metadata, metadataName, tsv,
                progress);
        controls.setAlignment(Pos.CENTER_LEFT);
        Label sentence = new Label();
        sentence.setId("covariates-sentence");
        sentence.setWrapText(true);
        sentence.textProperty().bind(model.sentenceProperty());
        sentence.setStyle("-fx-font-weight: bold");
        Label counts = new Label();
        counts.setWrapText(true);
        counts.textProperty().bind(model.documentsProperty());
        counts.getStyleClass().add("chart-note");
        Label matches = new Label();
        matches.setId("covariates-metadata-matches");
        matches.setWrapText(true);
        matches.textProperty().bind(model.metadataMatchesProperty());
        matches.visibleProperty().bind(model.metadataMatchesProperty().isNotEmpty());
        matches.managedProperty().bind(matches.visibleProperty());
        matches.getStyleClass().add("chart-note");
        VBox summaryLines = new VBox(4, sentence, counts, matches);
        summaryLines.getChildren().forEach(n -> Messages.wrapping((Label) n));
        javafx.scene.control.ScrollPane summary = Messages.scrolling(summaryLines, SUMMARY_LINES);
        VBox bottom = Charts.footer(new VBox(4, controls, status), summary, "Each point is a document: its log ratio per token (the mean of its runs; a ratio path's"
                + " two directions' midpoint) with a bar of one Monte Carlo s.d.; orange: binned means with 95% intervals over documents; red:"
                + " the random-effects weighted slope.", () -> Charts.Figure.of(chart, new FigureText(model.title(), model.caption())),
                () -> root.getScene().getWindow(), "covariates", onError);
        Charts.chartOver(root, viewer, bottom);
        // a tab's content is hidden, not removed, while another tab is shown
        model.shownProperty().bind(Shown.of(root));
        model.points().addListener((javafx.collections.ListChangeListener<CovariatesViewModel.Point>) c -> draw());
        model.analysisProperty().addListener((o, a, b) -> draw());
        model.studyProperty().addListener((o, a, b) -> draw());
        draw();
    }

    private static XYErrorRenderer errorRenderer(Color colour, double size, float stroke) {
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDefaultLinesVisible(false);
        r.setDrawXError(false);
        r.setErrorPaint(null);
        r.setSeriesPaint(0, colour);
        r.setErrorStroke(new BasicStroke(stroke));
        r.setCapLength(size);
        r.setSeriesShape(0, size > 6 ? new Rectangle2D.Double(-size / 2, -size / 2, size, size) : new Ellipse2D.Double(-size / 2, -size / 2, size, size));
        return r;
    }

    private static ComboBox<String> combo(javafx.collections.ObservableList<String> items, javafx.beans.property.StringProperty value, String id) {
        ComboBox<String> box = new ComboBox<>(items);
        box.setId(id);
        box.valueProperty().bindBidirectional(value);
        return box;
    }

    private void draw() {
        CovariateAnalysis a = model.analysisProperty().get();
        chart.setTitle(model.title());
        caption.setText(model.caption());
        chart.setNotify(false);
        try {
            means.removeAllSeries();
            line.removeAllSeries();
            documents.removeAllSeries();
            String name = a == null ? "" : a.covariate().name();
            ValueAxis x;
            if (a != null && !a.covariate().numeric()) {
                x = new SymbolAxis(name, a.groups().stream().map(CovariateAnalysis.Group::label).toArray(String[]::new));
            } else {
                NumberAxis number = new NumberAxis(name);
                number.setAutoRangeIncludesZero(false);
                x = number;
            }
            plot.setDomainAxis(x);
            if (a == null) {
                return;
            }
            YIntervalSeries certified = new YIntervalSeries("document (certified)", false, true);
            YIntervalSeries other = new YIntervalSeries("document (not certified)", false, true);
            for (CovariatesViewModel.Point p : model.points()) {
                (p.certified() ? certified : other).add(p.x(), p.y(), p.y() - p.sd(), p.y() + p.sd());
            }
            documents.addSeries(certified);
            if (!other.isEmpty()) {
                documents.addSeries(other);
            }
            YIntervalSeries bins = new YIntervalSeries(a.covariate().numeric() ? "binned mean, 95% interval" : "level mean, 95% interval", false, true);
            for (int i = 0; i < a.groups().size(); i++) {
                CovariateAnalysis.Group g = a.groups().get(i);
                double at = a.covariate().numeric() ? (g.from() + g.to()) / 2 : i;
                // a group of one document has no interval: its mean alone
                bins.add(at, g.mean(), Double.isNaN(g.low()) ? g.mean() : g.low(), Double.isNaN(g.high()) ? g.mean() : g.high());
            }
            means.addSeries(bins);
            double[] ends = model.line();
            if (ends != null) {
                XYSeries s = new XYSeries("weighted slope", false);
                s.add(ends[0], ends[1]);
                s.add(ends[2], ends[3]);
                line.addSeries(s);
            }
        } finally {
            chart.setNotify(true);
        }
    }

    public Parent root() {
        return root;
    }
}
