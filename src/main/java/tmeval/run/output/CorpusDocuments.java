package tmeval.run.output;

import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.Tokenizer;
import tmeval.model.Corpus;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The documents of the corpus a comparison's results name, for their rows to be checked against (a row of a document the
 * corpus does not have is refused). Known only when the corpus is where the results say, with the SHA-256 they record:
 * another file vouches for nothing, and results are often read where their corpus is not (a merged file from a cluster).
 * The corpus is read as compare read it (its vocabulary file, its tokenising settings and stop list) and only its
 * documents' ids are kept.
 */
public final class CorpusDocuments {
    /** The corpus's role among the inputs, as compare's provenance names it. */
    public static final String CORPUS = "corpus";

    /**
     * What is known of the corpus's documents.
     *
     * @param ids       the ids of its documents, or null when they could not be checked
     * @param unchecked why not, in words (null when they were)
     */
    public record Known(Set<String> ids, String unchecked) {
        /** The test of a document id, or null when the corpus is not known. */
        public Predicate<String> test() {
            return ids == null ? null : ids::contains;
        }
    }

    private CorpusDocuments() {
    }

    /** The documents of the corpus these provenance lines record, with the companions and tokenising compare used. */
    public static Known of(Map<String, String> settings, List<ProvenanceHeader.Input> inputs) {
        ProvenanceHeader.Input corpus = input(inputs, CORPUS);
        if (corpus == null) {
            return new Known(null, "the results name no corpus");
        }
        ProvenanceHeader.Input vocabulary = input(inputs, "corpus-vocab");
        ProvenanceHeader.Input stopList = input(inputs, "stop-list");
        for (ProvenanceHeader.Input in : new ProvenanceHeader.Input[] {corpus, vocabulary, stopList}) {
            String why = unusable(in);
            if (why != null) {
                return new Known(null, why);
            }
        }
        try {
            Corpus read = CorpusLoader.read(new CorpusLoader.Spec(corpus.path(), CorpusLoader.Format.AUTO,
                    vocabulary == null ? null : vocabulary.path(), tokenizing(settings, stopList == null ? null : stopList.path())));
            Set<String> ids = new HashSet<>();
            read.documents().forEach(d -> ids.add(d.id()));
            return new Known(ids, null);
        } catch (InputException | IllegalArgumentException e) {
            return new Known(null, "the corpus could not be read as the results record it (" + e.getMessage() + ")");
        }
    }

    /** How raw text was tokenised, from the settings the provenance records and the stop list it names. */
    public static Tokenizer.Options tokenizing(Map<String, String> settings, Path stopList) {
        String minLength = settings.get(SettingName.MIN_TOKEN_LENGTH.key());
        return new Tokenizer.Options(stopList, settings.containsKey(SettingName.REMOVE_STOPWORDS.key()), settings.get(SettingName.TOKEN_REGEX.key()),
                minLength == null ? null : Integer.valueOf(minLength), settings.containsKey(SettingName.KEEP_CASE.key()));
    }

    private static ProvenanceHeader.Input input(List<ProvenanceHeader.Input> inputs, String role) {
        return inputs.stream().filter(i -> i.role().equals(role)).findFirst().orElse(null);
    }

    /** Why a recorded input cannot vouch for the documents: not there, no SHA-256 recorded, or another file now; null when it can. */
    private static String unusable(ProvenanceHeader.Input in) {
        if (in == null) {
            return null;
        }
        if (in.digest().startsWith("sha256:-")) {
            return "the " + in.role() + " " + in.path() + " has no SHA-256 recorded";
        }
        if (!java.nio.file.Files.isRegularFile(in.path()) && !java.nio.file.Files.isDirectory(in.path())) {
            return "the " + in.role() + " " + in.path() + " is not there";
        }
        try {
            return Provenance.digest(in.path()).equals(in.digest()) ? null
                    : "the " + in.role() + " " + in.path() + " has changed since (its SHA-256 differs)";
        } catch (IOException e) {
            return "the " + in.role() + " " + in.path() + " cannot be read (" + e.getMessage() + ")";
        }
    }
}
