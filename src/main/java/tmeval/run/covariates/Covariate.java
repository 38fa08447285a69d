package tmeval.run.covariates;

import java.util.Map;

/**
 * A covariate of the documents, by document id: numeric (a number each) or categorical (a level each). A document
 * without a value for it is missing from its analysis, and counted there.
 *
 * @param name as shown ({@code length}, a metadata column's header)
 * @param source where it comes from ({@code built-in}, or the metadata file's name)
 * @param numbers the values of a numeric covariate, else null
 * @param levels the levels of a categorical covariate, else null
 */
public record Covariate(String name, String source, Map<String, Double> numbers, Map<String, String> levels) {
    public Covariate {
        if ((numbers == null) == (levels == null)) {
            throw new IllegalArgumentException("a covariate is numeric or categorical");
        }
    }

    public static Covariate numeric(String name, String source, Map<String, Double> numbers) {
        return new Covariate(name, source, numbers, null);
    }

    public static Covariate categorical(String name, String source, Map<String, String> levels) {
        return new Covariate(name, source, null, levels);
    }

    public boolean numeric() {
        return numbers != null;
    }

    public boolean has(String documentId) {
        return numeric() ? numbers.containsKey(documentId) : levels.containsKey(documentId);
    }
}
