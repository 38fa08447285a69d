/**
 * The command line: option parsing, the checks every output gets before any work, and printing. No estimator logic;
 * depends on run, io and the engine, never on app or JavaFX.
 */
package tmeval.cli;
