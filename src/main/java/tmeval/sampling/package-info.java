/**
 * The shared machinery of every Monte Carlo estimator: a document view restricted to its own words, a topic
 * assignment state, Gibbs sweeps, sparse draws, seeded random streams, Dirichlet draws and log-space arithmetic.
 * Depends on model.
 */
package tmeval.sampling;
