package tmeval.io;

import java.util.List;

/** The {@code #} provenance lines files start with, compared between two files (shards of one run, snapshots of one series). */
public final class ProvenanceLines {
    private ProvenanceLines() {
    }

    /**
     * Where two files' provenance lines first differ, in words, or null when they are the same.
     *
     * @param referenceName the file {@code reference} came from, as the message names it
     */
    public static String firstDifference(List<String> reference, List<String> other, String referenceName) {
        for (int i = 0; i < Math.max(reference.size(), other.size()); i++) {
            String mine = i < other.size() ? other.get(i) : "(none)";
            String theirs = i < reference.size() ? reference.get(i) : "(none)";
            if (!mine.equals(theirs)) {
                return "its provenance has '" + mine + "' where " + referenceName + " has '" + theirs + "'";
            }
        }
        return null;
    }
}
