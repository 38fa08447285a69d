package tmeval.app.shell;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The guide the Help menu (F1) shows: what each part of the window is for, in the order of a first session. Its text is
 * the resource {@code tmeval/app/guide.txt}, prose kept apart from the code, read once when the workbench starts.
 */
final class Guide {
    private static final String RESOURCE = "/tmeval/app/guide.txt";

    private Guide() {
    }

    /** The guide's text; a jar without it is broken, said at once. */
    static String read() {
        try (InputStream in = Guide.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the guide " + RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the guide " + RESOURCE, e);
        }
    }

    /**
     * The guide in a window of its own, so that it can stay open beside the workbench; Esc and its Close button (the
     * default button, so Enter too) close it.
     */
    static Stage window(String text, Window owner) {
        TextArea area = new TextArea(text);
        area.setEditable(false);
        area.setWrapText(true);
        area.setId("guide-text");
        Stage stage = new Stage();
        Button close = new Button("Close");
        close.setId("guide-close");
        close.setDefaultButton(true);
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        HBox buttons = new HBox(close);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        buttons.setPadding(new Insets(6, 8, 6, 8));
        BorderPane root = new BorderPane(area);
        root.setBottom(buttons);
        Scene scene = new Scene(root, 640, 520);
        // the text area would keep Esc for itself: the window takes it first
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                stage.close();
            }
        });
        stage.initOwner(owner);
        stage.setTitle("tmeval: guide to the views");
        stage.setScene(scene);
        return stage;
    }
}
