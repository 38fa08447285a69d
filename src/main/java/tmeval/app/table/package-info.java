/**
 * The variance table (Foulds and Smyth, Tables 1 and 2), with the convergence verdicts; copy and CSV export.
 * Depends on common, compare and run.
 */
package tmeval.app.table;
