"""Tests of src/main/python/tmeval_export.py, run by tmeval.io.PythonExportTest (python3 test_tmeval_export.py OUTDIR).

Stand-in objects mimic the attributes each library's model has; the real scikit-learn is used too when it is
importable. Every model written lands in OUTDIR and is listed in OUTDIR/expected.txt, one line per file:
``file<TAB>tolerance<TAB>alpha,alpha,...`` (tolerance "-" for a real library's model: structure only); the Java side
reads each with tmeval's ModelLoader and checks K, V, the words, alpha and phi[w,k] = raw(k,w) / sum_w raw(k,w).
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "main", "python"))

OUT = sys.argv.pop(1) if len(sys.argv) > 1 else None

import tmeval_export  # noqa: E402  (after the path is set)

NUMPY_IMPORTED_BY_MODULE = "numpy" in sys.modules

# words a numpy.savetxt route breaks: numbers, a comma, quotes, a leading '#', a trailing space beside the bare word
WORDS = ["00", "0000a0", "1e5", "a,b", 'say "hi"', "#hash", "\u00fcber", "i ", "i", "-1"]
K = 3


def raw(k, w):
    """The unnormalised weight of word w in topic k (the Java test computes the same)."""
    return 1 + ((k * 7 + w * 3) % 11)


def raw_rows():
    return [[float(raw(k, w)) for w in range(len(WORDS))] for k in range(K)]


class Gensim:
    """Like gensim's LdaModel: get_topics() K x V, alpha (K values), id2word (a Dictionary: id -> word)."""

    def __init__(self, topics, alpha):
        self._topics = topics
        self.alpha = alpha
        self.id2word = {i: w for i, w in enumerate(WORDS)}

    def get_topics(self):
        return self._topics


class SklearnLda:
    """Like scikit-learn's fitted LatentDirichletAllocation."""

    def __init__(self):
        self.components_ = raw_rows()
        self.doc_topic_prior_ = 0.25


class Vectorizer:
    """Like a fitted CountVectorizer: feature names and an analyzer (lower-case, split on spaces)."""

    def get_feature_names_out(self):
        return list(WORDS)

    def build_analyzer(self):
        return lambda text: text.lower().split()


class Tomotopy:
    """Like tomotopy's LDAModel: k, alpha, get_topic_word_dist(k) over used_vocabs."""

    def __init__(self):
        self.k = K
        self.alpha = [0.05, 0.5, 5.0]
        self.used_vocabs = list(WORDS)

    def get_topic_word_dist(self, k):
        row = raw_rows()[k]
        total = sum(row)
        return [x / total for x in row]


expected = []


def out(name):
    return os.path.join(OUT, name)


