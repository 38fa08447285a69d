package tmeval.io;

import java.nio.file.Path;

/**
 * Reads a model with the input limits of a 1 TB heap, whatever {@code -Xmx} says, and prints its size: run in a child JVM
 * with a small {@code -Xmx}, it shows what a reader itself needs, not where the limits refuse
 * ({@code MalletWeightsMemoryTest}). Arguments: MODEL [ALPHA_FILE].
 */
public final class ReadModelUnbounded {
    private ReadModelUnbounded() {
    }

    public static void main(String[] args) throws Exception {
        ModelLoader.Spec spec = new ModelLoader.Spec(Path.of(args[0]), args.length > 1 ? Path.of(args[1]) : null, null, false);
        var model = ModelLoader.read(spec, InputLimits.forHeap(1L << 40));
        System.out.println("K = " + model.numTopics() + ", V = " + model.numWords());
    }
}
