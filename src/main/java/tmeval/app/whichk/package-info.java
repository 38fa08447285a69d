/**
 * The "which K?" screen: several models against one held-out corpus (run.select.ModelSelection, the engine of tmeval select),
 * plotted against K or by name with 95% intervals, with the pairwise decided counts.
 */
package tmeval.app.whichk;
