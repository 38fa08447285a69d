/**
 * One document in detail: its words under A and B, every estimate so far, the forward/reverse gap and the annealing
 * traces. Depends on common, run and the engine.
 */
package tmeval.app.document;
