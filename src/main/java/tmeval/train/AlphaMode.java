package tmeval.train;

import java.util.Locale;

/** How the trainer treats the document-topic prior alpha. */
public enum AlphaMode {
    /** Asymmetric alpha optimised during training (Minka's fixed point, as MALLET's --optimize-interval). */
    ASYMMETRIC,
    /** Symmetric alpha whose concentration is learned; every alpha_k stays equal. */
    SYMMETRIC,
    /** alpha_k = alphaSum / K throughout. */
    FIXED;

    public static AlphaMode parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "asymmetric" -> ASYMMETRIC;
            case "symmetric" -> SYMMETRIC;
            case "fixed" -> FIXED;
            default -> throw new IllegalArgumentException("unknown alpha mode '" + s + "' (asymmetric, symmetric, fixed)");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
