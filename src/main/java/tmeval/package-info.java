/**
 * tmeval: held-out likelihood estimators for LDA topic models and the tools around them. {@link tmeval.Main} starts the
 * command line ({@code cli}) or the workbench ({@code app}). Dependencies point one way (ArchitectureTest): app and cli
 * on run; run on the engine (estimate, anneal, compare, curve, train); the engine on sampling and model; io on model.
 */
package tmeval;
