/**
 * A comparison's results as a report to share: one self-contained HTML page (answer, figures as inline SVG, variance
 * table, certification, curves, provenance) and the variance table as a LaTeX booktabs table. Reads results through
 * {@code run.output}'s readers; draws with JFreeChart's SVG writer but never JavaFX; knows nothing of its front ends.
 */
package tmeval.report;
