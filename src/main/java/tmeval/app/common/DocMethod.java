package tmeval.app.common;

import tmeval.architecture.UsesNoJavaFx;

/** A document (its index in the corpus) and a method: the key of an adaptive round, which covers both directions. */
@UsesNoJavaFx
public record DocMethod(int document, String method) {
}
