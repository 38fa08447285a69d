package tmeval.app.common;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/**
 * How a view lays out its messages so that none takes its chart's place or is cut (issue 39): a message wraps over the
 * width it is given, never widens the view, and a long one is shown in a strip of a few lines that scrolls the rest,
 * its whole text also in its tooltip; {@link #above} keeps a view's least height under the messages over it.
 */
public final class Messages {
    private Messages() {
    }

    /** The height of a line of the label's text: two lines' height less one's, as its font draws them. */
    static double lineHeight(Label label) {
        javafx.scene.text.Text one = new javafx.scene.text.Text("Ag");
        one.setFont(label.getFont());
        javafx.scene.text.Text two = new javafx.scene.text.Text("Ag\nAg");
        two.setFont(label.getFont());
        return two.getLayoutBounds().getHeight() - one.getLayoutBounds().getHeight();
    }

    /** A label that wraps over the width it is given and never asks for more (a long text never widens its view). */
    public static Label wrapping(Label label) {
        label.setWrapText(true);
        label.setMinWidth(0);
        label.setMaxWidth(Double.MAX_VALUE);
        label.setMinHeight(Region.USE_PREF_SIZE);
        return label;
    }

    /**
     * The label, wrapping, in a strip as high as its text up to {@code lines} lines; a longer text scrolls in the strip
     * (its tooltip holds it whole). The strip is managed and shown only while the label has text.
     */
    public static ScrollPane capped(Label label, double lines) {
        return capped(label, lines, 1);
    }

    /** As {@link #capped(Label, double)}; under a view's least height the strip gives way down to {@code least} lines. */
    public static ScrollPane capped(Label label, double lines, double least) {
        wrapping(label);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(label.textProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(700);
        label.setTooltip(whole);
        ScrollPane strip = strip(label, () -> lineHeight(label), lines, least);
        strip.visibleProperty().bind(label.textProperty().isNotEmpty());
        strip.managedProperty().bind(strip.visibleProperty());
        label.textProperty().addListener((o, a, b) -> strip.requestLayout());
        return strip;
    }

    /**
     * Several messages (labels that wrap, in a box) in a strip as high as they are up to {@code lines} lines of the
     * default font, scrolling the rest; under a view's least height it gives way down to one line.
     */
    public static ScrollPane scrolling(Region content, double lines) {
        Label probe = new Label();
        return strip(content, () -> lineHeight(probe), lines, 1);
    }

    /** A strip showing {@code content} as high as it is, at most {@code lines} lines, at least {@code least}. */
    private static ScrollPane strip(Region content, java.util.function.DoubleSupplier line, double lines, double least) {
        ScrollPane strip = new ScrollPane(content) {
            /** Its height depends on its width, as its wrapped text's does: parents give the width first. */
            @Override
            public javafx.geometry.Orientation getContentBias() {
                return javafx.geometry.Orientation.HORIZONTAL;
            }

            @Override
            protected double computePrefHeight(double width) {
                return heightFor(width, lines);
            }

            @Override
            protected double computeMinHeight(double width) {
                return heightFor(width, least);
            }

            private double heightFor(double width, double shown) {
                double w = width > 0 ? width : getWidth() > 0 ? getWidth() : content.prefWidth(-1);
                double inner = Math.max(1, w - snappedLeftInset() - snappedRightInset());
                double text = Math.ceil(content.prefHeight(inner));
                double cap = Math.ceil(shown * line.getAsDouble() + content.snappedTopInset() + content.snappedBottomInset());
                return snappedTopInset() + snappedBottomInset() + Math.min(text, cap);
            }
        };
        strip.getStyleClass().add("message-strip");
        strip.setFitToWidth(true);
        strip.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        strip.setVbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        strip.setPadding(Insets.EMPTY);
        strip.setMinWidth(0);
        strip.setPrefWidth(0); // as wide as its parent gives, never as its one-line text would be
        return strip;
    }

    /**
     * The messages over a view, the view under them: the view gets at least its least height, the messages what is left
     * up to their own (their strips scroll); with room to spare, the view takes it.
     */
    public static Region above(Node messages, Node view) {
        return new Above(messages, view);
    }

    private static final class Above extends Region {
        private final Node messages;
        private final Node view;

        Above(Node messages, Node view) {
            this.messages = messages;
            this.view = view;
            getChildren().addAll(messages, view);
        }

        @Override
        protected void layoutChildren() {
            double x = snappedLeftInset();
            double y = snappedTopInset();
            double w = getWidth() - x - snappedRightInset();
            double h = getHeight() - y - snappedBottomInset();
            double top = 0;
            if (messages.isManaged()) {
                double least = view.isManaged() ? view.minHeight(w) : 0;
                top = snapSizeY(Math.max(messages.minHeight(w), Math.min(messages.prefHeight(w), h - least)));
                messages.resizeRelocate(x, y, w, top);
            }
            view.resizeRelocate(x, y + top, w, Math.max(0, h - top));
        }

        @Override
        protected double computeMinHeight(double width) {
            return snappedTopInset() + messages.minHeight(width) + view.minHeight(width) + snappedBottomInset();
        }

        @Override
        protected double computePrefHeight(double width) {
            return snappedTopInset() + messages.prefHeight(width) + view.prefHeight(width) + snappedBottomInset();
        }

        @Override
        protected double computeMinWidth(double height) {
            return snappedLeftInset() + Math.max(messages.minWidth(-1), view.minWidth(-1)) + snappedRightInset();
        }

        @Override
        protected double computePrefWidth(double height) {
            return snappedLeftInset() + Math.max(messages.prefWidth(-1), view.prefWidth(-1)) + snappedRightInset();
        }
    }
}
