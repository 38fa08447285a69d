"""Tests of src/main/python/tmeval_export.py, run by tmeval.io.PythonExportTest (python3 test_tmeval_export.py OUTDIR).

Stand-in objects mimic the attributes each library's model has; the real scikit-learn is used too when it is
importable. Every model written lands in OUTDIR and is listed in OUTDIR/expected.txt, one line per file:
``file<TAB>tolerance<TAB>alpha,alpha,...`` (tolerance "-" for a real library's model: structure only); the Java side
reads each with tmeval's ModelLoader and checks K, V, the words, alpha and phi[w,k] = raw(k,w) / sum_w raw(k,w).
With the real scikit-learn, OUTDIR/sklearn-real-k3.check.tsv also lists what tmeval must find in the real model and
its held-out token lines (phi, each document's tokens and variational bound, the out-of-vocabulary count).
"""

import inspect
import math
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

    def test_real_sklearn_numbers_and_tokens(self):
        """The real CountVectorizer (stop words, a token pattern, min_df) and LatentDirichletAllocation: the held-out
        token lines are the analyzer's tokens exactly, and sklearn-real-k3.check.tsv tells the Java side what tmeval
        must find: phi as numpy normalises components_, each document's in-vocabulary token count as the vectorizer's
        transform counts it, the out-of-vocabulary count, and each document's variational bound with log phi (the
        formula checked here against scikit-learn's own score)."""
        try:
            import numpy as np
            from scipy.special import digamma, gammaln, logsumexp
            from sklearn.decomposition import LatentDirichletAllocation
            from sklearn.feature_extraction.text import CountVectorizer
        except ImportError:
            self.skipTest("scikit-learn is not installed")
        train = ["The apples and the pears were ripe; apples again!", "Pears, plums and more PLUMS in 2024.",
                 "Cherries and apples: a cherry pie.", "Plums don't keep; cherries do, apples do.",
                 "Rivers and lakes, rivers and seas.", "Lakes freeze, seas don't; rivers flow to seas."] * 2
        held = ["Apples, pears and UNKNOWN-words: kiwis!", "The and of it", "rivers rivers lakes plums x 42 seas",
                "Cherries? cherries. CHERRIES"]
        held_ids = ["h1", "h2", "h3", "h4"]
        vectorizer = CountVectorizer(stop_words="english", token_pattern=r"(?u)\b[^\W\d_][^\W\d_]+\b", min_df=2)
        x = vectorizer.fit_transform(train)
        lda = LatentDirichletAllocation(n_components=3, learning_method="batch", max_iter=20, random_state=0).fit(x)
        tmeval_export.export_sklearn(lda, vectorizer, out("sklearn-real-k3.tsv"))
        tmeval_export.write_heldout_tokens(vectorizer, held, out("sklearn-real-k3-heldout.tsv"), ids=held_ids)

        analyzer = vectorizer.build_analyzer()
        with open(out("sklearn-real-k3-heldout.tsv"), encoding="utf-8") as f:
            lines = f.read().splitlines()
        self.assertEqual([i + "\t" + " ".join(analyzer(t)) for i, t in zip(held_ids, held)], lines)
        self.assertEqual(["apples", "pears", "unknown", "words", "kiwis"], analyzer(held[0]), "stop words and pattern")

        x_held = vectorizer.transform(held)
        in_vocab = [int(n) for n in np.asarray(x_held.sum(axis=1)).ravel()]
        oov = sum(len(analyzer(t)) for t in held) - sum(in_vocab)
        self.assertGreater(oov, 0, "the held-out text has words the vocabulary lacks")

        lam = lda.components_
        alpha = lda.doc_topic_prior_
        elog_beta = digamma(lam) - digamma(lam.sum(axis=1, keepdims=True))
        log_phi = np.log(lam / lam.sum(axis=1, keepdims=True))

        def bound(ids, cnts, gamma, log_tw):
            elog_theta = digamma(gamma) - digamma(gamma.sum())
            return (float(np.dot(cnts, logsumexp(elog_theta[:, None] + log_tw[:, ids], axis=0)))
                    + float(np.sum((alpha - gamma) * elog_theta) + np.sum(gammaln(gamma) - gammaln(alpha)))
                    + float(gammaln(alpha * len(gamma)) - gammaln(gamma.sum())))

        def converged(ids, cnts, log_tw):
            gamma, tw = np.ones(lam.shape[0]), np.exp(log_tw[:, ids])
            for _ in range(100000):
                e = np.exp(digamma(gamma) - digamma(gamma.sum()))
                new = alpha + e * (tw @ (cnts / (e @ tw)))
                if np.max(np.abs(new - gamma)) < 1e-13:
                    return new
                gamma = new
            self.fail("the E-step did not converge")

        eta, v = lda.topic_word_prior_, lam.shape[1]
        topic_word = float(np.sum((eta - lam) * elog_beta) + np.sum(gammaln(lam) - gammaln(eta))
                           + np.sum(gammaln(eta * v) - gammaln(lam.sum(axis=1))))
        # unnormalised gamma: transform(normalize=False) from scikit-learn 1.6, _unnormalized_transform before it (Debian's 1.2.1)
        gamma_sk = (lda.transform(x_held, normalize=False) if 'normalize' in inspect.signature(lda.transform).parameters
                    else lda._unnormalized_transform(x_held.astype(np.float64)))  # perplexity() converts X so before it
        docs = [(x_held.indices[x_held.indptr[d]:x_held.indptr[d + 1]], x_held.data[x_held.indptr[d]:x_held.indptr[d + 1]])
                for d in range(len(held))]
        # the formula is scikit-learn's: at its gamma and E[log beta], with the topic-word term, it gives its score
        # (to 1e-7 relative: scikit-learn's own digamma is an asymptotic series accurate to about 2e-9)
        mine = topic_word + sum(bound(ids, c, gamma_sk[d], elog_beta) for d, (ids, c) in enumerate(docs))
        self.assertAlmostEqual(lda.score(x_held), mine, delta=1e-7 * abs(mine))

        with open(out("sklearn-real-k3.check.tsv"), "w", encoding="utf-8") as f:
            for w, word in enumerate(vectorizer.get_feature_names_out()):
                f.write("phi\t%s\t%s\n" % (word, "\t".join(repr(float(x)) for x in np.exp(log_phi[:, w]))))
            for d, (ids, c) in enumerate(docs):
                vb = bound(ids, c, converged(ids, c, log_phi), log_phi) if len(ids) else 0.0
                f.write("doc\t%s\t%d\t%r\n" % (held_ids[d], in_vocab[d], vb))
            f.write("oov\t%d\n" % oov)

    def test_real_vectorizer_ngrams_are_refused(self):
        try:
            from sklearn.feature_extraction.text import CountVectorizer
        except ImportError:
            self.skipTest("scikit-learn is not installed")
        vectorizer = CountVectorizer(ngram_range=(1, 2)).fit(["new york city", "new york"])
        with self.assertRaises(tmeval_export.ExportError) as e:
            tmeval_export.write_heldout_tokens(vectorizer, ["New York"], out("bad-ngrams.tsv"))
        self.assertIn("'new york'", str(e.exception))
        self.assertFalse(os.path.exists(out("bad-ngrams.tsv")))

    def test_heldout_tokens_gensim_with_a_tokenizer_of_ones_own(self):
        """No gensim needed: a dictionary (id -> word, as gensim's Dictionary maps) and a tokenizer given."""
        result = tmeval_export.write_heldout_tokens_gensim({0: "apple", 1: "banana"}, ["Apple kiwi", "banana"],
                                                          out("gensim-own-heldout.tsv"), tokenize=lambda t: t.lower().split())
        self.assertEqual((3, 1), result, "3 tokens written, kiwi unknown")
        with open(out("gensim-own-heldout.tsv"), encoding="utf-8") as f:
            self.assertEqual("1\tapple kiwi\n2\tbanana\n", f.read())

    def test_real_gensim_when_importable(self):
        """The real gensim: a Dictionary pruned by filter_extremes(no_below=2) over simple_preprocess minus STOPWORDS, an
        LdaModel on it, and held-out lines written by write_heldout_tokens_gensim; gensim-real.check.tsv tells the Java
        side each document's in-vocabulary tokens as the dictionary's doc2bow counts them, and the unknown count."""
        try:
            from gensim.corpora import Dictionary
            from gensim.models import LdaModel
            from gensim.parsing.preprocessing import STOPWORDS
            from gensim.utils import simple_preprocess
        except ImportError:
            self.skipTest("gensim is not installed")
        train = ["The apples and the pears were ripe; apples again!", "Pears, plums and more PLUMS in 2024.",
                 "Cherries and apples: a cherry pie.", "Plums don't keep; cherries do, apples do.",
                 "Rivers and lakes, rivers and seas.", "Lakes freeze, seas don't; rivers flow to seas."] * 2
        held = ["Apples, pears and UNKNOWN-words: kiwis!", "The and of it", "rivers rivers lakes plums x 42 seas",
                "Cherries? cherries. CHERRIES Café"]
        held_ids = ["g1", "g2", "g3", "g4"]
        texts = [tmeval_export.gensim_tokens(t) for t in train]
        dictionary = Dictionary(texts)
        dictionary.filter_extremes(no_below=2, no_above=1.0)
        lda = LdaModel([dictionary.doc2bow(t) for t in texts], id2word=dictionary, num_topics=3, random_state=0, passes=2)
        tmeval_export.export_gensim(lda, out("gensim-real.tsv"))
        expected.append(("gensim-real.tsv", "-", [float(a) for a in lda.alpha]))
        written, unknown = tmeval_export.write_heldout_tokens_gensim(dictionary, held, out("gensim-real-heldout.tsv"), ids=held_ids)

        tokens = [[t for t in simple_preprocess(d) if t not in STOPWORDS] for d in held]
        with open(out("gensim-real-heldout.tsv"), encoding="utf-8") as f:
            self.assertEqual([i + "\t" + " ".join(t) for i, t in zip(held_ids, tokens)], f.read().splitlines())
        self.assertEqual([], tokens[1], "only stop words")
        in_vocab = [sum(c for _, c in dictionary.doc2bow(t)) for t in tokens]
        self.assertEqual(sum(len(t) for t in tokens), written)
        self.assertEqual(written - sum(in_vocab), unknown)
        self.assertGreater(unknown, 0, "the held-out text has words the dictionary lacks")
        with open(out("gensim-real.check.tsv"), "w", encoding="utf-8") as f:
            for i, n in zip(held_ids, in_vocab):
                f.write("doc\t%s\t%d\n" % (i, n))
            f.write("oov\t%d\n" % unknown)

    def test_heldout_tokens(self):
        written = tmeval_export.write_heldout_tokens(Vectorizer(), ["00 A,B  unknown", "", "i"], out("heldout.tsv"), ids=["x", "y", "z"])
        with open(out("heldout.tsv"), encoding="utf-8") as f:
            self.assertEqual("x\t00 a,b unknown\ny\t\nz\ti\n", f.read())
        self.assertEqual((4, None), written, "tokens written; no fitted vocabulary_ to count unknown words against")

        class Fitted(Vectorizer):
            vocabulary_ = {w: i for i, w in enumerate(WORDS)}

        tokens = ["00", "a,b", "unknown", "i"]
        counted = tmeval_export.write_heldout_tokens(Fitted(), ["00 A,B  unknown", "", "i"], out("heldout-fitted.tsv"))
        self.assertEqual((4, sum(1 for t in tokens if t not in WORDS)), counted, "as write_heldout_tokens_gensim counts them")

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


