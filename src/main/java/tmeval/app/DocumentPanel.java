package tmeval.app;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.run.ComparisonRunner;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One document: its words with their contribution under A and B, the estimates of every method run so far, the
 * forward/reverse gap, and the trace of the ratio-AIS log-weight across temperatures.
 */
final class DocumentPanel {
    /** A token row: position, word, log P(w_n | w_&lt;n) under A and B. */
    record Token(int position, String word, double logA, double logB) {
        double difference() {
            return logA - logB;
        }
    }

    /** A row of the estimates table. */
    record EstimateRow(String method, String direction, int run, double logRatio, double perplexityRatio) {
    }

    private final BorderPane root = new BorderPane();
    private final Label header = new Label("Click a point of the scatter plot, or choose a document.");
    private final Label gaps = new Label();
    private final TableView<Token> tokens = new TableView<>();
    private final TableView<EstimateRow> estimates = new TableView<>();
    private final XYSeriesCollection trace = new XYSeriesCollection();
    private final JFreeChart traceChart;
    private final Results results;
    private final ComboBox<String> chooser = new ComboBox<>();

    DocumentPanel(DocumentInspector inspector, Results results, Inputs inputs, IntegerProperty selected, BiConsumer<String, String> onError) {
        this.results = results;
        header.getStyleClass().add("section-title");
        header.setId("document-header");
        gaps.setWrapText(true);
        tokens.setId("document-tokens");
        tokens.setPlaceholder(new Label("No document selected"));
        tokens.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        tokens.getColumns().add(col("#", t -> t.position() + 1));
        tokens.getColumns().add(col("word", Token::word));
        tokens.getColumns().add(numeric("log p under A", Token::logA));
        tokens.getColumns().add(numeric("log p under B", Token::logB));
        tokens.getColumns().add(numeric("A - B", Token::difference));
        estimates.setId("document-estimates");
        estimates.setPlaceholder(new Label("No estimates for this document yet"));
        estimates.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        estimates.getColumns().add(colE("method", EstimateRow::method));
        estimates.getColumns().add(colE("direction", EstimateRow::direction));
        estimates.getColumns().add(colE("run", EstimateRow::run));
        estimates.getColumns().add(colE("log P(w|A) - log P(w|B)", r -> String.format(Locale.ROOT, "%.4f", r.logRatio())));
        estimates.getColumns().add(colE("perp(A)/perp(B)", r -> String.format(Locale.ROOT, "%.5f", r.perplexityRatio())));

        NumberAxis x = new NumberAxis("inverse temperature beta (from the starting model to the other)");
        NumberAxis y = new NumberAxis("running log-weight (reverse negated)");
        y.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setSeriesPaint(0, Charts.colour(0));
        renderer.setSeriesPaint(1, Charts.colour(1));
        traceChart = new JFreeChart("Ratio-AIS (convex path): log-weight across temperatures", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(trace, x, y, renderer), true);
        Charts.style(traceChart);
        ChartViewer viewer = new ChartViewer(traceChart);
        viewer.setId("document-trace");

        chooser.setPromptText("document");
        chooser.setPrefWidth(160);
        chooser.setOnAction(e -> {
            int i = chooser.getSelectionModel().getSelectedIndex();
            if (i >= 0 && i != selected.get()) {
                selected.set(i);
            }
        });
        inputs.corpusProperty().addListener((o, a, c) -> {
            List<String> ids = new ArrayList<>();
            if (c != null) {
                c.documents().forEach(d -> ids.add(d.id() + "  (N = " + d.length() + ")"));
            }
            chooser.setItems(FXCollections.observableArrayList(ids));
        });
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(22, 22);
        busy.visibleProperty().bind(inspector.busyProperty());
        HBox top = new HBox(10, new Label("Document"), chooser, busy, header);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        VBox right = new VBox(6, new Label("Estimates so far"), estimates, gaps, viewer,
                Charts.exportButtons(() -> traceChart, () -> root.getScene().getWindow(), "document-trace", onError));
        right.setPadding(new Insets(4));
        VBox.setVgrow(viewer, javafx.scene.layout.Priority.ALWAYS);
        estimates.setPrefHeight(180);
        SplitPane split = new SplitPane(tokens, right);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.38);
        root.setTop(top);
        root.setCenter(split);

