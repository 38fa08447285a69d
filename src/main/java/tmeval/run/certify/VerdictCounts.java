package tmeval.run.certify;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** Documents counted by method and by the reason of their verdict: what every summary says about certification. */
public final class VerdictCounts {
    /**
     * The share of its documents a method must certify before its answer is called settled: below it, most of the method's
     * documents are noise or unconverged, and its corpus answer is said to be unsettled wherever it is shown.
     */
    public static final double SETTLED_SHARE = 0.5;

    private final Map<String, EnumMap<Reason, Integer>> counts = new LinkedHashMap<>();

    public void add(String method, Verdict verdict) {
        counts.computeIfAbsent(method, m -> new EnumMap<>(Reason.class)).merge(verdict.reason(), 1, Integer::sum);
    }

    /** Documents of the method with a verdict. */
    public int documents(String method) {
        return counts.getOrDefault(method, new EnumMap<>(Reason.class)).values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Documents of the method certified. */
    public int certified(String method) {
        return counts.getOrDefault(method, new EnumMap<>(Reason.class)).entrySet().stream().filter(e -> e.getKey().certified())
                .mapToInt(Map.Entry::getValue).sum();
    }

    /** Whether the method certifies at least {@link #SETTLED_SHARE} of its documents (none with no documents). */
    public boolean settled(String method) {
        int documents = documents(method);
        return documents > 0 && certified(method) >= SETTLED_SHARE * documents;
    }

    /** The documents of a method with this reason. */
    public int count(String method, Reason reason) {
        return counts.getOrDefault(method, new EnumMap<>(Reason.class)).getOrDefault(reason, 0);
    }

    public java.util.Set<String> methods() {
        return counts.keySet();
    }

    /** One line per method: how many documents are certified, and why the others are not. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        for (String method : counts.keySet()) {
            sb.append(line(method)).append('\n');
        }
        return sb.toString();
    }

    /** The line of one method. */
    public String line(String method) {
        StringBuilder sb = new StringBuilder();
        sb.append("certified ").append(method).append(": ").append(certified(method)).append(" of ").append(documents(method))
                .append(" documents");
        String not = "";
        for (Map.Entry<Reason, Integer> e : counts.get(method).entrySet()) {
            if (!e.getKey().certified()) {
                not += (not.isEmpty() ? "" : ", ") + e.getValue() + " " + e.getKey().words();
            }
        }
        if (!not.isEmpty()) {
            sb.append("; not certified: ").append(not);
        }
        return sb.toString();
    }
}
