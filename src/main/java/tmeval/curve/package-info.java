/**
 * Iteration-AIS (Foulds and Smyth Eq. 8-9): AIS runs carried from one snapshot of a training run to the next.
 * Depends on anneal, sampling, model and estimate (for its name in the registry).
 */
package tmeval.curve;
