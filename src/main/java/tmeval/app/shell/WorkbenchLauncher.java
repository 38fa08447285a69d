package tmeval.app.shell;

import javafx.application.Application;

/** Starts the JavaFX workbench; {@link tmeval.Main} calls it by name for the no-argument launch. */
public final class WorkbenchLauncher {
    private WorkbenchLauncher() {
    }

    public static void main(String[] args) {
        String badView = viewProblem(args);
        if (badView != null) {
            System.err.println("tmeval: " + badView);
            System.exit(2); // a usage error, as the commands' (Cli)
        }
        if (headlessScreenshot(args, System.getenv("DISPLAY"), System.getProperty("os.name"))) {
            // no display to draw on: JavaFX's own headless platform (Monocle, as the tests use) renders in software
            System.setProperty("glass.platform", "Monocle");
            System.setProperty("monocle.platform", "Headless");
            System.setProperty("prism.order", "sw");
            System.setProperty("prism.text", "t2k");
            System.setProperty("headless.geometry", "1920x1080-32");
        }
        Application.launch(WorkbenchApp.class, args);
        if (Screenshot.failed()) {
            System.exit(1); // the picture was asked for and not taken: said why on standard error
        }
    }

    /** What is wrong with {@code --view}'s name (the message lists the names), or null when it names a view or is absent. */
    static String viewProblem(String[] args) {
        String view = WorkbenchApp.option(java.util.List.of(args), "--view");
        return view == null || ViewName.of(view).isPresent() ? null : "--view: no view named '" + view + "'; the views: " + ViewName.names();
    }

    /**
     * Whether a {@code --screenshot} run has to draw without a display: on Linux with no {@code DISPLAY} (an installer's
     * check, CI, a server). With a display, or for the interactive workbench, JavaFX's own platform is used.
     */
    static boolean headlessScreenshot(String[] args, String display, String osName) {
        boolean screenshot = java.util.Arrays.stream(args).anyMatch(a -> a.equals("--screenshot") || a.startsWith("--screenshot="));
        return screenshot && (display == null || display.isBlank()) && osName != null && osName.toLowerCase(java.util.Locale.ROOT).contains("linux");
    }
}
