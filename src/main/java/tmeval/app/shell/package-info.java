/**
 * The main window: the screens in tabs, the menus and accelerators, dialogs, sessions and exports
 * ({@code WorkbenchViewModel}), the launcher and the screenshot mode. The only package that imports the screens.
 */
package tmeval.app.shell;
