/**
 * The cost model: a plan's predicted Gibbs site updates and seconds, from the measured rates.
 */
package tmeval.run.cost;
