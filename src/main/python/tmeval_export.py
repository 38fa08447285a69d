"""Write a topic model from gensim, scikit-learn or tomotopy as tmeval's native model file.

No dependency beyond the Python 3 standard library: numpy is not imported; arrays are accepted duck-typed (anything
with ``tolist()``, or any sequence of sequences). Copy this file next to your script, or put its directory on
``sys.path``.

    import tmeval_export
    tmeval_export.export_gensim(lda, "model.tsv")                      # gensim LdaModel
    tmeval_export.export_sklearn(lda, vectorizer, "model.tsv")          # scikit-learn LatentDirichletAllocation
    tmeval_export.export_tomotopy(mdl, "model.tsv")                     # tomotopy LDAModel
    tmeval_export.write_heldout_tokens(vectorizer, texts, "heldout.tsv")  # held-out text, tokenised the same way
    tmeval_export.write_heldout_tokens_gensim(dictionary, texts, "heldout.tsv")  # ... as gensim users tokenise

``tmeval export-module > tmeval_export.py`` writes this file from tmeval's jar.

The file (``#tmeval-model v1``, ``#name``, ``#alpha``, then one line per word with its K probabilities) holds every
probability as a full-precision float64 (Python's ``repr``), each topic renormalised to sum to 1 (float32 models drift
from 1 by more than tmeval's tolerance of 1e-6), and every word verbatim: a word that looks like a number, holds a
comma or a quote, or ends in a space is written as it is. A word holding a tab or a line break cannot be written (the
format separates by them) and is an error naming it. A name ending in ``.gz`` is written gzip. The file appears only
when complete (it is written beside the target and renamed into place).
"""

import gzip
import math
import os

__all__ = ["ExportError", "write_model", "export_gensim", "export_sklearn", "export_tomotopy", "write_heldout_tokens",
           "write_heldout_tokens_gensim", "gensim_tokens"]

MAGIC = "#tmeval-model v1"


class ExportError(ValueError):
    """The model cannot be written as a tmeval model file; the message says which word, topic or value, and why."""


def _tolist(x):
    """A numpy array (or anything with tolist) as nested lists; other sequences as they are."""
    tolist = getattr(x, "tolist", None)
    return tolist() if callable(tolist) else x


def _number(x, what):
    try:
        v = float(x)
    except (TypeError, ValueError):
        raise ExportError("%s is %r, not a number" % (what, x)) from None
    if not math.isfinite(v):
        raise ExportError("%s is %r, not a finite number" % (what, v))
    return v


def _check_word(word, index):
    if isinstance(word, bytes):
        try:
            word = word.decode("utf-8")
        except UnicodeDecodeError:
            raise ExportError("word %d is %r: bytes that are not UTF-8" % (index, word)) from None
    if not isinstance(word, str):
        raise ExportError("word %d is %r, not a string" % (index, word))
    if word == "":
        raise ExportError("word %d is empty" % index)
    for bad, label in (("\t", "a tab"), ("\n", "a line break"), ("\r", "a carriage return")):
        if bad in word:
            raise ExportError("word %d, %r, contains %s, which a tmeval model file cannot hold (it separates by it);"
                              " rename or drop that word before exporting" % (index, word, label))
    return word


def _open_text(path):
    """A temporary file beside path (gzip when path ends in .gz), and the function that moves it into place."""
    path = os.fspath(path)
    part = os.path.join(os.path.dirname(path) or ".", ".%s.%d.part" % (os.path.basename(path), os.getpid()))
    if path.endswith(".gz"):
        f = gzip.open(part, "wt", encoding="utf-8", newline="\n")
    else:
        f = open(part, "w", encoding="utf-8", newline="\n")

    def commit():
        f.close()
        os.replace(part, path)

    def abort():
        f.close()
        if os.path.exists(part):
            os.remove(part)

    return f, commit, abort


