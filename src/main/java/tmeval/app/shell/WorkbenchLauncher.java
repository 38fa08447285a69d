package tmeval.app.shell;

import javafx.application.Application;

/** Starts the JavaFX workbench; {@link tmeval.Main} calls it by name for the no-argument launch. */
public final class WorkbenchLauncher {
    private WorkbenchLauncher() {
    }

    public static void main(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }
}
