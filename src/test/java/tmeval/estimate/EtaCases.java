package tmeval.estimate;

import tmeval.FamilyFixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.util.ArrayList;
import java.util.List;

/** Models of the logistic-normal families at K = 2 and 3 and documents drawn from them, with log P(w) by quadrature. */
final class EtaCases {
    /** A model, a document and its exact log P(w). */
    record Case(String name, TopicModel model, Document document, double exact) {
        @Override
        public String toString() {
            return name;
        }
    }

    private EtaCases() {
    }

    private static List<Case> all;

    /** Every shape of {@link FamilyFixtures#allShapes()}, V = 12, documents of 1, 6 and 15 tokens (made once per test run). */
    static synchronized List<Case> all() {
        if (all == null) {
            all = of(new int[] {1, 6, 15});
        }
        return all;
    }

    /** Every shape with documents of the given lengths. */
    static List<Case> of(int[] lengths) {
        List<Case> cases = new ArrayList<>();
        long seed = 100;
        for (FamilyFixtures.Shape shape : FamilyFixtures.allShapes()) {
            TopicModel model = FamilyFixtures.model(shape.toString(), shape, 12, 1.0, seed++);
            for (int length : lengths) {
                Document doc = FamilyFixtures.generate(model, 1, length, seed++).document(0);
                cases.add(new Case(shape + " N" + length, model, doc, exact(model, doc)));
            }
        }
        return cases;
    }

    static double exact(TopicModel model, Document doc) {
        return EtaQuadrature.logProbability(DocumentView.of(doc), model, new CancelToken());
    }
}
