/**
 * Two-model comparisons: ratio-AIS in both directions and the differenced baselines, their registry {@link
 * tmeval.compare.ComparisonMethods}, topic alignment (Hungarian), the forward/reverse convergence check and the summary
 * tables of Foulds and Smyth. Depends on estimate, anneal, sampling and model.
 */
package tmeval.compare;
