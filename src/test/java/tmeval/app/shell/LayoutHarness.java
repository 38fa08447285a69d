package tmeval.app.shell;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;
import tmeval.app.inputs.RecentFiles;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The walkthrough of issue 39 as the layout tests of each view take it: the workbench on the sample data in a window of
 * 1280 x 800 and of 1920 x 1080, its views after two runs (the second on screen, the first beside it) and while a third
 * runs; and what is wrong with a view's layout in words: a chart under its least size or out of the window, text cut
 * (a number in a table may be cut only when its tooltip gives it whole), a table that shows fewer than
 * {@link #TABLE_ROWS} rows it has, a view wider than the window, a chart's axis label longer than the chart (it is cut), a chart run under its view's footer.
 */
public final class LayoutHarness {
    /** The walkthrough's window sizes. */
    public static final int[][] SIZES = {{1280, 800}, {1920, 1080}};
    /** A table shows at least this many of its rows (all of them when it has fewer). */
    public static final int TABLE_ROWS = 8;

    private final Stage stage;
    private final Workbench workbench;
    private final WorkbenchViewModel vm;

    private LayoutHarness(Stage stage, Workbench workbench) {
        this.stage = stage;
        this.workbench = workbench;
        this.vm = workbench.viewModel();
    }

    /** The workbench in {@code stage} at 1280 x 800 on the sample data (call from a TestFX {@code @Start}). */
    public static LayoutHarness open(Stage stage, Path storage) {
        Workbench workbench = new Workbench(new WorkbenchViewModel(new tmeval.app.common.BackgroundTaskExecutor(),
                new WorkbenchViewModel.Storage(RecentFiles.inMemory(), storage.resolve("throughput.tsv")), Workbench::showError));
        workbench.viewModel().setConfirmHandler((title, question) -> true);
        stage.setScene(new Scene(workbench.root(), SIZES[0][0], SIZES[0][1]));
        stage.show();
        workbench.viewModel().openSampleData();
        return new LayoutHarness(stage, workbench);
    }

    /** Work of a test that may throw. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    public WorkbenchViewModel vm() {
        return vm;
    }

    public Workbench workbench() {
        return workbench;
    }

    public static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Runs on the FX thread and returns its value. */
    public static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(60, TimeUnit.SECONDS);
    }

    public static void fx(Runnable work) throws Exception {
        WaitForAsyncUtils.asyncFx(work).get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    public void waitForInputs() throws Exception {
        waitFor(120, () -> vm.workspace().pairProperty().get() != null && vm.workspace().corpusProperty().get() != null
                && vm.workspace().seriesProperty().get() != null && !vm.inputs().loadingProperty().get());
    }

    /** The paper's four methods at {@code temperatures}, two runs, on two threads, with this seed: the form's plan. */
    public void plan(int temperatures, long seed) throws Exception {
        fx(() -> {
            vm.run().presetTable1();
            vm.run().temperaturesProperty().set(temperatures);
            vm.run().seedProperty().set(seed);
            vm.run().threadsProperty().set(2);
        });
    }

    /**
     * The state after the walkthrough's runs: two runs of the paper's methods at few temperatures (many documents not
     * certified, long messages), the second on screen and the first beside it.
     */
    public void twoRunsDone() throws Exception {
        waitForInputs();
        for (long seed = 1; seed <= 2; seed++) {
            plan(30, seed);
            fx(() -> vm.run().start());
            waitFor(600, () -> !vm.run().runningProperty().get());
        }
        fx(() -> vm.history().compareWith(vm.history().runs().get(0)));
    }

    /** A run of the paper's plan started, once some of its rows are in (it runs for minutes): the state during a run. */
    public void runStarted() throws Exception {
        plan(1000, 3);
        fx(() -> vm.run().start());
        waitFor(300, () -> vm.results().all().size() >= 40);
    }

    public void cancel() throws Exception {
        fx(() -> {
            vm.run().cancel();
            vm.curves().cancel();
            vm.whichK().cancel();
            vm.teaching().cancel();
        });
        waitFor(60, () -> !vm.run().runningProperty().get() && !vm.curves().runningProperty().get() && !vm.whichK().runningProperty().get()
                && !vm.teaching().experiment().runningProperty().get());
        // the state after the two runs again: a cancelled run deleted, the second on screen, the first beside it
        fx(() -> {
            while (vm.history().runs().size() > 2) {
                vm.deleteRun(vm.history().runs().get(vm.history().runs().size() - 1));
            }
            vm.history().show(vm.history().runs().get(1));
            vm.history().compareWith(vm.history().runs().get(0));
        });
    }

    /** The window at this size, the view shown, laid out. */
    public void show(String view, int width, int height) throws Exception {
        fx(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
            workbench.select(view);
        });
        waitFor(10, () -> Math.abs(stage.getScene().getWidth() - width) < 1 && Math.abs(stage.getScene().getHeight() - height) < 1);
        fx(() -> {
            workbench.root().applyCss();
            workbench.root().layout();
        });
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS); // throttled redraws (the brackets', the covariates')
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The node of this id, looked up in the window. */
    public Node node(String id) throws Exception {
        Node n = fx(() -> stage.getScene().lookup(id));
        if (n == null) {
            throw new AssertionError("no node " + id);
        }
        return n;
    }

    /**
     * What is wrong with the layout of the view in the selected tab: text cut, a table showing fewer than
     * {@link #TABLE_ROWS} of its rows, a view wider than the window, and each of {@code charts} (ids) under
     * {@code minWidth} x {@code minHeight} or not whole in the window; the PNG/SVG buttons out of the window.
     */
    public List<String> problems(double minWidth, double minHeight, String... charts) throws Exception {
        return fx(() -> {
            List<String> out = new ArrayList<>();
            Scene scene = stage.getScene();
            // laid out in this same call: the results still arriving change texts between two pulses
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            String size = (int) scene.getWidth() + "x" + (int) scene.getHeight() + ": ";
            javafx.scene.control.TabPane tabs = (javafx.scene.control.TabPane) scene.lookup("#views");
            Node view = tabs.getSelectionModel().getSelectedItem().getContent();
            Bounds area = view.localToScene(view.getLayoutBounds());
            if (area.getMaxX() > scene.getWidth() + 1) {
                out.add(size + "the view is wider than the window (" + (int) area.getMaxX() + " px)");
            }
            for (String id : charts) {
                Region chart = (Region) scene.lookup(id);
                if (chart == null || !visible(chart)) {
                    out.add(size + id + " is not shown");
                    continue;
                }
                if (chart.getWidth() < minWidth - 1 || chart.getHeight() < minHeight - 1) {
                    out.add(size + id + " is " + (int) chart.getWidth() + " x " + (int) chart.getHeight() + ", under " + (int) minWidth + " x " + (int) minHeight);
                }
                if (!inWindow(chart, scene)) {
                    out.add(size + id + " is not whole in the window: " + chart.localToScene(chart.getLayoutBounds()));
                }
                // a pane laid out taller than its room runs under the view's footer, which hides the chart's bottom
                Bounds drawn = chart.localToScene(chart.getLayoutBounds());
                for (Node footer : view.lookupAll(".chart-footer")) {
                    Bounds f = footer.localToScene(footer.getLayoutBounds());
                    if (visible(footer) && !isAncestor(footer, chart) && drawn.getMaxY() > f.getMinY() + 1 && drawn.getMinY() < f.getMaxY()
                            && drawn.getMaxX() > f.getMinX() && drawn.getMinX() < f.getMaxX()) {
                        out.add(size + id + " runs " + (int) (drawn.getMaxY() - f.getMinY()) + " px under the footer");
                    }
                }
            }
            for (Node b : view.lookupAll(".export-buttons")) {
                if (visible(b) && !inWindow(b, scene)) {
                    out.add(size + "the PNG/SVG buttons are out of the window: " + b.localToScene(b.getLayoutBounds()));
                }
            }
            collect(view, scene, size, out);
            return out;
        });
    }

    private static void collect(Node node, Scene scene, String size, List<String> out) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof TableView<?> table) {
            rows(table, size, out);
        }
        if (node instanceof org.jfree.chart.fx.ChartViewer viewer && visible(viewer)) {
            axisLabels(viewer, size, out);
        }
        // a message strip squeezed to nothing (beside a spacer that took the room) shows none of its text
        if (node.getStyleClass().contains("message-strip") && node instanceof Region strip && visible(strip)
                && (strip.getWidth() < 20 || strip.getHeight() < 1)) {
            out.add(size + "a message strip is given no room: " + strip.getWidth() + " x " + strip.getHeight());
        }
        if (node instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            Text shown = (Text) l.lookup(".text");
            boolean cut = shown != null && !shown.getText().equals(l.getText()) && l.getWidth() > 0 && inWindow(l, scene);
            // a table's cell may leave its number to its tooltip, whole; any other text wraps or has room
            boolean cell = l instanceof javafx.scene.control.IndexedCell<?> || l instanceof javafx.scene.control.TableCell<?, ?>
                    || insideHeader(l);
            Tooltip tip = l.getTooltip();
            if (cut && !(cell && tip != null && tip.getText() != null && tip.getText().contains(l.getText()))) {
                out.add(size + "cut: '" + l.getText() + "' shows '" + shown.getText() + "'");
            }
            // text given no room at all is not shown
            if (visible(l) && (l.getWidth() < 1 || l.getHeight() < 1) && !scrolled(l)) {
                out.add(size + "not shown (no room): '" + l.getText() + "'");
            }
            // text that runs out of the window is cut too (unless it is in a pane that scrolls it into view)
            if (l.getWidth() > 0 && !inWindow(l, scene) && !scrolled(l)) {
                out.add(size + "out of the window: '" + l.getText() + "' at " + l.localToScene(l.getLayoutBounds()));
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, scene, size, out);
            }
        }
    }

    /** The axis labels and last ticks cut in every chart under {@code root} ({@link #axisLabels}), laid out as it is. */
    public static List<String> axisLabelProblems(Node root) {
        List<String> out = new ArrayList<>();
        axisLabelsUnder(root, out);
        return out;
    }

    private static void axisLabelsUnder(Node node, List<String> out) {
        if (node instanceof org.jfree.chart.fx.ChartViewer viewer && visible(viewer)) {
            axisLabels(viewer, "", out);
        }
        if (node instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(child -> axisLabelsUnder(child, out));
        }
    }

    /**
     * An axis's label longer than its chart allows (the chart draws it centred on its data and cuts it at the chart's
     * edges, with no wrapping and no tooltip): a horizontal one past the left or right edge, a vertical one past the top
     * or bottom (issue 39: at a chart's least height); or the last tick's number cut at the chart's right edge.
     */
    private static void axisLabels(org.jfree.chart.fx.ChartViewer viewer, String size, List<String> out) {
        var info = viewer.getCanvas().getRenderingInfo();
        if (!(viewer.getChart().getPlot() instanceof org.jfree.chart.plot.XYPlot plot) || info == null
                || info.getPlotInfo().getDataArea().isEmpty()) {
            return;
        }
        var data = info.getPlotInfo().getDataArea();
        var text = new java.awt.font.FontRenderContext(null, true, true);
        double width = viewer.getCanvas().getWidth();
        for (int i = 0; i < plot.getDomainAxisCount(); i++) {
            var axis = plot.getDomainAxis(i);
            if (axis != null && axis.isVisible() && axis.getLabel() != null) {
                double w = axis.getLabelFont().getStringBounds(axis.getLabel(), text).getWidth();
                if (data.getCenterX() - w / 2 < 0 || data.getCenterX() + w / 2 > width) {
                    out.add(size + viewer.getId() + ": axis label cut: '" + axis.getLabel() + "' (" + (int) w + " px in a chart of " + (int) width + ")");
                }
            }
        }
        double height = viewer.getCanvas().getHeight();
        for (int i = 0; i < plot.getRangeAxisCount(); i++) {
            var axis = plot.getRangeAxis(i);
            if (axis != null && axis.isVisible() && axis.getLabel() != null && !axis.getLabel().isEmpty()) {
                double w = axis.getLabelFont().getStringBounds(axis.getLabel(), text).getWidth();
                if (data.getCenterY() - w / 2 < 0 || data.getCenterY() + w / 2 > height) {
                    out.add(size + viewer.getId() + ": vertical axis label cut: '" + axis.getLabel() + "' (" + (int) w + " px in a chart "
                            + (int) height + " px high)");
                }
            }
        }
        // the last tick's number, centred on the data's right edge, needs half its width to the right of it
        for (int i = 0; i < plot.getDomainAxisCount(); i++) {
            if (plot.getDomainAxis(i) instanceof org.jfree.chart.axis.NumberAxis axis && axis.isVisible() && axis.isTickLabelsVisible()) {
                double unit = axis.getTickUnit().getSize();
                double last = Math.floor(axis.getUpperBound() / unit + 1e-9) * unit;
                if (last < axis.getLowerBound()) {
                    continue;
                }
                String tick = axis.getTickUnit().valueToString(last);
                double w = axis.getTickLabelFont().getStringBounds(tick, text).getWidth();
                double at = axis.valueToJava2D(last, data, plot.getDomainAxisEdge());
                if (at + w / 2 > width + 1) {
                    out.add(size + viewer.getId() + ": the last tick's number cut: '" + tick + "' ends at " + (int) (at + w / 2) + " px in a chart of " + (int) width);
                }
            }
        }
    }

    /** Whether the node is in a pane that scrolls (a scroll pane, a table's or a list's rows), which clips it. */
    private static boolean scrolled(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.control.ScrollPane || p instanceof javafx.scene.control.skin.VirtualFlow<?>
                    || p instanceof javafx.scene.control.TableView<?> || p instanceof javafx.scene.control.ListView<?>) {
                return true;
            }
        }
        return false;
    }

    private static boolean insideHeader(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p.getStyleClass().contains("column-header")) {
                return true;
            }
        }
        return false;
    }

    /** The rows a table shows: those whose row cells are whole in its body. */
    private static void rows(TableView<?> table, String size, List<String> out) {
        int items = table.getItems().size();
        if (items == 0) {
            return;
        }
        Node body = table.lookup(".clipped-container");
        Bounds view = body == null ? table.localToScene(table.getLayoutBounds()) : body.localToScene(body.getLayoutBounds());
        int whole = 0;
        for (Node row : table.lookupAll(".table-row-cell")) {
            javafx.scene.control.TableRow<?> r = (javafx.scene.control.TableRow<?>) row;
            if (!row.isVisible() || r.isEmpty() || r.getItem() == null) {
                continue;
            }
            Bounds b = row.localToScene(row.getLayoutBounds());
            if (b.getMinY() >= view.getMinY() - 1 && b.getMaxY() <= view.getMaxY() + 1) {
                whole++;
            }
        }
        double columns = table.getVisibleLeafColumns().stream().mapToDouble(javafx.scene.control.TableColumn::getWidth).sum();
        boolean sideways = table.lookupAll(".scroll-bar").stream().anyMatch(n -> n instanceof javafx.scene.control.ScrollBar bar
                && bar.getOrientation() == javafx.geometry.Orientation.HORIZONTAL && bar.isVisible());
        if (columns > view.getWidth() + 1 && !sideways) {
            out.add(size + "table " + table.getId() + "'s columns (" + (int) columns + " px) pass its width (" + (int) view.getWidth()
                    + " px) with no way to scroll to them");
        }
        int wanted = Math.min(TABLE_ROWS, items);
        if (whole < wanted) {
            out.add(size + "table " + table.getId() + " shows " + whole + " of its " + items + " rows whole, fewer than " + wanted);
        }
    }

    private static boolean isAncestor(Node ancestor, Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static boolean visible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static boolean inWindow(Node n, Scene scene) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        return b.getMinX() >= -1 && b.getMinY() >= -1 && b.getMaxX() <= scene.getWidth() + 1 && b.getMaxY() <= scene.getHeight() + 1;
    }

    public void shutdown() {
        workbench.shutdown();
    }
}
