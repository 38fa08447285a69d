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
 * @param corpusDocuments documents in the whole corpus
 * @param sha256 hex SHA-256 of the shard's documents, each as its escaped docId, a tab, its N and a line break
 */
public record ShardDocuments(int corpusDocuments, String sha256) {
    private static final String COUNT = "corpus-documents:";
    private static final String DIGEST = "documents-sha256:";

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

    /** The fields after the shard's {@code I/N} on its line. */
    public String text() {
        return COUNT + corpusDocuments + "\t" + DIGEST + sha256;
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
        int documents;
        try {
            documents = Integer.parseInt(fields.get(0).substring(COUNT.length()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the corpus's documents in a '# shard' line are not a whole number: '" + fields.get(0) + "'");
        }
        if (documents < 0) {
            throw new IllegalArgumentException("a negative number of documents in a '# shard' line: '" + fields.get(0) + "'");
        }
        return new ShardDocuments(documents, fields.get(1).substring(DIGEST.length()));
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
