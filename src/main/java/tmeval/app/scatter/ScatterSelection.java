package tmeval.app.scatter;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.model.Corpus;

import java.util.List;
import java.util.function.IntFunction;

/**
 * The scatter's selection: the document every screen highlights, its points among those drawn (marked on the plot,
 * named in the legend), a click or a search by document id that selects a document and opens it.
 */
public final class ScatterSelection {
    private final Results results;
    private final IntegerProperty selectedDocument;
    private final Runnable openDocument;
    /** The drawn points (of the visible methods) of a document. */
    private final IntFunction<List<PairedEstimate>> drawnOf;
    private final ReadOnlyObjectWrapper<List<PairedEstimate>> selectedPoints = new ReadOnlyObjectWrapper<>(List.of());
    private final StringProperty search = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper searchMessage = new ReadOnlyStringWrapper("");

    ScatterSelection(Results results, IntegerProperty selectedDocument, Runnable openDocument, IntFunction<List<PairedEstimate>> drawnOf) {
        this.results = results;
        this.selectedDocument = selectedDocument;
        this.openDocument = openDocument;
        this.drawnOf = drawnOf;
        selectedDocument.addListener((o, a, b) -> refresh());
    }

    /** The selected document's points again: the points or the methods drawn changed. */
    void refresh() {
        int d = selectedDocument.get();
        List<PairedEstimate> out = d >= 0 ? List.copyOf(drawnOf.apply(d)) : List.of();
        if (!out.equals(selectedPoints.get())) {
            selectedPoints.set(out);
        }
    }

    /** A click on a point: the document screen shows its document. */
    public void open(PairedEstimate p) {
        selectedDocument.set(p.document());
        openDocument.run();
    }

    /** Finds the document whose id is the search text, selects it and opens it; says so when there is none. */
    public void find() {
        Corpus corpus = results.corpus();
        String id = search.get() == null ? "" : search.get().strip();
        if (corpus == null || id.isEmpty()) {
            searchMessage.set(corpus == null ? "no corpus loaded" : "type a document id");
            return;
        }
        for (int d = 0; d < corpus.size(); d++) {
            if (corpus.document(d).id().equals(id)) {
                searchMessage.set("");
                selectedDocument.set(d);
                openDocument.run();
                return;
            }
        }
        searchMessage.set("no document " + id + " in the corpus");
    }

    /** The legend of the selected document's points. */
    public String label() {
        List<PairedEstimate> s = selectedPoints.get();
        return s.isEmpty() ? "selected document" : "selected: " + s.get(0).documentId();
    }

    /** The points of the selected document in the visible methods (highlighted in the plot). */
    public ReadOnlyObjectProperty<List<PairedEstimate>> pointsProperty() {
        return selectedPoints.getReadOnlyProperty();
    }

    public StringProperty searchProperty() {
        return search;
    }

    /** Why the last search found nothing, or empty. */
    public ReadOnlyStringProperty searchMessageProperty() {
        return searchMessage.getReadOnlyProperty();
    }
}
