/**
 * Cancel tokens and progress callbacks, shared by every long job. Depends on nothing.
 */
package tmeval.progress;
