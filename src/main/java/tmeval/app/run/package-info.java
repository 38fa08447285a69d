/**
 * The run screen: the comparison form (which fills a {@code ComparisonPlan}, as the command line does), the cost
 * preview, the queue, progress, ETA and cancel. Depends on common, run and the engine.
 */
package tmeval.app.run;
