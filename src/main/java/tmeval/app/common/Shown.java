package tmeval.app.common;

import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.Node;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a node is on screen as far as visibility goes: it and every ancestor visible. A tab pane's skin hides a
 * region around the content of each tab not shown, and that content wraps the view (the answer line and plan caption
 * above it): a view that watched only its own parent never saw its tab come back and kept the drawing it skipped
 * while hidden.
 * The ancestors are watched as they are now and again whenever one of them is moved.
 */
public final class Shown {
    private final Node node;
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper();
    private final List<Node> watched = new ArrayList<>();
    private final InvalidationListener recheck = o -> update();

    private Shown(Node node) {
        this.node = node;
        update();
    }

    /** True while the node and all its ancestors are visible. */
    public static ReadOnlyBooleanProperty of(Node node) {
        return new Shown(node).shown.getReadOnlyProperty();
    }

    private void update() {
        for (Node n : watched) {
            n.visibleProperty().removeListener(recheck);
            n.parentProperty().removeListener(recheck);
        }
        watched.clear();
        boolean visible = true;
        for (Node n = node; n != null; n = n.getParent()) {
            n.visibleProperty().addListener(recheck);
            n.parentProperty().addListener(recheck);
            watched.add(n);
            visible &= n.isVisible();
        }
        shown.set(visible);
    }
}
