/**
 * The one annealing loop ({@link tmeval.anneal.AnnealingEngine}) and its paths: prior to posterior, geometric and
 * convex between two models, and iteration segments; schedules of inverse temperatures. Depends on sampling and model.
 */
package tmeval.anneal;
