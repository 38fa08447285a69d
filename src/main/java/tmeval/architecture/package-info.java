/**
 * Marks that hold a class to, or excuse it from, one of the rules of {@code ArchitectureTest}, written on the class
 * concerned (JabRef's {@code @AllowedToUseSwing} habit) instead of a list of names inside the rule: the README names
 * the mark, the rule reads it, and the class carries it, so the three cannot drift apart. Depends on nothing, and every
 * package may use it.
 */
package tmeval.architecture;
