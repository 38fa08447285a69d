package tmeval.app.shell;

import javafx.application.Platform;
import javafx.event.Event;
import javafx.event.EventDispatchChain;
import javafx.event.EventDispatcher;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Alt and a menu's underlined letter open that menu, however quickly the two keys come: JavaFX's mnemonics open it only
 * when the Alt key is held a moment (issue 39: Alt+F opened nothing when pressed at once, as a script or a quick hand
 * does). Seen before the scene's own handling, the letter is taken and the menu shown once the Alt key is up.
 */
final class MenuMnemonics implements EventDispatcher {
    private final EventDispatcher scene;
    private final MenuBar menus;
    private Menu pending;

    MenuMnemonics(EventDispatcher scene, MenuBar menus) {
        this.scene = scene;
        this.menus = menus;
    }

    @Override
    public Event dispatchEvent(Event event, EventDispatchChain tail) {
        if (event instanceof KeyEvent k) {
            if (k.getEventType() == KeyEvent.KEY_PRESSED && k.isAltDown() && !k.isControlDown() && !k.isShortcutDown()
                    && k.getCode().isLetterKey()) {
                Menu m = menuOf(k.getCode());
                if (m != null) {
                    pending = m;
                    if (!m.isShowing()) {
                        Platform.runLater(m::show); // while the Alt key is still down
                    }
                    return null; // taken
                }
            }
            if (k.getEventType() == KeyEvent.KEY_RELEASED && k.getCode() == KeyCode.ALT && pending != null) {
                Menu m = pending;
                pending = null;
                Event out = scene.dispatchEvent(event, tail);
                Platform.runLater(() -> {
                    if (!m.isShowing()) {
                        m.show(); // the Alt key's release had closed it
                    }
                });
                return out;
            }
        }
        return scene.dispatchEvent(event, tail);
    }

    /** The menu whose underlined letter ("_File": F) this key is, or null. */
    Menu menuOf(KeyCode code) {
        for (Menu m : menus.getMenus()) {
            String t = m.getText();
            if (m.isMnemonicParsing() && t.length() > 1 && t.charAt(0) == '_' && !m.isDisable()
                    && String.valueOf(Character.toUpperCase(t.charAt(1))).equals(code.getChar())) {
                return m;
            }
        }
        return null;
    }
}
