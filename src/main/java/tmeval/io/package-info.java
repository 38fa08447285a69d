/**
 * One reader or writer per file format (native TSV, MALLET state, topic-word matrices, UCI, LDA-C, token lines, raw
 * text), every input error as an {@link tmeval.io.InputException} naming the file and line, and {@link
 * tmeval.io.OutputFile}, through which every file the tool writes goes. Depends on model only.
 */
package tmeval.io;
