/**
 * The collapsed Gibbs trainer (SparseLDA buckets), hyper-parameter optimisation, snapshots and the perturbation of
 * Foulds and Smyth Section 4.1. Depends on sampling and model.
 */
package tmeval.train;
