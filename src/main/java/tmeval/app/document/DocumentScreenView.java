package tmeval.app.document;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.app.common.Messages;
import tmeval.app.common.Tables;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Charts;
import tmeval.app.document.DocumentScreenViewModel.EstimateRow;
import tmeval.app.document.DocumentScreenViewModel.Token;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One document: its words with their contribution under A and B, the estimates of every method run so far, its verdict
 * by each method, the forward/reverse gap, and the trace of the ratio-AIS log-weight across temperatures. (Named for the screen: the
 * engine's {@link tmeval.sampling.DocumentView} is a document's words and model rows.)
 */
public final class DocumentScreenView {
    private final BorderPane root = new BorderPane();
    private final XYSeriesCollection trace = new XYSeriesCollection();
    private final JFreeChart traceChart;

    /** The least height of the trace chart. */
    static final double CHART_MIN_HEIGHT = Charts.MIN_HEIGHT;
    /** The verdicts' and the gaps' lines shown at once beside the chart; the rest scrolls. */
    static final double VERDICT_LINES = 5;
    static final double GAP_LINES = 2;

    public DocumentScreenView(DocumentScreenViewModel model, UserMessages onError) {
        Label header = new Label();
        header.getStyleClass().add("section-title");
        header.setId("document-header");
        header.textProperty().bind(model.headerProperty());
        Label gaps = new Label();
        gaps.setId("document-gaps");
        gaps.textProperty().bind(model.gapsProperty());
        Label verdicts = new Label();
        verdicts.setId("document-verdicts");
        verdicts.textProperty().bind(model.verdictsProperty());
        TableView<Token> tokens = new TableView<>(model.tokens());
        tokens.setId("document-tokens");
        tokens.setPlaceholder(placeholder(model.tokensPlaceholderProperty()));
        tokens.getColumns().add(sized(tokens, column("#", t -> t.position() + 1), t -> Integer.toString(t.position() + 1), "position in the document"));
        tokens.getColumns().add(sized(tokens, column("word", Token::word), Token::word, null));
        tokens.getColumns().add(sized(tokens, numeric("log p (A)", Token::logA), t -> three(t.logA()), "log P(w_n | w_<n) under model A (left-to-right)"));
        tokens.getColumns().add(sized(tokens, numeric("log p (B)", Token::logB), t -> three(t.logB()), "log P(w_n | w_<n) under model B (left-to-right)"));
        tokens.getColumns().add(sized(tokens, difference(), t -> three(t.difference()), "log p (A) - log p (B): coloured by the model the word favours"));
        Tables.showRows(tokens);
        Tables.fill(tokens, tokens.getColumns().get(1));
        TableView<EstimateRow> estimates = new TableView<>(model.estimates());
        estimates.setId("document-estimates");
        estimates.setPlaceholder(placeholder(model.estimatesPlaceholderProperty()));
        // short headers, each explained in its tooltip, every column as wide as its header and its widest value
        estimates.getColumns().add(sized(estimates, column("method", EstimateRow::method), EstimateRow::method, null));
        estimates.getColumns().add(sized(estimates, column("direction", EstimateRow::direction), EstimateRow::direction, null));
        estimates.getColumns().add(sized(estimates, column("run", EstimateRow::run), EstimateRow::run, "the run's number; \"" + DocumentScreenViewModel.MEAN_RUN
                + "\": the mean of the runs; \"" + DocumentScreenViewModel.CHART_RUN + "\": the separate re-run the chart draws"));
        Function<EstimateRow, String> logRatio = r -> String.format(Locale.ROOT, "%.4f", r.logRatio());
        estimates.getColumns().add(sized(estimates, column("log ratio", logRatio), logRatio, "log P(w|A) - log P(w|B), in nats"));
        estimates.getColumns().add(sized(estimates, column("sd / se", EstimateRow::spreadText), EstimateRow::spreadText,
                "on the mean's row, with two runs or more: the standard deviation of this document's runs (the error of one run's"
                        + " estimate) / that over the square root of their number (the error of the mean)"));
        Function<EstimateRow, String> ratio = r -> String.format(Locale.ROOT, "%.5f", r.perplexityRatio());
        estimates.getColumns().add(sized(estimates, column("perp A/B", ratio), ratio, "perp(A) / perp(B) = exp(-log-ratio / N)"));
        Tables.showRows(estimates);
        Tables.fill(estimates, estimates.getColumns().get(0));

        NumberAxis x = new NumberAxis("beta (0: the starting model, 1: the other)");
        NumberAxis y = new NumberAxis("log-weight (reverse: negated)");
        y.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setSeriesPaint(0, Charts.colour(0));
        renderer.setSeriesPaint(1, Charts.colour(1));
        traceChart = new JFreeChart("Log-weight across temperatures (a re-run)", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(trace, x, y, renderer), true);
        Charts.style(traceChart);
        ChartViewer viewer = new ChartViewer(traceChart);
        viewer.setId("document-trace");

        ComboBox<String> chooser = new ComboBox<>(model.documentLabels());
        chooser.setPromptText("document");
        chooser.setPrefWidth(160);
        chooser.setOnAction(e -> model.choose(chooser.getSelectionModel().getSelectedIndex()));
        model.selectedProperty().addListener((o, a, b) -> chooser.getSelectionModel().select(b.intValue()));
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(22, 22);
        busy.visibleProperty().bind(model.busyProperty());
        HBox top = new HBox(10, new Label("Document"), chooser, busy, header);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        // at 1280 x 800 a column of the estimates (eight rows at least), the verdicts and the chart was too high for
        // the view: the estimates and the words share the left in tabs, the verdicts and the chart are on the right
        Tab estimatesTab = new Tab("Estimates of this document", estimates);
        estimatesTab.setId("document-tab-estimates");
        Tab wordsTab = new Tab("Words", tokens);
        wordsTab.setId("document-tab-words");
        TabPane left = new TabPane(estimatesTab, wordsTab);
        left.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        left.setId("document-tables");
        VBox right = new VBox(6, Messages.capped(verdicts, VERDICT_LINES), Messages.capped(gaps, GAP_LINES), viewer,
                Charts.exportButtons(() -> Charts.Figure.of(traceChart, model.figure()), () -> root.getScene().getWindow(), "document-trace", onError));
        right.setPadding(new Insets(4));
        VBox.setVgrow(viewer, Priority.ALWAYS);
        Charts.leastSize(viewer);
        SplitPane split = new SplitPane(left, right);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.6);
        root.setTop(top);
        root.setCenter(split);
        model.traceProperty().addListener((o, a, t) -> draw(t));
    }

    /**
     * A column never narrower than its header and its widest {@code text} ({@link Tables#fitColumn}); with a tooltip, the
     * header is a label that explains the column.
     */
    private static <R, T> TableColumn<R, T> sized(TableView<R> table, TableColumn<R, T> c, Function<R, String> text, String tip) {
        if (tip != null) {
            Label header = new Label(c.getText());
            header.setTooltip(new Tooltip(tip));
            c.setText(null);
            c.setGraphic(header);
        }
        Tables.fitColumn(table, c, text);
        return c;
    }

    private static String three(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static <R, T> TableColumn<R, T> column(String title, Function<R, T> f) {
        TableColumn<R, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(f.apply(cell.getValue())));
        return c;
    }

    private static TableColumn<Token, Double> numeric(String title, Function<Token, Double> f) {
        TableColumn<Token, Double> c = column(title, f);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : String.format(Locale.ROOT, "%.3f", v));
            }
        });
        return c;
    }

    /** A - B, coloured by the model the word favours. */
    private static TableColumn<Token, Token> difference() {
        TableColumn<Token, Token> c = column("A - B", t -> t);
        c.setComparator(Comparator.comparingDouble(Token::difference));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Token t, boolean empty) {
                super.updateItem(t, empty);
                getStyleClass().removeAll("better-a", "better-b");
                setText(empty || t == null ? null : String.format(Locale.ROOT, "%.3f", t.difference()));
                if (!empty && t != null && !t.favours().isEmpty()) {
                    getStyleClass().add(t.favours().equals("A") ? "better-a" : "better-b");
                }
            }
        });
        return c;
    }

    private void draw(DocumentScreenViewModel.Trace t) {
        trace.removeAllSeries();
        XYPlot plot = (XYPlot) traceChart.getPlot();
        plot.clearRangeMarkers();
        if (t == null) {
            return;
        }
        traceChart.setTitle(t.title());
        traceChart.getTitle().setFont(new java.awt.Font("SansSerif", java.awt.Font.BOLD, 13));
        trace.addSeries(series(t.forwardLabel(), t.forward()));
        trace.addSeries(series(t.reverseLabel(), t.reverse()));
        if (t.exactLogRatio() != null) {
            ValueMarker m = new ValueMarker(t.exactLogRatio(), new Color(0x444444), new BasicStroke(1.5f));
            m.setLabel("exact log ratio");
            m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            m.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
            plot.addRangeMarker(m);
        }
    }

    private static XYSeries series(String label, List<double[]> points) {
        XYSeries s = new XYSeries(label, false, true);
        points.forEach(p -> s.add(p[0], p[1], false));
        return s;
    }

    /** An empty table's words, wrapped to its width. */
    private static Label placeholder(javafx.beans.value.ObservableStringValue text) {
        Label l = new Label();
        l.textProperty().bind(text);
        l.setWrapText(true);
        l.setPadding(new javafx.geometry.Insets(8));
        return l;
    }

    public Region root() {
        return root;
    }
}
