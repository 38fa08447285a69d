/**
 * Throughput measurement for {@code tmeval bench}. Depends on run and the engine.
 */
package tmeval.bench;