def write_model(path, words, topics, alpha, name=None):
    """Write a model: ``topics`` is K rows of V weights (topic by word, any non-negative scale: each row is
    renormalised to sum to 1), ``words`` the V words in column order, ``alpha`` K positive values or one number (a
    symmetric prior). Raises ExportError naming the first problem; nothing is written then."""
    words = [_check_word(w, i) for i, w in enumerate(_tolist(words))]
    seen = {}
    for i, w in enumerate(words):
        if w in seen:
            raise ExportError("word %r appears twice (columns %d and %d)" % (w, seen[w], i))
        seen[w] = i
    rows = [list(_tolist(r)) for r in _tolist(topics)]
    if not rows:
        raise ExportError("the model has no topics")
    num_words = len(words)
    phi = []
    for k, row in enumerate(rows):
        if len(row) != num_words:
            raise ExportError("topic %d has %d weights but there are %d words" % (k, len(row), num_words))
        values = [_number(x, "weight of %r in topic %d" % (words[w], k)) for w, x in enumerate(row)]
        for w, v in enumerate(values):
            if v < 0:
                raise ExportError("weight of %r in topic %d is negative (%r)" % (words[w], k, v))
        total = math.fsum(values)
        if not total > 0:
            raise ExportError("topic %d has no weight (sums to %r)" % (k, total))
        phi.append([v / total for v in values])
    alpha = _tolist(alpha)
    if isinstance(alpha, (list, tuple)):
        alpha = [_number(a, "alpha %d" % k) for k, a in enumerate(alpha)]
        if len(alpha) == 1:
            alpha = alpha * len(phi)
    else:
        alpha = [_number(alpha, "alpha")] * len(phi)
    if len(alpha) != len(phi):
        raise ExportError("%d alpha values for %d topics" % (len(alpha), len(phi)))
    for k, a in enumerate(alpha):
        if not a > 0:
            raise ExportError("alpha of topic %d is %r; it must be positive" % (k, a))
    if name is None:
        name = os.path.basename(os.fspath(path))
        for ext in (".gz", ".tsv", ".txt"):
            if name.endswith(ext):
                name = name[: -len(ext)]
    name = " ".join(str(name).split())

    f, commit, abort = _open_text(path)
    try:
        f.write(MAGIC + "\n")
        f.write("#name\t" + name + "\n")
        f.write("#alpha\t" + "\t".join(repr(a) for a in alpha) + "\n")
        for w, word in enumerate(words):
            f.write(word + "\t" + "\t".join(repr(phi[k][w]) for k in range(len(phi))) + "\n")
    except BaseException:
        abort()
        raise
    commit()


def export_gensim(lda, path, name=None):
    """A gensim LdaModel (or LdaMulticore): ``get_topics()`` (K x V), ``alpha`` (K values), words from ``id2word``."""
    topics = _tolist(lda.get_topics())
    num_words = len(topics[0]) if len(topics) else 0
    id2word = lda.id2word
    words = [id2word[i] for i in range(num_words)]
    write_model(path, words, topics, lda.alpha, name)


def _feature_names(vectorizer):
    get = getattr(vectorizer, "get_feature_names_out", None) or getattr(vectorizer, "get_feature_names")
    return _tolist(get())


def export_sklearn(lda, vectorizer, path, name=None):
    """A scikit-learn LatentDirichletAllocation and the vectorizer it was fitted on: ``components_`` (K x V, each row
    normalised), ``doc_topic_prior_`` (one number: a symmetric prior), words from
    ``vectorizer.get_feature_names_out()``."""
    prior = getattr(lda, "doc_topic_prior_", None)
    if prior is None:
        prior = getattr(lda, "doc_topic_prior", None)
    components = _tolist(lda.components_)
    if prior is None:
        prior = 1.0 / len(components)
    write_model(path, _feature_names(vectorizer), components, prior, name)


def export_tomotopy(mdl, path, name=None):
    """A tomotopy LDAModel: ``k`` topics, ``get_topic_word_dist(k)`` over ``used_vocabs``, ``alpha``."""
    topics = [_tolist(mdl.get_topic_word_dist(k)) for k in range(mdl.k)]
    write_model(path, list(mdl.used_vocabs), topics, mdl.alpha, name)


