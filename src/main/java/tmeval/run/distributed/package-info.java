/**
 * Beyond one machine: the command lines and shard scripts of a plan, and merge, which vouches for every shard's rows.
 */
package tmeval.run.distributed;
