/**
 * The brackets of the ratio paths run both ways: each document's forward (lower) and reverse (upper) estimate of the
 * log ratio, documents sorted by the middle of their bracket, coloured by the verdict the table counts. Depends on
 * common, compare and run.
 */
package tmeval.app.brackets;
