/**
 * Jobs: the plans ({@link tmeval.run.EstimatePlan}, {@link tmeval.run.ComparisonPlan}, {@link tmeval.run.CurvePlan}) that
 * hold every default once, the runners that evaluate documents in parallel with per-(document, run, method) seeds,
 * cost and throughput, and the writers of every output (provenance lines, rows). Used by cli and app alike; depends on
 * the engine and io, never on JavaFX.
 */
package tmeval.run;
