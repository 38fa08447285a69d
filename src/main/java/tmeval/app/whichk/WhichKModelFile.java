package tmeval.app.whichk;

import tmeval.io.InputException;
import tmeval.io.MalletBeta;
import tmeval.io.MatrixModelFormat;
import tmeval.io.ModelLoader;
import tmeval.model.TopicModel;

import java.nio.file.Path;

/**
 * A model file for the Which K? list with the options {@code estimate} takes for its {@code --model} (and
 * {@code select} per model): an alpha file, a vocabulary file, whether a matrix's first line is a header, beta as a
 * number or read from a MALLET state or train-topics log ({@link MalletBeta}), and renormalising. The dialog fills it
 * as the user typed it; {@link #read} checks it and reads the model, off the FX thread.
 *
 * @param alphaFile      null for none
 * @param vocabularyFile null for none
 * @param header         {@code auto}, {@code yes} or {@code no}
 * @param beta           a positive number as typed, or blank for none
 * @param betaFrom       a MALLET state or train-topics log to read beta from, or null
 */
public record WhichKModelFile(Path model, Path alphaFile, Path vocabularyFile, String header, String beta, Path betaFrom, boolean renormalize) {
    /** A file with no options: what {@code select --models F} reads. */
    public static WhichKModelFile of(Path model) {
        return new WhichKModelFile(model, null, null, "auto", "", null, false);
    }

    /**
     * The model these options read, as {@code estimate} reads it.
     *
     * @throws IllegalArgumentException for a beta that is not a positive number, beta given twice, or another header
     */
    TopicModel read() throws InputException {
        return ModelLoader.read(new ModelLoader.Spec(model, alphaFile, vocabularyFile, renormalize, betaValue(), MatrixModelFormat.Header.parse(header)));
    }

    private double betaValue() throws InputException {
        boolean typed = beta != null && !beta.isBlank();
        if (typed && betaFrom != null) {
            throw new IllegalArgumentException("beta is typed (" + beta.strip() + ") and also to be read from " + betaFrom.getFileName()
                    + "; give one");
        }
        if (betaFrom != null) {
            return MalletBeta.read(betaFrom);
        }
        if (!typed) {
            return Double.NaN;
        }
        try {
            double b = Double.parseDouble(beta.strip());
            if (b > 0 && Double.isFinite(b)) {
                return b;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("beta must be a positive number, was '" + beta.strip() + "'");
    }
}
