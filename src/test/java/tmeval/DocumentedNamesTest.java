package tmeval;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Member;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The docs name real things: every name in backticks in README.md and src/site/markdown/*.md that looks like one of
 * this repository's classes, tests or files is one.
 * <ul>
 * <li>A class is CamelCase with a lowercase letter, found by its simple name or by the tail of its qualified name
 * ({@code run.plan.Setting}) among the Java sources under src/main and src/test (or the Python test classes); what
 * follows it ({@code .Nested}, {@code .member}, {@code #member}, {@code .testPrefix...}) is a nested class, field or
 * method of it. A class that is not ours is a class of {@code java.lang} or {@code java.util}, a qualified name on the
 * tests' class path, or in the short list below.</li>
 * <li>A path (with a {@code /}) that starts in one of the repository's own folders exists from the root, the doc's
 * folder or a source or resource root; a bare file name of a source kind ({@code .java}, {@code .py}, ...) exists
 * somewhere in the repository. Other paths are the user's, another tool's or the build's, and data file names are
 * examples.</li>
 * <li>Not names: anything with a space, {@code :} or {@code =}, options ({@code -...}), lowercase words and values,
 * and patterns (a capitalised placeholder as in {@code iter-N.tsv}, {@code <}, {@code [}, {@code *}).</li>
 * </ul>
 */
class DocumentedNamesTest {
    private static final Path ROOT = Path.of("");

    /** Names in the docs that look like ours but are other projects' (kept small: each is checked by eye). */
    private static final Set<String> NOT_OURS = Set.of(
            "SwingFXUtils", // JavaFX's Swing bridge (not on the tests' path under that name)
            "CoherenceModel", "LdaModel", "LdaModel.bound", "LdaMulticore", "Dictionary", // gensim
            "LatentDirichletAllocation", "CountVectorizer", // scikit-learn
            "LDAModel", // tomotopy
            "InvertedRBO", // OCTIS
            "CombinedTM", "ZeroShotTM", "TopicModelDataPreparation", // contextualized-topic-models
            "MarginalProbEstimator.evaluateLeftToRight", "ParallelTopicModel", "Text2Vectors", // MALLET, by simple name
            "GammaDistribution", // commons-math, by simple name
            "NaN", // a value
            "estimate/YourEstimator.java", "anneal/YourPath.java", "app/yourscreen/", "src/test/java/tmeval/app/yourscreen/",
            "YourScreenViewModel", "YourScreenView", "cli/YourCommand.java"); // contributing.md's new ones

    /** How a Python class is kept among the Java ones. */
    private static final String PYTHON = "python:";
    private static final Pattern SPAN = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern CLASS = Pattern.compile(
            "((?:[a-z][a-z0-9]*\\.)*)([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)((?:[.#][A-Za-z_][A-Za-z0-9_]*)*)(\\.\\.\\.)?");
    /** A bare file name is checked when it names a source file; data files in the docs are examples and outputs. */
    private static final Pattern SOURCE_FILE = Pattern.compile(".*\\.(java|md|py|sh|xml)");
    /** Where a path of the docs may start, besides the repository's root and the doc's folder. */
    private static final List<String> SOURCE_ROOTS = List.of("src/main/java", "src/test/java", "src/main/java/tmeval", "src/test/java/tmeval",
            "src/main/resources", "src/test/resources");
    /** The first folders of paths that are the repository's: its root's entries and those of its source roots. */
    private static final Set<String> OWN_FOLDERS = ownFolders();
    private static final Pattern PLACEHOLDER = Pattern.compile("(?<![A-Za-z])[A-Z][A-Z0-9_]*(?![a-z])|[<\\[*]|\\.\\.\\.");

