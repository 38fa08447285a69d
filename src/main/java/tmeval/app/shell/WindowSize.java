package tmeval.app.shell;

import javafx.geometry.Rectangle2D;

import java.util.prefs.Preferences;

/**
 * The main window's size when it opens: the size it had when last closed, else 1280 x 800; at least 1024 x 700 (the
 * least the views are laid out for) where the screen has the room, and never larger than the screen. Set on the window
 * itself, not only on its scene: under a window manager (openbox) the window had opened at 200 x 200 and stayed so.
 */
final class WindowSize {
    static final double WIDTH = 1280;
    static final double HEIGHT = 800;
    static final double LEAST_WIDTH = 1024;
    static final double LEAST_HEIGHT = 700;
    private static final String WIDTH_KEY = "window-width";
    private static final String HEIGHT_KEY = "window-height";

    private WindowSize() {
    }

    /**
     * @param last   the size last used, or null
     * @param screen the screen's bounds less its panels
     * @return width and height
     */
    static double[] initial(double[] last, Rectangle2D screen) {
        double w = last == null || !(last[0] > 0) ? WIDTH : last[0];
        double h = last == null || !(last[1] > 0) ? HEIGHT : last[1];
        return new double[] {Math.min(Math.max(w, LEAST_WIDTH), screen.getWidth()), Math.min(Math.max(h, LEAST_HEIGHT), screen.getHeight())};
    }

    /** The least size the window may be made: 1024 x 700, or the screen where it is smaller. */
    static double[] least(Rectangle2D screen) {
        return new double[] {Math.min(LEAST_WIDTH, screen.getWidth()), Math.min(LEAST_HEIGHT, screen.getHeight())};
    }

    /** The size the window had when last closed (the user's preferences), or null. */
    static double[] last(Preferences node) {
        double w = node.getDouble(WIDTH_KEY, -1);
        double h = node.getDouble(HEIGHT_KEY, -1);
        return w > 0 && h > 0 ? new double[] {w, h} : null;
    }

    static void save(Preferences node, double width, double height) {
        if (width > 0 && height > 0 && Double.isFinite(width) && Double.isFinite(height)) {
            node.putDouble(WIDTH_KEY, width);
            node.putDouble(HEIGHT_KEY, height);
            try {
                node.flush(); // the workbench is closing: not left to a timer
            } catch (java.util.prefs.BackingStoreException e) {
                // not kept: the next window opens at the default size
            }
        }
    }

    /** Where the workbench keeps its window size: beside its recent files. */
    static Preferences preferences() {
        return Preferences.userRoot().node("tmeval/app");
    }
}