families = []


def _check_lines(name, lines):
    """What tmeval must find in a family's model file, for PythonExportTest: mu, cov or var rows, each word's row."""
    with open(out(name + ".check.tsv"), "w", encoding="utf-8") as f:
        for line in lines:
            f.write("\t".join(str(x) if isinstance(x, str) else repr(x) for x in line) + "\n")
    families.append(name)


class StandInBatchNorm:
    """Like torch's BatchNorm1d(V, affine=False) in evaluation mode: running statistics and eps; weight and bias None."""

    def __init__(self, mean, var, eps=1e-5, weight=None, bias=None):
        self.running_mean, self.running_var, self.eps, self.weight, self.bias = mean, var, eps, weight, bias


def _network_word_distribution(theta, b, bn, linear_bias=None):
    """softmax(BN(theta B + b)) step by step, as the network computes it in evaluation mode (B as K rows of V)."""
    v = len(b[0])
    x = [math.fsum(theta[k] * b[k][w] for k in range(len(theta))) + (linear_bias[w] if linear_bias else 0.0) for w in range(v)]
    gamma = bn.weight or [1.0] * v
    beta = bn.bias or [0.0] * v
    y = [(x[w] - bn.running_mean[w]) / math.sqrt(bn.running_var[w] + bn.eps) * gamma[w] + beta[w] for w in range(v)]
    top = max(y)
    e = [math.exp(a - top) for a in y]
    total = math.fsum(e)
    return [a / total for a in e]