    @Test
    void everyBacktickedClassTestAndFileNameExists() throws IOException {
        Map<String, List<String>> classes = classesBySimpleName();
        Set<String> fileNames = new HashSet<>();
        repositoryFiles().forEach(f -> fileNames.add(f.getFileName().toString()));
        List<String> dangling = new ArrayList<>();
        for (Path doc : docs()) {
            List<String> lines = Files.readAllLines(doc);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                Matcher span = SPAN.matcher(fenced ? "" : lines.get(i));
                while (span.find()) {
                    String name = span.group(1).strip().replaceAll("\\((\\.\\.\\.)?\\)$", "");
                    if (!NOT_OURS.contains(name) && !resolves(name, doc, classes, fileNames)) {
                        dangling.add(doc + ":" + (i + 1) + " `" + name + "`");
                    }
                }
            }
        }
        assertEquals(List.of(), dangling, "names in the docs that are not in the repository");
    }

    /** Whether a backticked name is ours and exists, or is not a name of the repository at all. */
    private static boolean resolves(String name, Path doc, Map<String, List<String>> classes, Set<String> fileNames) {
        if (name.chars().anyMatch(c -> Character.isWhitespace(c) || c == ':' || c == '=') || name.startsWith("-")) {
            return true; // a command line, an option, a setting, a column list, a library's coordinates, an address
        }
        Matcher c = CLASS.matcher(name.startsWith("tmeval.") ? name.substring("tmeval.".length()) : name);
        if (c.matches()) {
            return classExists(c.group(1), c.group(2), c.group(3), c.group(4) != null, classes);
        }
        if (name.contains("/")) {
            // a path in one of the repository's own folders; anything else is the user's, another tool's or the build's
            String first = name.substring(0, name.indexOf('/'));
            return !OWN_FOLDERS.contains(first) || fileExists(name, doc) || PLACEHOLDER.matcher(name).find();
        }
        return !SOURCE_FILE.matcher(name).matches() || fileNames.contains(name);
    }

    private static boolean fileExists(String name, Path doc) {
        List<Path> bases = new ArrayList<>(List.of(ROOT, doc.getParent() == null ? ROOT : doc.getParent()));
        SOURCE_ROOTS.forEach(r -> bases.add(Path.of(r)));
        for (Path base : bases) {
            if (Files.exists(base.resolve(name)) || Files.exists(base.resolve(name + ".java"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a class of that simple name lives in a package ending in the qualifier, and has the members named after
     * it (a trailing {@code ...}: the last is the start of a name).
     */
    private static boolean classExists(String qualifier, String simpleName, String members, boolean prefix, Map<String, List<String>> classes) {
        String packageTail = qualifier.isEmpty() ? "" : qualifier.substring(0, qualifier.length() - 1);
        for (String fqn : classes.getOrDefault(simpleName, List.of())) {
            if (fqn.startsWith(PYTHON)) {
                continue;
            }
            String pkg = fqn.substring(0, fqn.lastIndexOf('.'));
            if (!packageTail.isEmpty() && !pkg.equals(packageTail) && !pkg.endsWith("." + packageTail)) {
                continue;
            }
            try {
                if (hasMembers(Class.forName(fqn, false, DocumentedNamesTest.class.getClassLoader()), members, prefix)) {
                    return true;
                }
            } catch (ClassNotFoundException e) {
                throw new AssertionError(fqn + " has a source file but no class", e);
            }
        }
        if (classes.getOrDefault(simpleName, List.of()).contains(PYTHON + simpleName)) {
            return members.isEmpty(); // a Python test class
        }
        // not ours: a qualified name of a library the tests have, or a class of java.lang or java.util
        for (String fqn : qualifier.isEmpty() ? List.of("java.lang." + simpleName, "java.util." + simpleName) : List.of(qualifier + simpleName)) {
            try {
                return hasMembers(Class.forName(fqn, false, DocumentedNamesTest.class.getClassLoader()), members, prefix);
            } catch (ClassNotFoundException e) {
                // try the next
            }
        }
        return false;
    }

    private static boolean hasMembers(Class<?> type, String members, boolean prefix) {
        if (members.isEmpty()) {
            return true;
        }
        String[] parts = members.substring(1).split("[.#]");
        Class<?> at = type;
        for (int p = 0; p < parts.length; p++) {
            String part = parts[p];
            boolean last = p == parts.length - 1;
            Class<?> nested = null;
            for (Class<?> k = at; k != null && nested == null; k = k.getSuperclass()) {
                nested = Arrays.stream(k.getDeclaredClasses()).filter(n -> n.getSimpleName().equals(part)).findFirst().orElse(null);
            }
            if (nested != null) {
                at = nested;
                continue;
            }
            return last && memberNames(at).stream().anyMatch(m -> prefix ? m.startsWith(part) : m.equals(part));
        }
        return !prefix;
    }

    /** The methods and fields of a class, its superclasses and its interfaces. */
    private static Set<String> memberNames(Class<?> type) {
        Set<String> names = new HashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(type));
        while (!todo.isEmpty()) {
            Class<?> k = todo.remove(todo.size() - 1);
            Stream.concat(Arrays.stream(k.getDeclaredMethods()), Arrays.stream(k.getDeclaredFields())).map(Member::getName).forEach(names::add);
            if (k.getSuperclass() != null) {
                todo.add(k.getSuperclass());
            }
            todo.addAll(List.of(k.getInterfaces()));
        }
        return names;
    }

    /**
     * The README's package table ("Where to start reading the code") has one row per package of {@code tmeval}, in
     * the order of {@code ArchitectureTest.LAYERS}, the order the layered rule enforces.
     */
    @Test
    void theReadmesPackageTableIsOneRowPerPackageInTheLayersOrder() throws IOException {
        List<String> rows = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("| package | holds | depends on |")) {
                in = true;
            } else if (in && line.startsWith("| `")) {
                rows.add(line.substring(3, line.indexOf('`', 3)).replaceAll("/$", ""));
            } else if (in && !line.startsWith("|")) {
                break;
            }
        }
        List<String> layers = Arrays.stream(ArchitectureTest.LAYERS).flatMap(Arrays::stream).filter(l -> !l.isEmpty()).toList();
        assertEquals(layers, rows, "the README's package table against ArchitectureTest.LAYERS");
        try (Stream<Path> packages = Files.list(Path.of("src/main/java/tmeval"))) {
            assertEquals(new java.util.TreeSet<>(layers), packages.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new)), "the packages of tmeval against the table");
        }
    }

    private static Set<String> ownFolders() {
        Set<String> own = new HashSet<>();
        for (String dir : Stream.concat(Stream.of("."), SOURCE_ROOTS.stream()).toList()) {
            try (Stream<Path> entries = Files.list(Path.of(dir))) {
                entries.map(p -> p.getFileName().toString()).filter(n -> !n.equals("target") && !n.equals(".git")).forEach(own::add);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return own;
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> site = Files.list(Path.of("src/site/markdown"))) {
            site.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** Top-level classes by simple name, from the source files under src/main/java and src/test/java, and the Python classes. */
    private static Map<String, List<String>> classesBySimpleName() throws IOException {
        Map<String, List<String>> classes = new HashMap<>();
        for (String root : List.of("src/main/java", "src/test/java")) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java")).toList()) {
                    String fqn = Path.of(root).relativize(f).toString().replace('/', '.').replaceAll("\\.java$", "");
                    classes.computeIfAbsent(fqn.substring(fqn.lastIndexOf('.') + 1), k -> new ArrayList<>()).add(fqn);
                }
            }
        }
        Pattern pythonClass = Pattern.compile("^class (\\w+)", Pattern.MULTILINE);
        for (String root : List.of("src/main/python", "src/test/python")) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".py")).toList()) {
                    Matcher m = pythonClass.matcher(Files.readString(f));
                    while (m.find()) {
                        classes.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(PYTHON + m.group(1));
                    }
                }
            }
        }
        return classes;
    }

    /** The repository's files: everything under its root but the build's output and git's. */
    private static Set<Path> repositoryFiles() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT.toAbsolutePath())) {
            Path root = ROOT.toAbsolutePath();
            return files.filter(Files::isRegularFile).map(root::relativize)
                    .filter(p -> !p.startsWith("target") && !p.startsWith(".git"))
                    .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new));
        }
    }
}
