/**
 * The per-document scatter (Foulds and Smyth, Figure 1): forward against reverse, far-from-diagonal documents flagged
 * by the engine's one check. Depends on common, compare and run.
 */
package tmeval.app.scatter;