def _b_rows():
    return [[0.5 * ((k * 5 + w * 7) % 9) - 2 for w in range(len(WORDS))] for k in range(K)]


class FamilyExportTest(unittest.TestCase):
    """Logistic-normal priors and the product decoder: written from arrays and from the layouts of
    contextualized-topic-models and pyro (stand-ins), read back by PythonExportTest against the .check.tsv files."""

    def test_logistic_normal_mixture_full_covariance_d_k_minus_1(self):
        mu = [0.25, -0.5]
        cov = [[1.0, 0.3], [0.3, 2.0]]
        tmeval_export.write_model(out("ln-mixture.tsv"), WORDS, raw_rows(), prior=tmeval_export.LogisticNormal(mu, cov=cov))
        rows = raw_rows()
        totals = [math.fsum(r) for r in rows]
        _check_lines("ln-mixture.tsv", [["mu"] + mu] + [["cov"] + r for r in cov]
                     + [["row", w] + [rows[k][i] / totals[k] for k in range(K)] for i, w in enumerate(WORDS)])

    def test_logistic_normal_product_diagonal_d_k(self):
        b = _b_rows()
        c = [0.1 * i for i in range(len(WORDS))]
        var = [0.5, 1.0, 1.5]
        tmeval_export.write_model(out("ln-product.tsv.gz"), WORDS, prior=tmeval_export.LogisticNormal([0, 0, 0], var=var),
                                  decoder=tmeval_export.Product(b, c))
        _check_lines("ln-product.tsv.gz", [["mu", 0.0, 0.0, 0.0], ["var"] + var]
                     + [["row", w] + [float(b[k][i]) for k in range(K)] + [c[i]] for i, w in enumerate(WORDS)])

    def _theta_lines(self, b, bn, linear_bias=None):
        lines = []
        for theta in ([1.0, 0.0, 0.0], [0.2, 0.3, 0.5], [1 / 3, 1 / 3, 1 / 3]):
            lines.append(["theta"] + theta + _network_word_distribution(theta, b, bn, linear_bias))
        return lines

    def test_ctm_prodlda_folds_its_batch_norm(self):
        class Net:
            prior_mean = [0.0] * K
            prior_variance = [1 - 1 / K] * K
            beta = _b_rows()
            beta_batchnorm = StandInBatchNorm([0.3 * ((w * 3) % 5) - 0.5 for w in range(len(WORDS))],
                                              [0.5 + 0.25 * (w % 4) for w in range(len(WORDS))])

        class Ctm:
            model = Net()
            model_type = "prodLDA"

        tmeval_export.export_ctm(Ctm(), WORDS, out("ctm-prodlda.tsv"))
        _check_lines("ctm-prodlda.tsv", [["mu"] + [0.0] * K, ["var"] + [1 - 1 / K] * K] + self._theta_lines(Net.beta, Net.beta_batchnorm))

    def test_ctm_lda_is_a_mixture_of_normalised_topics(self):
        class Net:
            prior_mean = [0.1, 0.2, -0.3]
            prior_variance = [0.5, 0.6, 0.7]
            beta = _b_rows()
            beta_batchnorm = StandInBatchNorm([0.1] * len(WORDS), [2.0] * len(WORDS))

        class Ctm:
            model = Net()
            model_type = "LDA"

        tmeval_export.export_ctm(Ctm(), WORDS, out("ctm-lda.tsv"))
        topics = [_network_word_distribution([1.0 if j == k else 0.0 for j in range(K)], Net.beta, Net.beta_batchnorm) for k in range(K)]
        _check_lines("ctm-lda.tsv", [["mu"] + Net.prior_mean, ["var"] + Net.prior_variance]
                     + [["row", w] + [topics[k][i] for k in range(K)] for i, w in enumerate(WORDS)])

    def test_pyro_prodlda_with_an_affine_batch_norm_and_a_bias(self):
        b = _b_rows()

        class Linear:
            weight = [[b[k][w] for k in range(K)] for w in range(len(WORDS))]  # nn.Linear(K, V): V rows of K
            bias = [0.05 * w for w in range(len(WORDS))]

        bn = StandInBatchNorm([0.2] * len(WORDS), [1.5] * len(WORDS), eps=1e-3, weight=[1.0 + 0.1 * w for w in range(len(WORDS))],
                              bias=[-0.2] * len(WORDS))

        class Decoder:
            beta = Linear()

        Decoder.bn = bn

        class ProdLda:
            decoder = Decoder()

        tmeval_export.export_pyro_prodlda(ProdLda(), WORDS, out("pyro-prodlda.tsv"),
                                          reported=tmeval_export.Reported("elbo-perplexity", 950.0, 3, 40, "pyro ProdLDA"))
        _check_lines("pyro-prodlda.tsv", [["mu"] + [0.0] * K, ["var"] + [1.0] * K] + self._theta_lines(b, bn, Linear.bias))
        with open(out("pyro-prodlda.tsv"), encoding="utf-8") as f:
            self.assertIn("# library-reported\telbo-perplexity\t950.0\t3\t40\tpyro ProdLDA\n", f.read(), "the ELBO perplexity recorded")

    def test_family_errors_name_the_problem(self):
        def fails(text, **kw):
            with self.assertRaises(tmeval_export.ExportError) as e:
                tmeval_export.write_model(out("bad.tsv"), ["a", "b"], **kw)
            self.assertIn(text, str(e.exception))
            self.assertFalse(os.path.exists(out("bad.tsv")))
        rows = [[1, 1], [1, 2]]
        ln = tmeval_export.LogisticNormal
        fails("one prior", topics=rows, alpha=1, prior=ln([0], var=[1]))
        fails("D = 3 components for K = 2", topics=rows, prior=ln([0, 0, 0], var=[1, 1, 1]))
        fails("one of topics and decoder", topics=rows, prior=ln([0], var=[1]), decoder=tmeval_export.Product(rows, [0, 0]))
        fails("c has 3 values", prior=ln([0], var=[1]), decoder=tmeval_export.Product(rows, [0, 0, 0]))
        fails("B('b', 2)", prior=ln([0], var=[1]), decoder=tmeval_export.Product([[1, 1], [1, float("nan")]], [0, 0]))
        fails("give alpha", topics=rows)
        for bad, text in (({"cov": [[1, 2], [2, 1]]}, "not positive definite"), ({"cov": [[1, 0.5], [0.4, 1]]}, "not symmetric"),
                          ({"var": [1, 0]}, "variance 2 is 0"), ({"var": [1]}, "1 variances for D = 2"),
                          ({"cov": [[1, 0], [0, 1]], "var": [1, 1]}, "one of the two")):
            with self.assertRaises(tmeval_export.ExportError) as e:
                ln([0, 0], **bad)
            self.assertIn(text, str(e.exception))
        with self.assertRaises(tmeval_export.ExportError) as e:
            ln([float("nan"), 0], var=[1, 1])
        self.assertIn("mu_1", str(e.exception))
        with self.assertRaises(tmeval_export.ExportError) as e:
            tmeval_export.write_model(out("bad.tsv"), ["#mu", "b"], rows, prior=ln([0], var=[1]))
        self.assertIn("would read as a header line", str(e.exception))
        with self.assertRaises(tmeval_export.ExportError) as e:
            tmeval_export.write_model(out("bad.tsv"), ["a", "b", "c"], prior=ln([0], var=[1]),
                                      decoder=tmeval_export.Product([[1, 1], [1, 1], [1, 1]], [0, 0, 0]))
        self.assertIn("give it as K rows of V", str(e.exception))