class ExportTest(unittest.TestCase):
    def test_no_numpy_at_import(self):
        self.assertFalse(NUMPY_IMPORTED_BY_MODULE, "tmeval_export imported numpy")

    def test_gensim(self):
        tmeval_export.export_gensim(Gensim(raw_rows(), [0.1, 0.2, 0.3]), out("gensim.tsv"))
        expected.append(("gensim.tsv", "1e-15", [0.1, 0.2, 0.3]))

    def test_gensim_with_numpy_float32(self):
        try:
            import numpy as np
        except ImportError:
            self.skipTest("numpy is not installed")
        rows = np.array(raw_rows(), dtype=np.float64)
        rows = (rows / rows.sum(axis=1, keepdims=True)).astype(np.float32)
        tmeval_export.export_gensim(Gensim(rows, np.array([0.1, 0.2, 0.3], dtype=np.float32)), out("gensim-float32.tsv.gz"))
        expected.append(("gensim-float32.tsv.gz", "1e-6", [float(np.float32(a)) for a in (0.1, 0.2, 0.3)]))

    def test_sklearn(self):
        tmeval_export.export_sklearn(SklearnLda(), Vectorizer(), out("sklearn.tsv"))
        expected.append(("sklearn.tsv", "1e-15", [0.25] * K))

    def test_tomotopy(self):
        tmeval_export.export_tomotopy(Tomotopy(), out("tomotopy.tsv"))
        expected.append(("tomotopy.tsv", "1e-15", [0.05, 0.5, 5.0]))

    def test_real_sklearn_when_importable(self):
        try:
            from sklearn.decomposition import LatentDirichletAllocation
            from sklearn.feature_extraction.text import CountVectorizer
        except ImportError:
            self.skipTest("scikit-learn is not installed")
        texts = ["apples and pears", "pears and plums", "plums, apples, cherries", "cherries and more cherries"] * 3
        vectorizer = CountVectorizer()
        counts = vectorizer.fit_transform(texts)
        lda = LatentDirichletAllocation(n_components=2, random_state=0).fit(counts)
        tmeval_export.export_sklearn(lda, vectorizer, out("sklearn-real.tsv"))
        tmeval_export.write_heldout_tokens(vectorizer, ["Apples, and CHERRIES!"], out("sklearn-real-heldout.tsv"))
        with open(out("sklearn-real-heldout.tsv"), encoding="utf-8") as f:
            self.assertEqual("1\tapples and cherries\n", f.read())
        expected.append(("sklearn-real.tsv", "-", [0.5, 0.5]))

    def test_heldout_tokens(self):
        tmeval_export.write_heldout_tokens(Vectorizer(), ["00 A,B  unknown", "", "i"], out("heldout.tsv"), ids=["x", "y", "z"])
        with open(out("heldout.tsv"), encoding="utf-8") as f:
            self.assertEqual("x\t00 a,b unknown\ny\t\nz\ti\n", f.read())

    def test_words_with_a_tab_or_line_break_are_errors_naming_them(self):
        for bad in ["a\tb", "a\nb", "a\rb", ""]:
            words = list(WORDS)
            words[2] = bad
            g = Gensim(raw_rows(), [0.1, 0.2, 0.3])
            g.id2word = {i: w for i, w in enumerate(words)}
            with self.assertRaises(tmeval_export.ExportError) as e:
                tmeval_export.export_gensim(g, out("bad.tsv"))
            self.assertIn("word 2", str(e.exception))
            if bad:
                self.assertIn(repr(bad), str(e.exception))
            self.assertFalse(os.path.exists(out("bad.tsv")))
        self.assertEqual([], [f for f in os.listdir(OUT) if f.endswith(".part")], "no temporary file left behind")

    def test_other_errors(self):
        def fails(words, rows, alpha, text):
            with self.assertRaises(tmeval_export.ExportError) as e:
                tmeval_export.write_model(out("bad.tsv"), words, rows, alpha)
            self.assertIn(text, str(e.exception))
        fails(["a", "a"], [[1, 1]], 1, "appears twice")
        fails(["a", "b"], [[1, -1]], 1, "negative")
        fails(["a", "b"], [[1]], 1, "has 1 weights")
        fails(["a", "b"], [[0, 0]], 1, "no weight")
        fails(["a", "b"], [[1, float("nan")]], 1, "finite")
        fails(["a", "b"], [[1, 1], [1, 1]], [1, 2, 3], "3 alpha values")
        fails(["a", "b"], [[1, 1]], 0, "positive")

        class NGrams(Vectorizer):
            def build_analyzer(self):
                return lambda text: ["new york"]
        with self.assertRaises(tmeval_export.ExportError) as e:
            tmeval_export.write_heldout_tokens(NGrams(), ["New York"], out("bad-heldout.tsv"))
        self.assertIn("'new york'", str(e.exception))

    def test_values_round_trip_exactly_as_float64(self):
        rows = [[0.1, 0.2, 0.7], [1 / 3, 1 / 3, 1 / 3]]
        tmeval_export.write_model(out("exact.tsv"), ["x", "y", "z"], rows, [0.1, 0.3])
        with open(out("exact.tsv"), encoding="utf-8") as f:
            lines = f.read().splitlines()
        self.assertEqual("#tmeval-model v1", lines[0])
        self.assertEqual("#name\texact", lines[1])
        self.assertEqual("#alpha\t0.1\t0.3", lines[2])
        values = [float(v) for v in lines[5].split("\t")[1:]]
        self.assertEqual([0.7 / (0.1 + 0.2 + 0.7), (1 / 3) / 1.0], values)


if __name__ == "__main__":
    if OUT is None:
        import tempfile
        OUT = tempfile.mkdtemp()
    program = unittest.main(exit=False, verbosity=2)
    with open(os.path.join(OUT, "expected.txt"), "w", encoding="utf-8") as f:
        for name, tolerance, alpha in expected:
            f.write("%s\t%s\t%s\n" % (name, tolerance, ",".join(repr(a) for a in alpha)))
    sys.exit(0 if program.result.wasSuccessful() else 1)
