/**
 * Iteration curves (Foulds and Smyth, Figure 2) over the snapshots of a training run, built from a {@code CurvePlan}.
 * Depends on common, run and the engine.
 */
package tmeval.app.curves;