class LibraryNumbersTest(unittest.TestCase):
    """What the libraries' bounds need beyond the topics (``# library-bound`` lines) and a reported number
    (``# library-reported``): comment lines before the prior, the values exact; the files still read as models (the
    Java side reads every file of expected.txt)."""

    def lines(self, name):
        with open(out(name), encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f if line.startswith("# library-")]

    def test_sklearn_records_lambda_sums_eta_and_its_e_step(self):
        lda = SklearnLda()
        lda.topic_word_prior_ = 0.125
        lda.max_doc_update_iter = 100
        lda.mean_change_tol = 1e-3
        tmeval_export.export_sklearn(lda, Vectorizer(), out("sklearn-bound.tsv"))
        expected.append(("sklearn-bound.tsv", "1e-15", [0.25] * K))
        sums = "\t".join(repr(math.fsum(row)) for row in raw_rows())
        self.assertEqual(["# library-bound\tlibrary\tscikit-learn", "# library-bound\tlambda-sums\t" + sums,
                          "# library-bound\teta\t0.125", "# library-bound\te-step\t100\t0.001"], self.lines("sklearn-bound.tsv"))

    def test_gensim_records_lambda_from_its_state_and_one_eta_when_symmetric(self):
        lda = Gensim(None, [0.1, 0.2, 0.3])

        class State:
            def get_lambda(self):
                return raw_rows()

        lda.state = State()
        lda.eta = [0.5] * len(WORDS)
        lda.iterations = 50
        lda.gamma_threshold = 0.001
        tmeval_export.export_gensim(lda, out("gensim-bound.tsv"))
        expected.append(("gensim-bound.tsv", "1e-15", [0.1, 0.2, 0.3]))
        lines = self.lines("gensim-bound.tsv")
        self.assertEqual("# library-bound\tlibrary\tgensim", lines[0])
        self.assertEqual("# library-bound\teta\t0.5", lines[2])
        lda.eta = [0.5 + w for w in range(len(WORDS))]
        tmeval_export.export_gensim(lda, out("gensim-bound-eta.tsv"))
        expected.append(("gensim-bound-eta.tsv", "1e-15", [0.1, 0.2, 0.3]))
        self.assertEqual("# library-bound\teta\t" + "\t".join(repr(0.5 + w) for w in range(len(WORDS))),
                         self.lines("gensim-bound-eta.tsv")[2])

    def test_a_reported_number_is_recorded_and_checked(self):
        reported = tmeval_export.Reported("elbo-perplexity", 812.5, 20, 3000, "pyro ProdLDA,\t50 epochs")
        tmeval_export.write_model(out("reported.tsv"), WORDS, raw_rows(), alpha=0.5, reported=reported)
        expected.append(("reported.tsv", "1e-15", [0.5] * K))
        self.assertEqual(["# library-reported\telbo-perplexity\t812.5\t20\t3000\tpyro ProdLDA, 50 epochs"], self.lines("reported.tsv"))
        with self.assertRaisesRegex(tmeval_export.ExportError, "not one of"):
            tmeval_export.Reported("elbo", 812.5, 20, 3000)
        with self.assertRaisesRegex(tmeval_export.ExportError, "positive"):
            tmeval_export.Reported("perplexity", 0, 20, 3000)
        with self.assertRaisesRegex(tmeval_export.ExportError, "at least 1"):
            tmeval_export.Reported("perplexity", 5, 0, 3000)