_SPACES = " \t\n\r\f\x0b"


def write_heldout_tokens(vectorizer, documents, path, ids=None):
    """Held-out documents as tmeval token lines (``docId<TAB>tok tok ...``), tokenised by the vectorizer's own analyzer
    (``build_analyzer()``: its lower-casing, token pattern, stop words), so that the held-out text is split exactly as
    the training text was. Tokens the model does not know are kept: tmeval drops and counts them. ``ids`` defaults to
    1, 2, 3, ...; an id may not contain a tab or line break, or be ``*``. A token holding whitespace (an n-gram of
    ``ngram_range`` above 1) cannot be written as a token line and is an error. Returns ``(tokens, unknown)``, the tokens
    written and how many of them the fitted vectorizer's ``vocabulary_`` lacks (``None`` for a vectorizer not fitted),
    as :func:`write_heldout_tokens_gensim` does."""
    vocabulary = getattr(vectorizer, "vocabulary_", None)
    return _write_counted(vectorizer.build_analyzer(), None if vocabulary is None else set(vocabulary), documents, path, ids)


def gensim_tokens(text, stopwords=None):
    """A text tokenised as gensim users tokenise it: ``gensim.utils.simple_preprocess`` (lower case, tokens of 2 to 15
    letters, accents kept) minus ``stopwords`` (default gensim's ``STOPWORDS``). Needs gensim."""
    from gensim.utils import simple_preprocess
    if stopwords is None:
        from gensim.parsing.preprocessing import STOPWORDS as stopwords
    return [t for t in simple_preprocess(text) if t not in stopwords]


def write_heldout_tokens_gensim(dictionary, documents, path, ids=None, tokenize=None):
    """Held-out documents as tmeval token lines, tokenised as the gensim model's training text usually was:
    ``tokenize(text)``, by default :func:`gensim_tokens` (``simple_preprocess`` minus gensim's ``STOPWORDS``; pass your own
    function if you tokenised otherwise). ``dictionary`` is the model's ``Dictionary`` (``lda.id2word``): tokens it
    lacks are kept in the file (tmeval drops and counts them, and names the likely cause) and counted here too. Returns
    ``(tokens, unknown)``, the tokens written and how many of them the dictionary lacks. ``ids`` as in
    :func:`write_heldout_tokens`."""
    known = set(dictionary.token2id) if hasattr(dictionary, "token2id") else set(dictionary.values())
    return _write_counted(tokenize or gensim_tokens, known, documents, path, ids)


def _write_counted(analyze, known, documents, path, ids):
    """:func:`_write_token_lines`, returning the tokens written and how many ``known`` lacks (``None`` if it is None)."""
    counts = [0, 0]

    def counted(text):
        tokens = list(analyze(text))
        counts[0] += len(tokens)
        if known is not None:
            counts[1] += sum(1 for t in tokens if t not in known)
        return tokens

    _write_token_lines(counted, documents, path, ids)
    return counts[0], (counts[1] if known is not None else None)


def _write_token_lines(analyze, documents, path, ids):
    """Token lines of documents split by ``analyze``; nothing is written on an error."""
    f, commit, abort = _open_text(path)
    try:
        used = set()
        for i, doc in enumerate(documents):
            doc_id = str(ids[i]) if ids is not None else str(i + 1)
            if doc_id == "" or doc_id == "*" or any(c in doc_id for c in "\t\n\r"):
                raise ExportError("document id %r cannot be written (empty, '*', or holding a tab or line break)" % doc_id)
            if doc_id in used:
                raise ExportError("document id %r appears twice" % doc_id)
            used.add(doc_id)
            tokens = analyze(doc)
            for t in tokens:
                if t == "" or any(c in t for c in _SPACES):
                    raise ExportError("document %s: token %r holds whitespace, which a token line cannot carry (an n-gram"
                                      " of ngram_range above 1?)" % (doc_id, t))
            f.write(doc_id + "\t" + " ".join(tokens) + "\n")
    except BaseException:
        abort()
        raise
    commit()
