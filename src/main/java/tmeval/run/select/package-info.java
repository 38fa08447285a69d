/**
 * Which K?: several models against one corpus (select), and the chain of ratio-AIS between models adjacent in K.
 */
package tmeval.run.select;
