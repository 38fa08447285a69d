package tmeval.cli;

import tmeval.io.InputException;
import tmeval.io.MalletBeta;
import tmeval.io.MatrixModelFormat;
import tmeval.io.ModelLoader;
import tmeval.model.TopicModel;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options that say how to read one model file (alpha file, beta, vocabulary, matrix header, renormalise), under
 * the names a command gives them: {@code estimate}'s plain names, {@code compare}'s {@code -a}/{@code -b} for each
 * side, {@code select}'s {@code -I} for its I-th model. The one parser of model options: every command reads its
 * models through {@link #load}.
 */
record ModelOptions(String alphaFile, String beta, String betaFrom, String vocabFile, String matrixHeader, String renormalize) {
    /** {@code estimate}, {@code info}, {@code calibrate}: one model. */
    static final ModelOptions PLAIN = new ModelOptions("alpha-file", "beta", "beta-from", "vocab-file", "matrix-header", "renormalize");

    /** The suffix {@code select}'s help shows for "the I-th model". */
    static final String INDEX = "I";

    private static final Pattern PLAIN_NAME = Pattern.compile("--(alpha-file|beta-from|beta|vocab-file|matrix-header|renormalize)(?![\\w-])");

    /** {@code compare}'s model A or B ({@code side} a or b): alpha and beta per side, the matrix options shared. */
    static ModelOptions side(String side) {
        return new ModelOptions("alpha-file-" + side, "beta-" + side, "beta-from-" + side, PLAIN.vocabFile, PLAIN.matrixHeader, PLAIN.renormalize);
    }

    /** {@code select}'s I-th model (1-based; {@link #INDEX} for its help): every option per model. */
    static ModelOptions indexed(String index) {
        return new ModelOptions(PLAIN.alphaFile + "-" + index, PLAIN.beta + "-" + index, PLAIN.betaFrom + "-" + index,
                PLAIN.vocabFile + "-" + index, PLAIN.matrixHeader + "-" + index, PLAIN.renormalize + "-" + index);
    }

    /** The options under these names, with {@code whose} ("" or " of the I-th model") added to their help. */
    List<OptionSpec> specs(String whose) {
        return List.of(
                OptionSpec.input(alphaFile, "FILE", "alpha" + whose + " for a matrix or MALLET weights/counts model (K numbers, one for a"
                        + " symmetric prior, MALLET's --output-topic-keys file or its --output-state file's '#alpha :' line)"),
                OptionSpec.input(vocabFile, "FILE", String.format("vocabulary%s (one word per line) for a matrix without words", whose)),
                OptionSpec.value(matrixHeader, "yes|no", "whether a matrix's first line" + whose + " is a header of words (default: guessed;"
                        + " say yes when every word looks like a number)"),
                OptionSpec.value(beta, "B", "the beta MALLET trained" + whose + " with, for its --word-topic-counts-file output"),
                OptionSpec.input(betaFrom, "FILE", "instead of --" + beta + ": read that beta from MALLET's --output-state file (its '#beta :'"
                        + " line, exact) or train-topics' log (its last '[beta: X]', 5 decimals)"),
                OptionSpec.flag(renormalize, "rescale topics" + whose + " that do not sum to 1 (otherwise an error)"));
    }

    /** The files these options name (alpha, vocabulary, beta's file), by option name: inputs as much as the model. */
    Map<String, Path> inputs(Options o) {
        Map<String, Path> in = new java.util.LinkedHashMap<>();
        for (OptionSpec s : specs("")) {
            if (s.role() == OptionSpec.Role.INPUT && o.has(s.name())) {
                in.put(s.name(), o.path(s.name()));
            }
        }
        return in;
    }

    /** The model at {@code path}, read with these options; a loader's message names the options by these names. */
    ModelLoader.Loaded load(Options o, Path path) throws UsageException, InputException {
        ModelLoader.Spec spec = new ModelLoader.Spec(path, o.path(alphaFile), o.path(vocabFile), o.has(renormalize), beta(o), header(o));
        try {
            return ModelLoader.load(spec);
        } catch (InputException e) {
            if (this.equals(PLAIN)) {
                throw e;
            }
            throw new InputException(e.file(), e.line(), renamed(e.reason()), e);
        }
    }

    /**
     * Refuses a model of another family than LDA to a command built on LDA's Dirichlet and mixture (calibrate, coherence,
     * curve, perturb, bench): an input error naming the file, what the command needs and what evaluates such a model.
     */
    static void requireLda(String command, TopicModel model, Path path) throws InputException {
        if (!model.isLda()) {
            throw InputException.ofFile(path, command + " needs an LDA (a Dirichlet prior and a mixture of topics); model " + model.name()
                    + " is " + model.family() + ", which estimate, compare and select evaluate (estimators.md, \"Model families\")");
        }
    }

    /** {@code --beta B} or {@code --beta-from FILE} (never both): a positive number, or NaN when neither is given. */
    double beta(Options o) throws UsageException, InputException {
        if (o.has(beta) && o.has(betaFrom)) {
            throw new UsageException("--" + beta + " and --" + betaFrom + " both give beta; give one");
        }
        if (o.has(betaFrom)) {
            return MalletBeta.read(o.path(betaFrom));
        }
        return o.has(beta) ? o.real(beta, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE) : Double.NaN;
    }

    private MatrixModelFormat.Header header(Options o) throws UsageException {
        try {
            return MatrixModelFormat.Header.parse(o.string(matrixHeader, "auto"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(renamed(e.getMessage()));
        }
    }

    /** A loader's message, which names the plain options, with this command's names for them. */
    private String renamed(String reason) {
        Map<String, String> names = Map.of("alpha-file", alphaFile, "beta-from", betaFrom, "beta", beta, "vocab-file", vocabFile,
                "matrix-header", matrixHeader, "renormalize", renormalize);
        Matcher m = PLAIN_NAME.matcher(reason);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement("--" + names.get(m.group(1))));
        }
        return m.appendTail(sb).toString();
    }
}
