/**
 * Covariates: the per-document log ratio per token of a comparison against document covariates (built-in ones from the
 * models and the corpus, and a metadata file's columns), binned means and a random-effects meta-regression
 * (covariates.md).
 */
package tmeval.run.covariates;
