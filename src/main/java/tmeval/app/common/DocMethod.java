package tmeval.app.common;

/** A document (its index in the corpus) and a method: the key of an adaptive round, which covers both directions. */
public record DocMethod(int document, String method) {
}