class SafeWriteTest(unittest.TestCase):
    """The module writes as the jar does: a temporary file nobody can plant or guess, the replaced file's mode and
    owner kept, nothing left behind on an error. Each test works in a directory of its own."""

    def setUp(self):
        import tempfile
        self.dir = tempfile.mkdtemp(dir=OUT)
        self.victim = os.path.join(self.dir, "victim.txt")
        with open(self.victim, "w", encoding="utf-8") as f:
            f.write("victim\n")

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name="model.tsv"):
        tmeval_export.write_model(self.path(name), ["x", "y"], [[1, 3]], 0.5)

    def assert_victim_untouched(self):
        with open(self.victim, encoding="utf-8") as f:
            self.assertEqual("victim\n", f.read())

    def assert_model_at(self, path):
        with open(path, encoding="utf-8") as f:
            self.assertEqual(tmeval_export.MAGIC, f.readline().rstrip("\n"))

    def parts(self):
        return sorted(f for f in os.listdir(self.dir) if f.endswith(".part"))

    def test_links_planted_at_the_names_of_the_next_processes_are_not_followed(self):
        """The reported attack: links .model.tsv.PID.part -> victim.txt for this and the next process ids."""
        planted = []
        for pid in range(os.getpid() - 5, os.getpid() + 200):
            for name in ("model.tsv", "model.tsv.gz"):
                link = self.path(".%s.%d.part" % (name, pid))
                os.symlink(self.victim, link)
                planted.append(link)
        self.write()
        self.write("model.tsv.gz")
        self.assert_victim_untouched()
        self.assertFalse(os.path.islink(self.path("model.tsv")), "the model replaced nothing with a link")
        self.assert_model_at(self.path("model.tsv"))
        import gzip
        with gzip.open(self.path("model.tsv.gz"), "rt", encoding="utf-8") as f:
            self.assertEqual(tmeval_export.MAGIC + "\n", f.readline())
        for link in planted:
            self.assertEqual(self.victim, os.readlink(link), "a planted link is left as it was")

    def test_a_link_or_file_planted_at_every_name_it_could_choose_is_never_opened(self):
        """Names drawn from a fixed list here: with a link or a file at each of them the write fails naming the
        directory and touches none of them; with one name free it uses that one."""
        names = [b".model.tsv.planted%d.part" % i for i in range(4)]
        drawn = []

        def draws(_name):
            drawn.append(names[len(drawn) % len(names)])
            return drawn[-1]

        original = tmeval_export._temporary_name
        tmeval_export._temporary_name = draws
        try:
            for i, name in enumerate(names):
                planted = self.path(os.fsdecode(name))
                if i % 2:
                    os.symlink(self.victim, planted)
                else:
                    with open(planted, "w", encoding="utf-8") as f:
                        f.write("planted\n")
            with self.assertRaises(tmeval_export.ExportError) as e:
                self.write()
            self.assertIn(self.dir, str(e.exception))
            self.assertIn("random names were all taken", str(e.exception))
            self.assertEqual(tmeval_export._ATTEMPTS, len(drawn), "every attempt drew a name")
            self.assertFalse(os.path.lexists(self.path("model.tsv")))
            self.assert_victim_untouched()
            for i, name in enumerate(names):
                planted = self.path(os.fsdecode(name))
                if i % 2:
                    self.assertEqual(self.victim, os.readlink(planted))
                else:
                    with open(planted, encoding="utf-8") as f:
                        self.assertEqual("planted\n", f.read())
            os.remove(self.path(os.fsdecode(names[3])))
            self.write()
            self.assert_model_at(self.path("model.tsv"))
            self.assert_victim_untouched()
            self.assertEqual(sorted(os.fsdecode(n) for n in names[:3]), self.parts(), "only the planted files remain")
        finally:
            tmeval_export._temporary_name = original

    def test_the_temporary_name_is_unguessable_and_fits(self):
        a = tmeval_export._temporary_name(b"model.tsv")
        b = tmeval_export._temporary_name(b"model.tsv")
        self.assertNotEqual(a, b)
        self.assertTrue(a.startswith(b".model.tsv.%d." % os.getpid()) and a.endswith(b".part"), a)
        long = ("\u00e9" * 127).encode("utf-8")  # 254 bytes: a legal name that must be cut, not split mid-character
        cut = tmeval_export._temporary_name(long)
        self.assertLessEqual(len(cut), 255)
        cut.decode("utf-8")

    def test_a_replaced_file_keeps_its_mode_owner_and_group(self):
        target = self.path("model.tsv")
        with open(target, "w", encoding="utf-8") as f:
            f.write("old\n")
        os.chmod(target, 0o640)
        owner = (os.geteuid(), os.getegid())
        if os.geteuid() == 0:
            owner = (65534, 65534)  # root can give the file away: the replacement must be given it too
            os.chown(target, *owner)
        self.write()
        st = os.stat(target)
        self.assertEqual(0o640, st.st_mode & 0o7777)
        self.assertEqual(owner, (st.st_uid, st.st_gid))
        self.assert_model_at(target)
        self.assertEqual([], self.parts())

    def test_a_new_file_gets_the_mode_any_new_file_gets(self):
        mask = os.umask(0o022)
        os.umask(mask)
        self.write()
        self.assertEqual(0o666 & ~mask, os.stat(self.path("model.tsv")).st_mode & 0o7777)

    def test_the_temporary_file_is_removed_on_any_error(self):
        target = self.path("heldout.tsv")
        with open(target, "w", encoding="utf-8") as f:
            f.write("old\n")

        def interrupted(text):
            raise KeyboardInterrupt()

        with self.assertRaises(KeyboardInterrupt):
            tmeval_export._write_token_lines(interrupted, ["a"], target, None)
        with self.assertRaises(tmeval_export.ExportError):
            tmeval_export._write_token_lines(str.split, ["a", "b"], target, ["x", "x"])
        original = os.replace

        def fails(*args):
            raise OSError(28, "No space left on device")

        os.replace = fails
        try:
            with self.assertRaises(OSError):
                tmeval_export._write_token_lines(str.split, ["a"], target, None)
        finally:
            os.replace = original
        self.assertEqual([], self.parts(), "no temporary file left behind")
        with open(target, encoding="utf-8") as f:
            self.assertEqual("old\n", f.read(), "the old file is left whole")

    def test_a_link_at_the_target_is_written_through_and_survives(self):
        real = self.path("real.tsv")
        with open(real, "w", encoding="utf-8") as f:
            f.write("old\n")
        os.symlink("real.tsv", self.path("model.tsv"))
        self.write()
        self.assertEqual("real.tsv", os.readlink(self.path("model.tsv")))
        self.assert_model_at(real)
        os.symlink("missing.tsv", self.path("dangling.tsv"))
        with self.assertRaises(tmeval_export.ExportError) as e:
            self.write("dangling.tsv")
        self.assertIn("does not exist", str(e.exception))
        self.assertFalse(os.path.lexists(self.path("missing.tsv")))

    def test_a_fifo_is_written_into_and_a_directory_or_a_hard_linked_file_refused(self):
        import threading
        fifo = self.path("pipe")
        os.mkfifo(fifo)
        got = []

        def read():
            with open(fifo, encoding="utf-8") as f:
                got.append(f.read())

        reader = threading.Thread(target=read)
        reader.start()
        self.write("pipe")
        reader.join(10)
        self.assertTrue(got and got[0].startswith(tmeval_export.MAGIC), got)
        self.assertTrue(os.path.exists(fifo) and not os.path.isfile(fifo), "the FIFO is still a FIFO")
        os.mkdir(self.path("dir"))
        with self.assertRaises(tmeval_export.ExportError) as e:
            self.write("dir")
        self.assertIn("is a directory", str(e.exception))
        os.link(self.victim, self.path("linked.tsv"))
        with self.assertRaises(tmeval_export.ExportError) as e:
            self.write("linked.tsv")
        self.assertIn("hard links", str(e.exception))
        self.assert_victim_untouched()
        self.assertEqual([], self.parts())


if __name__ == "__main__":
    if OUT is None:
        import tempfile
        OUT = tempfile.mkdtemp()
    program = unittest.main(exit=False, verbosity=2)
    with open(os.path.join(OUT, "expected.txt"), "w", encoding="utf-8") as f:
        for name, tolerance, alpha in expected:
            f.write("%s\t%s\t%s\n" % (name, tolerance, ",".join(repr(a) for a in alpha)))
    with open(os.path.join(OUT, "families.txt"), "w", encoding="utf-8") as f:
        for name in families:
            f.write(name + "\n")
    sys.exit(0 if program.result.wasSuccessful() else 1)