        selected.addListener((o, a, b) -> {
            if (b.intValue() >= 0) {
                chooser.getSelectionModel().select(b.intValue());
                inspector.inspect(b.intValue());
                showEstimates(b.intValue());
            }
        });
        inspector.analysisProperty().addListener((o, a, b) -> show(b));
        results.onAdded(batch -> {
            if (selected.get() >= 0 && batch.stream().anyMatch(r -> r.documentIndex() == selected.get())) {
                showEstimates(selected.get());
            }
        });
    }

    private static <T> TableColumn<Token, T> col(String title, Function<Token, T> f) {
        TableColumn<Token, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(f.apply(cell.getValue())));
        return c;
    }

    private static TableColumn<Token, Double> numeric(String title, Function<Token, Double> f) {
        TableColumn<Token, Double> c = col(title, f);
        c.setCellFactory(column -> new TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                getStyleClass().removeAll("better-a", "better-b");
                if (empty || v == null) {
                    setText(null);
                    return;
                }
                setText(String.format(Locale.ROOT, "%.3f", v));
                if (title.equals("A - B") && Math.abs(v) > 0.05) {
                    getStyleClass().add(v > 0 ? "better-a" : "better-b");
                }
            }
        });
        return c;
    }

    private static <T> TableColumn<EstimateRow, T> colE(String title, Function<EstimateRow, T> f) {
        TableColumn<EstimateRow, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(f.apply(cell.getValue())));
        return c;
    }

    private void show(DocumentInspector.Analysis a) {
        if (a == null) {
            return;
        }
        List<Token> rows = new ArrayList<>();
        for (int i = 0; i < a.words().length; i++) {
            rows.add(new Token(i, a.words()[i], a.logPA()[i], a.logPB()[i]));
        }
        tokens.setItems(FXCollections.observableArrayList(rows));
        double sumA = 0;
        double sumB = 0;
        for (int i = 0; i < a.words().length; i++) {
            sumA += a.logPA()[i];
            sumB += a.logPB()[i];
        }
        header.setText(String.format(Locale.ROOT, "document %s: N = %d; left-to-right (%d particles) log P under A %.3f, under B %.3f%s",
                a.document().id(), a.document().length(), DocumentInspector.PARTICLES, sumA, sumB,
                a.exactA() == null ? "" : String.format(Locale.ROOT, "; exact %.4f and %.4f", a.exactA(), a.exactB())));
        trace.removeAllSeries();
        XYSeries f = new XYSeries("forward (B to A), ends at " + String.format(Locale.ROOT, "%.4f", a.forwardEstimate()), false, true);
        a.forwardTrace().forEach(p -> f.add(p[0], p[1]));
        XYSeries r = new XYSeries("reverse (A to B), negated, ends at " + String.format(Locale.ROOT, "%.4f", a.reverseEstimate()), false, true);
        a.reverseTrace().forEach(p -> r.add(p[0], p[1]));
        trace.addSeries(f);
        trace.addSeries(r);
        XYPlot plot = (XYPlot) traceChart.getPlot();
        plot.clearRangeMarkers();
        if (a.exactA() != null) {
            ValueMarker m = new ValueMarker(a.exactA() - a.exactB(), new Color(0x444444), new BasicStroke(1.5f));
            m.setLabel("exact log ratio");
            m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_RIGHT);
            m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.BOTTOM_RIGHT);
            plot.addRangeMarker(m);
        }
    }

    private void showEstimates(int documentIndex) {
        List<EstimateRow> rows = new ArrayList<>();
        Double forward = null;
        Double reverse = null;
        StringBuilder gapText = new StringBuilder();
        List<ComparisonRunner.Result> rs = results.forDocument(documentIndex);
        for (ComparisonRunner.Result r : rs) {
            if (r.refused()) {
                continue;
            }
            rows.add(new EstimateRow(r.reference() ? "reference " + r.method() : r.method(), r.direction().label(), r.run(),
                    r.result().logRatio(), r.result().perplexityRatio(r.length())));
        }
        for (String method : List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.RATIO_GEOMETRIC)) {
            forward = null;
            reverse = null;
            for (ComparisonRunner.Result r : rs) {
                if (!r.refused() && r.method().equals(method) && r.run() == 1) {
                    if (r.direction() == Direction.FORWARD) {
                        forward = r.result().logRatio();
                    } else if (r.direction() == Direction.REVERSE) {
                        reverse = r.result().logRatio();
                    }
                }
            }
            if (forward != null && reverse != null) {
                gapText.append(String.format(Locale.ROOT, "%s: forward - reverse gap %.4f nats%s%n", method, forward - reverse,
                        Math.abs(forward - reverse) > 1 ? " (large: this document's annealing did not converge in one direction)" : ""));
            }
        }
        estimates.setItems(FXCollections.observableArrayList(rows));
        gaps.setText(gapText.toString().strip());
    }

    Region root() {
        return root;
    }

    int tokenRows() {
        return tokens.getItems().size();
    }
}
