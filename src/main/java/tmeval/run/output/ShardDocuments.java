package tmeval.run.output;

import tmeval.run.plan.Shard;

import tmeval.model.Corpus;
import tmeval.model.Document;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * What a shard's {@code # shard} line records of its documents, so that {@code merge} can vouch for its rows: how many
 * documents the whole corpus has as the command evaluated it (after the model's vocabulary and {@code --min-tokens}),
 * and the SHA-256 of this shard's documents as its rows name them (docId and N, in corpus order). A document lost,
 * added, duplicated or moved, or an edited docId or N, changes one or the other; and the check needs no corpus file.
 *
 * A {@code select} shard holds every model's documents, each model's corpus mapped onto its own vocabulary: its record
 * counts each model's corpus ({@code corpus-documents:D1,D2,...}) and hashes every model's documents in turn, each docId
 * preceded by its model's number and a tab ({@link #ofSelection}).
 *
 * @param corpusDocuments documents in the whole corpus (for a selection, in every model's corpus together)
 * @param sha256 hex SHA-256 of the shard's documents, each as its escaped docId, a tab, its N and a line break
 * @param modelDocuments for a selection, the documents of each model's corpus, in the models' order; else empty
 */
public record ShardDocuments(int corpusDocuments, String sha256, List<Integer> modelDocuments) {
    private static final String COUNT = "corpus-documents:";
    private static final String DIGEST = "documents-sha256:";

    public ShardDocuments {
        modelDocuments = List.copyOf(modelDocuments);
    }

    /** The record of a single corpus's shard. */
    public ShardDocuments(int corpusDocuments, String sha256) {
        this(corpusDocuments, sha256, List.of());
    }

    /**
     * The record of {@code shard}'s documents in {@code corpus}.
     *
     * @param rowTokens the N a document of this length has in the rows (the tokens the method scores)
     */
    public static ShardDocuments of(Corpus corpus, Shard shard, IntUnaryOperator rowTokens) {
        Digest digest = new Digest();
        for (int p : shard.positions(corpus.size())) {
            Document doc = corpus.document(p);
            digest.add(Provenance.escape(doc.id()), rowTokens.applyAsInt(doc.length()));
        }
        return new ShardDocuments(corpus.size(), digest.hex());
    }

    /**
     * The record of {@code shard}'s documents in each model's corpus of a selection (models in order).
     *
     * @param rowTokens for each model, the N a document of a length has in its rows
     */
    public static ShardDocuments ofSelection(List<Corpus> corpora, Shard shard, List<IntUnaryOperator> rowTokens) {
        Digest digest = new Digest();
        List<Integer> sizes = new java.util.ArrayList<>();
        for (int m = 0; m < corpora.size(); m++) {
            Corpus corpus = corpora.get(m);
            for (int p : shard.positions(corpus.size())) {
                Document doc = corpus.document(p);
                digest.add(selectionKey(m, Provenance.escape(doc.id())), rowTokens.get(m).applyAsInt(doc.length()));
            }
            sizes.add(corpus.size());
        }
        return new ShardDocuments(sizes.stream().mapToInt(Integer::intValue).sum(), digest.hex(), sizes);
    }

    /** How a selection's record names a document of model {@code model} (from 0): the model's number, a tab, its docId. */
    public static String selectionKey(int model, String escapedId) {
        return (model + 1) + "\t" + escapedId;
    }

    /** Whether this records a selection's shard (each model's corpus counted). */
    public boolean selection() {
        return !modelDocuments.isEmpty();
    }

    /** The fields after the shard's {@code I/N} on its line. */
    public String text() {
        return COUNT + (selection() ? String.join(",", modelDocuments.stream().map(String::valueOf).toList()) : Integer.toString(corpusDocuments))
                + "\t" + DIGEST + sha256;
    }

    /**
     * The record in the fields that follow {@code I/N} on a shard line, or null when there are none (a shard written
     * before shards recorded their documents).
     *
     * @throws IllegalArgumentException when the fields are not this record
     */
    static ShardDocuments parse(List<String> fields) {
        if (fields.isEmpty()) {
            return null;
        }
        if (fields.size() != 2 || !fields.get(0).startsWith(COUNT) || !fields.get(1).startsWith(DIGEST)
                || !fields.get(1).substring(DIGEST.length()).matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a '# shard' line is I/N, " + COUNT + "D and " + DIGEST + "HEX, was '" + String.join("\t", fields) + "'");
        }
        List<Integer> counts = new java.util.ArrayList<>();
        long documents = 0;
        for (String count : fields.get(0).substring(COUNT.length()).split(",", -1)) {
            int n;
            try {
                n = Integer.parseInt(count);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the corpus's documents in a '# shard' line are not a whole number: '" + fields.get(0) + "'");
            }
            if (n < 0) {
                throw new IllegalArgumentException("a negative number of documents in a '# shard' line: '" + fields.get(0) + "'");
            }
            counts.add(n);
            documents += n;
        }
        if (documents > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("more documents than a corpus can hold in a '# shard' line: '" + fields.get(0) + "'");
        }
        // one count is one corpus's; several are a selection's, one per model
        return new ShardDocuments((int) documents, fields.get(1).substring(DIGEST.length()), counts.size() > 1 ? counts : List.of());
    }

    /** The SHA-256 of documents given one by one, as {@link #of} computes it. */
    public static final class Digest {
        private final MessageDigest md;

        public Digest() {
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has SHA-256", e);
            }
        }

        /** @param escapedId the docId as the rows have it */
        public void add(String escapedId, long tokens) {
            md.update((escapedId + "\t" + tokens + "\n").getBytes(StandardCharsets.UTF_8));
        }

        public String hex() {
            return HexFormat.of().formatHex(md.digest());
        }
    }
}
