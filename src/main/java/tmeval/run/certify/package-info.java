/**
 * The verdict every per-document value carries (estimators.md, "Certified answers"): whether it is certified and, when
 * it is not, why. One rule for files, summaries and views alike, a function of a document's rows only, so that
 * {@code merge} and the workbench reach the verdict the command line wrote.
 */
package tmeval.run.certify;
