/**
 * Immutable data: vocabularies, documents, corpora, topic models (phi, alpha), model series and training states.
 * Depends on nothing else in tmeval.
 */
package tmeval.model;
