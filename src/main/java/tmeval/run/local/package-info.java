/**
 * What tmeval keeps under ~/.tmeval: the measured throughput rates and the extracted sample data.
 */
package tmeval.run.local;
