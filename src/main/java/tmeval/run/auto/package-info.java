/**
 * The auto method: a pilot that measures the candidates and chooses by variance times work, then escalation per document and, for one model, fallback to the runners-up. Above output, below select.
 */
package tmeval.run.auto;
