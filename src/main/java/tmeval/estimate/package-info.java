/**
 * The single-model estimators of log P(w | Phi, alpha) (Wallach et al. 2009; Lee; document completion), each a small
 * immutable class, the exact evaluator for short documents, and their registry {@link tmeval.estimate.Methods}, the
 * one place their names and defaults are written. Depends on anneal, sampling and model.
 */
package tmeval.estimate;
