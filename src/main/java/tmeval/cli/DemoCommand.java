package tmeval.cli;

import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.SampleData;
import tmeval.run.local.SampleDataCopy;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code demo}: what the bundled sample data holds, as a first look without any option to learn. */
final class DemoCommand implements Command {
    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String summary() {
        return "describe the bundled sample data (models A and B and the held-out corpus)";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(OptionSpec.value("sample-data", "DIR", "the sample-data directory (default: found beside the jar or here)"));
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, java.io.IOException {
        Path dir = o.has("sample-data") ? o.path("sample-data") : SampleDataCopy.locate();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UsageException("cannot find the sample-data directory; pass --sample-data DIR");
        }
        TopicModel a = ModelLoader.read(ModelLoader.Spec.of(dir.resolve(SampleData.MODEL_A)));
        TopicModel b = ModelLoader.read(ModelLoader.Spec.of(dir.resolve(SampleData.MODEL_B)));
        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(dir.resolve(SampleData.HELDOUT)), a.vocabulary());
        out.println("sample data in " + dir.toAbsolutePath().normalize());
        out.print("A: ");
        InfoCommand.describe(a, 0, out);
        out.print("B: ");
        InfoCommand.describe(b, 0, out);
        out.println("held-out corpus " + corpus.summary());
        return 0;
    }
}
