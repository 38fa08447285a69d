/**
 * The inputs screen: models A and B, the held-out corpus and a model series, read in background tasks that can be
 * stopped; recent files per slot. Depends on common, io and the engine.
 */
package tmeval.app.inputs;
