package tmeval.cli;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.io.InputException;
import tmeval.io.MalletStateFormat;
import tmeval.io.ModelLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.train.Perturbation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perturb}: the noisy copy of Foulds and Smyth Section 4.1. It re-assigns training tokens, so it needs
 * the assignments: a MALLET state (--state), or a model written by {@code train}, whose state lies beside it.
 */
final class PerturbCommand implements Command {
    @Override
    public String name() {
        return "perturb";
    }

    @Override
    public String summary() {
        return "make the perturbed copy of a model (re-assign a fraction of training tokens at random)";
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.input("model", "FILE", "model written by 'train' (its state FILE.state.gz must be beside it)"));
        o.add(OptionSpec.input("state", "FILE", "MALLET state file (--output-state) to perturb instead"));
        o.add(OptionSpec.value("fraction", "F", "fraction of tokens re-assigned (default " + Perturbation.DEFAULT_FRACTION + ")"));
        o.add(OptionSpec.value(SettingName.SEED.option(), "S", "random seed (default " + Perturbation.DEFAULT_SEED + ")"));
        o.add(OptionSpec.value("name", "TEXT", "name of the perturbed model"));
        o.add(OptionSpec.output("out", "FILE", "perturbed model to write"));
        o.add(OptionSpec.flag("no-state", "do not write the perturbed assignments beside it as FILE.state.gz"));
        return o;
    }

    @Override
    public Map<String, Path> derivedInputs(Options o) {
        return o.has("model") ? Map.of("the state beside --model", TrainCommand.stateFileFor(o.path("model"))) : Map.of();
    }

    @Override
    public Map<String, Path> derivedOutputs(Options o) throws UsageException, IOException {
        return TrainCommand.stateOutput(o);
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        if (o.has("model") == o.has("state")) {
            throw new UsageException("give exactly one of --model and --state");
        }
        Path outFile = o.requiredPath("out");
        double fraction = o.real("fraction", Perturbation.DEFAULT_FRACTION, 0, 1);
        long seed = o.whole(Setting.SEED, Perturbation.DEFAULT_SEED);
        TrainingState state;
        if (o.has("state")) {
            state = MalletStateFormat.read(o.path("state"));
        } else {
            Path modelFile = o.path("model");
            ModelLoader.Loaded loaded = ModelLoader.load(ModelLoader.Spec.of(modelFile));
            if (loaded.kind() == ModelLoader.Kind.MALLET_STATE) {
                throw InputException.ofFile(modelFile, "this is a MALLET state file: it carries the assignments itself, so pass it"
                        + " as --state " + modelFile + " instead of --model");
            }
            if (loaded.kind() != ModelLoader.Kind.NATIVE) {
                throw InputException.ofFile(modelFile, "perturbation re-assigns training tokens, and this model file has no"
                        + " assignments behind it; pass a MALLET state (--output-state) with --state, or a model written by 'train'");
            }
            TopicModel model = loaded.model();
            ModelOptions.requireLda(name(), model, modelFile);
            Path stateFile = TrainCommand.stateFileFor(modelFile);
            if (!Files.exists(stateFile)) {
                throw InputException.ofFile(modelFile, "perturbation re-assigns training tokens, but " + stateFile.getFileName()
                        + " (written by 'train') is not beside the model; pass a MALLET state with --state instead");
            }
            state = CoherenceCommand.assignments(stateFile, model, modelFile);
        }
        TrainingState perturbed = Perturbation.perturb(state, fraction, seed);
        String name = o.string("name", NativeModelFormat.defaultName(outFile));
        TrainCommand.writeModelAndState(perturbed.toModel(name), o.has("no-state") ? null : perturbed, outFile, o);
        out.printf(Locale.ROOT, "re-assigned %.1f%% of the training tokens at random; wrote %s%n", 100 * fraction, outFile);
        return 0;
    }
}
