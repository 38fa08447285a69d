/**
 * The one entry of a comparison, whatever its mode (Stan's services layer: one function per algorithm, the front ends
 * pass callbacks): the command line, the workbench and the Spark driver call it and decide nothing themselves. Above
 * auto and the runners, below the front ends.
 */
package tmeval.run.services;
