/**
 * Jobs, in sub-packages from the bottom up, each depending only on those before it (ArchitectureTest): {@code plan}
 * (what to run), {@code exec} (the runners), {@code certify} (the verdict on a document's runs), {@code output} (every
 * file written and read back), {@code covariates}, {@code auto}, {@code select} (Which K?), {@code cost}, {@code local}
 * (~/.tmeval) and {@code distributed} (shards and merge). Used by cli and app alike; depends on the engine and io,
 * never on JavaFX.
 */
package tmeval.run;
