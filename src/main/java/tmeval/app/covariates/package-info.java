/** The covariates screen: the per-document log ratio per token against a covariate, binned means and the test. */
package tmeval.app.covariates;
