/**
 * The JavaFX workbench: one package per screen (inputs, run, scatter, table, curves, document, teaching), each an
 * XxxView that lays out and binds and an XxxViewModel that holds the state and logic (no javafx.scene: tested without
 * a window), the shared {@code common} package, and the {@code shell} that holds the window together. Screens do not
 * import each other (ArchitectureTest); the work itself is the engine's, reached through {@code run}.
 */
package tmeval.app;
