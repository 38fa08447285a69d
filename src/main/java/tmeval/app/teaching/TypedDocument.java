package tmeval.app.teaching;

import tmeval.model.Corpus;
import tmeval.model.Document;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A document the student types into the teaching screen: the id of any document of the held-out corpus (of any length),
 * or words separated by spaces, read onto the corpus's vocabulary (model A's); words the vocabulary lacks
 * are named, never silently dropped. No JavaFX.
 */
final class TypedDocument {
    private static final int ID_WORDS = 4;

    /** The document (null when there is none) and what to tell the student about it. */
    record Parsed(Document document, String note) {
    }

    private TypedDocument() {
    }

    static Parsed parse(String text, Corpus corpus) {
        String typed = text == null ? "" : text.strip();
        if (typed.isEmpty()) {
            return new Parsed(null, "Type a document's id, or some words.");
        }
        if (corpus == null) {
            return new Parsed(null, "Load a held-out corpus first: typed words are read onto its vocabulary.");
        }
        for (Document d : corpus.documents()) {
            if (d.id().equals(typed)) {
                return new Parsed(d, "Document " + d.id() + " of the corpus (" + d.length() + " tokens).");
            }
        }
        List<Integer> ids = new ArrayList<>();
        Set<String> unknown = new LinkedHashSet<>();
        List<String> known = new ArrayList<>();
        // words as the vocabulary spells them, or in lower case as the text reader folds them
        for (String w : typed.split("\\s+")) {
            int id = corpus.vocabulary().id(w);
            if (id < 0) {
                id = corpus.vocabulary().id(w.toLowerCase(Locale.ROOT));
            }
            if (id < 0) {
                unknown.add(w);
            } else {
                ids.add(id);
                known.add(w);
            }
        }
        String left = unknown.isEmpty() ? "" : " Not in the model's vocabulary, left out: " + String.join(", ", unknown) + ".";
        if (ids.isEmpty()) {
            return new Parsed(null, "No document has that id, and none of its words is in the model's vocabulary." + left);
        }
        String id = "typed: " + String.join(" ", known.subList(0, Math.min(ID_WORDS, known.size()))) + (known.size() > ID_WORDS ? " ..." : "");
        Document d = new Document(id, ids.stream().mapToInt(Integer::intValue).toArray());
        return new Parsed(d, "Typed document, " + d.length() + " tokens." + left);
    }
}
