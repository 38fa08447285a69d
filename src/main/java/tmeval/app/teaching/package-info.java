/**
 * AIS taught on one short document: the weights across temperatures against the exact value, step by step, and the
 * two directions of ratio-AIS. Depends on common and the engine.
 */
package tmeval.app.teaching;
