package tmeval.io;

import tmeval.model.LibraryNumbers;
import tmeval.model.LibraryNumbers.Library;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The library's own numbers in a native model file (formats.md, "The libraries' own numbers"): comment lines before the
 * prior, which every reader of the format skips (so a file with them reads in every version, and a file without them
 * is as before), written by {@code tmeval_export}:
 * <pre>
 * # library-bound	library	scikit-learn|gensim
 * # library-bound	lambda-sums	s_1 ... s_K
 * # library-bound	eta	e  (or e_1 ... e_V)
 * # library-bound	e-step	ITERATIONS	TOLERANCE
 * # library-reported	KIND	PERPLEXITY	DOCUMENTS	TOKENS	SOURCE
 * </pre>
 * All four {@code library-bound} lines or none; each problem an input error at its line.
 */
public final class LibraryLines {
    static final String BOUND = "# library-bound";
    static final String REPORTED = "# library-reported";

    private LibraryLines() {
    }

    /** The numbers a native model file carries; {@link LibraryNumbers#NONE} for another format, a directory or a file without them. */
    public static LibraryNumbers read(Path path) throws InputException {
        if (java.nio.file.Files.isDirectory(path)) {
            return LibraryNumbers.NONE; // a model series: its snapshots are tmeval's own
        }
        try (LineReader in = LineReader.open(path)) {
            String line = in.next();
            if (line == null || !line.equals(NativeModelFormat.MAGIC)) {
                return LibraryNumbers.NONE;
            }
            Library library = null;
            double[] sums = null;
            double[] eta = null;
            int iterations = -1;
            double tolerance = Double.NaN;
            List<LibraryNumbers.Reported> reported = new ArrayList<>();
            // the comment lines come before the prior's first line; a word line (or the prior) ends them
            while ((line = in.next()) != null && line.startsWith("#") && !line.startsWith(PriorHeader.ALPHA)
                    && !line.startsWith(PriorHeader.PRIOR) && !line.startsWith(PriorHeader.DECODER)) {
                String[] f = line.split("\t", -1);
                if (f[0].equals(REPORTED)) {
                    reported.add(reported(in, f));
                } else if (f[0].equals(BOUND)) {
                    if (f.length < 3) {
                        throw in.error("a '" + BOUND + "' line needs a key and values");
                    }
                    switch (f[1]) {
                        case "library" -> {
                            library = Library.of(f[2]);
                            if (library == null || f.length != 3) {
                                throw in.error("library '" + Numbers.abbreviate(f[2]) + "': the bound is recomputed for scikit-learn and gensim");
                            }
                        }
                        case "lambda-sums" -> sums = positives(in, f, "lambda row sum");
                        case "eta" -> eta = positives(in, f, "eta");
                        case "e-step" -> {
                            if (f.length != 4) {
                                throw in.error("'e-step' holds the most iterations and the tolerance, found " + (f.length - 2) + " values");
                            }
                            iterations = Numbers.parseInt(in, f[2], "the E-step's most iterations", 1, Integer.MAX_VALUE);
                            tolerance = Numbers.parsePositive(in, f[3], "the E-step's tolerance");
                        }
                        default -> throw in.error("unknown '" + BOUND + "' key '" + Numbers.abbreviate(f[1])
                                + "' (library, lambda-sums, eta, e-step)");
                    }
                }
            }
            if (library == null && sums == null && eta == null && iterations < 0) {
                return new LibraryNumbers(null, reported);
            }
            if (library == null || sums == null || eta == null || iterations < 0) {
                throw InputException.ofFile(path, "the '" + BOUND + "' lines are incomplete: library, lambda-sums, eta and e-step are all"
                        + " needed to recompute the library's bound");
            }
            return new LibraryNumbers(new LibraryNumbers.Variational(library, sums, eta, iterations, tolerance), reported);
        }
    }

    private static double[] positives(LineReader in, String[] f, String what) throws InputException {
        double[] v = new double[f.length - 2];
        for (int i = 0; i < v.length; i++) {
            v[i] = Numbers.parsePositive(in, f[i + 2], what + " " + (i + 1));
        }
        return v;
    }

    private static LibraryNumbers.Reported reported(LineReader in, String[] f) throws InputException {
        if (f.length < 5) {
            throw in.error("a '" + REPORTED + "' line holds KIND, PERPLEXITY, DOCUMENTS, TOKENS and optionally its source");
        }
        LibraryNumbers.Kind kind = LibraryNumbers.Kind.of(f[1]);
        if (kind == null) {
            throw in.error("unknown kind '" + Numbers.abbreviate(f[1]) + "' (elbo-perplexity, completion-perplexity, perplexity)");
        }
        double perplexity = Numbers.parsePositive(in, f[2], "the reported perplexity");
        int documents = Numbers.parseInt(in, f[3], "the documents it covered", 1, Integer.MAX_VALUE);
        long tokens = Numbers.parseLong(in, f[4], "the tokens it covered");
        if (tokens < 1) {
            throw in.error("the tokens it covered must be at least 1, found " + tokens);
        }
        String source = f.length > 5 ? String.join(" ", java.util.Arrays.copyOfRange(f, 5, f.length)).strip() : "";
        return new LibraryNumbers.Reported(kind, perplexity, documents, tokens, source);
    }
}
