/**
 * What a run is, before it runs: the plans (estimate, compare, curve) that hold every default once and round-trip through their settings, the rules of every setting, a shard's documents, the adaptive budget. Depends on no other part of run.
 */
package tmeval.run.plan;
