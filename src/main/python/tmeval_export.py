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
    tmeval_export.export_ctm(ctm, words, "prodlda.tsv")                  # contextualized-topic-models' CTM (ProdLDA or LDA)
    tmeval_export.export_pyro_prodlda(prodlda, words, "prodlda.tsv")     # pyro's ProdLDA example
    tmeval_export.write_model("ctm.tsv", words, topics_k_by_v,             # any logistic-normal model, from arrays
                              prior=tmeval_export.LogisticNormal(mu, cov=sigma))

``tmeval export-module > tmeval_export.py`` writes this file from tmeval's jar.

The number a library prints: ``export_sklearn`` and ``export_gensim`` also record what their bounds need beyond the
topics (lambda's row sums, eta, the held-out E-step's stopping rule) in ``# library-bound`` lines, from which
``tmeval estimate --summary`` recomputes ``perplexity()`` / ``log_perplexity()`` and explains its gap to the
held-out likelihood; ``write_model(..., reported=[Reported(...)])`` records a number a library reported (ProdLDA's
ELBO perplexity, ETM's completion perplexity) in a ``# library-reported`` line. Both are comment lines that every
tmeval skips where it does not use them.

Besides LDA, a model may have a logistic-normal prior (``LogisticNormal``: ``#prior logistic-normal``, ``#mu`` and
``#cov`` or ``#var`` lines instead of ``#alpha``) and a product-of-experts decoder (``Product``: ``#decoder product``,
each word line holding B(w, 1..K) and c(w)); ``fold_batchnorm`` folds an evaluation-mode batch normalisation into B and
c.

The file (``#tmeval-model v1``, ``#name``, ``#alpha``, then one line per word with its K probabilities) holds every
probability as a full-precision float64 (Python's ``repr``), each topic renormalised to sum to 1 (float32 models drift
from 1 by more than tmeval's tolerance of 1e-6), and every word verbatim: a word that looks like a number, holds a
comma or a quote, or ends in a space is written as it is. A word holding a tab or a line break cannot be written (the
format separates by them) and is an error naming it. A name ending in ``.gz`` is written gzip. The file appears only
when complete, as the jar writes its own: into a temporary file beside the target, made exclusively under a name
nobody can guess (a link or file planted there is never opened), renamed into place keeping the replaced file's mode,
owner and group, and removed on any error; a link at the target is written through (it survives), a device or FIFO is
written into, and a directory, a dangling link or a file with other hard links is refused.
"""

import gzip
import io
import math
import os
import secrets
import stat

__all__ = ["ExportError", "write_model", "export_gensim", "export_sklearn", "export_tomotopy", "write_heldout_tokens",
           "write_heldout_tokens_gensim", "gensim_tokens", "LogisticNormal", "Product", "fold_batchnorm", "export_ctm",
           "export_pyro_prodlda", "Reported"]

MAGIC = "#tmeval-model v1"
# Temporary files: names drawn before giving up (each 64 random bits), and the longest file name Linux takes
_ATTEMPTS = 100
_MAX_NAME_BYTES = 255


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


def _temporary_name(name):
    """``.NAME.PID.RANDOM.part`` (bytes), as the jar names its own: 64 bits from ``secrets`` that nobody can predict, and
    NAME cut at a character boundary so that the whole fits in the 255 bytes a file name may have."""
    tail = (".%d.%s.part" % (os.getpid(), secrets.token_hex(8))).encode("ascii")
    cut = name[:_MAX_NAME_BYTES - 1 - len(tail)]
    while len(cut) < len(name) and cut and 0x80 <= name[len(cut)] < 0xC0:
        cut = cut[:-1]  # do not split a UTF-8 character
    return b"." + cut + tail


def _target(path):
    """The file that writing ``path`` replaces (bytes; a symbolic link followed to its end, so that the link survives)
    and its status (None for a new file); refuses what the jar refuses, before any work."""
    path = os.fsencode(path)
    if os.path.islink(path):
        end = os.path.realpath(path)
        if not os.path.lexists(end):
            raise ExportError("%s: a symbolic link to %s, which does not exist" % (os.fsdecode(path), os.fsdecode(end)))
        path = end
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return path, None
    if stat.S_ISDIR(st.st_mode):
        raise ExportError("%s: is a directory" % os.fsdecode(path))
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        raise ExportError("%s: has %d hard links; replacing it would split them, writing into it would not be"
                          " all-or-nothing" % (os.fsdecode(path), st.st_nlink))
    return path, st


def _create_temporary(target, mode):
    """A new file beside target, made exclusively (``O_EXCL | O_NOFOLLOW``: never an existing file or a link planted
    under its name, which only makes another name be drawn); returns its descriptor and its path."""
    directory = os.path.dirname(target) or b"."
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(_ATTEMPTS):
        part = os.path.join(directory, _temporary_name(os.path.basename(target)))
        try:
            return os.open(part, flags, mode), part
        except FileExistsError:
            continue  # a coincidence or a planted file: draw another name
        except OSError as e:
            raise ExportError("%s: cannot create a temporary file there (%s)" % (os.fsdecode(directory), e.strerror)) from None
    raise ExportError("%s: cannot create a temporary file there (%d random names were all taken)"
                      % (os.fsdecode(directory), _ATTEMPTS))


def _keep_owner(fd, target, st):
    """The temporary file takes the owner and group of the file it will replace, before any work (only root can give a
    file to another user: refused then, as the jar refuses)."""
    if not hasattr(os, "fchown") or (st.st_uid, st.st_gid) == (os.geteuid(), os.getegid()):
        return  # no owners here (Windows), or nothing to change
    try:
        os.fchown(fd, st.st_uid, st.st_gid)
    except OSError as e:
        raise ExportError("%s: cannot keep its owner and group %d:%d in its replacement (%s)"
                          % (os.fsdecode(target), st.st_uid, st.st_gid, e.strerror)) from None


def _open_text(path):
    """A text stream for path (gzip when path ends in .gz), and the functions that move it into place or discard it.

    A regular or new file is written to a temporary file beside it, created exclusively under an unguessable name, that
    replaces it only when complete, keeping its mode, owner and group; a link is written through to its target (the
    link survives); a device or FIFO is written into. On any error the temporary file is removed."""
    gz = os.fsdecode(path).endswith(".gz")
    target, st = _target(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        raw = open(target, "wb")  # /dev/null, a FIFO: written into, never replaced
        binary = gzip.GzipFile(fileobj=raw, mode="wb") if gz else raw
        f = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")

        def close():
            f.close()
            raw.close()

        return f, close, close
    # a replacement stays owner-only until it is in place; a new file gets what any new file gets (the umask's mode)
    fd, part = _create_temporary(target, 0o600 if st is not None else 0o666)
    state = {"done": False}

    def abort():
        if state["done"]:
            return
        state["done"] = True
        for stream in (f, raw):
            try:
                stream.close()
            except Exception:  # noqa: BLE001 (the file is being discarded anyway)
                pass
        try:
            os.unlink(part)
        except OSError:
            pass

    try:
        if st is not None:
            _keep_owner(fd, target, st)
        raw = os.fdopen(fd, "wb")
    except BaseException:
        os.close(fd)
        os.unlink(part)
        raise
    binary = gzip.GzipFile(fileobj=raw, mode="wb") if gz else raw
    f = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")

    def commit():
        try:
            f.flush()
            f.detach()
            if gz:
                binary.close()  # the gzip trailer; raw stays open
            raw.flush()
            if st is not None and hasattr(os, "fchmod"):
                # the mode last (writing clears set-id bits), as the file has it now
                current = os.stat(target) if os.path.exists(target) else st
                os.fchmod(raw.fileno(), stat.S_IMODE(current.st_mode))
            raw.close()
            now = os.lstat(target) if os.path.lexists(target) else None
            if now is not None and not stat.S_ISREG(now.st_mode):
                raise ExportError("%s: became something other than a regular file while it was written; not replacing it"
                                  % os.fsdecode(target))
            os.replace(part, target)
            state["done"] = True
        except BaseException:
            abort()
            raise

    return f, commit, abort


class LogisticNormal:
    """A logistic-normal prior: theta = softmax(eta), eta ~ N(mu, Sigma). ``mu`` has D values, D = K, or K - 1 with
    eta_K = 0 (CTM's and STM's convention); give the covariance as ``cov`` (D rows of D: written as D ``#cov`` lines) or
    its diagonal as ``var`` (D variances: one ``#var`` line). Sigma must be symmetric and positive definite. Raises
    ExportError naming the first problem."""

    def __init__(self, mu, cov=None, var=None):
        self.mu = [_number(m, "mu_%d" % (i + 1)) for i, m in enumerate(_tolist(mu))]
        d = len(self.mu)
        if d == 0:
            raise ExportError("mu has no values")
        if (cov is None) == (var is None):
            raise ExportError("give the covariance as cov (D x D) or its diagonal as var (D values), one of the two")
        if var is not None:
            self.var = [_number(v, "variance %d" % (i + 1)) for i, v in enumerate(_tolist(var))]
            if len(self.var) != d:
                raise ExportError("%d variances for D = %d (the length of mu)" % (len(self.var), d))
            for i, v in enumerate(self.var):
                if not v > 0:
                    raise ExportError("variance %d is %r; it must be positive" % (i + 1, v))
            self.cov = None
            return
        rows = [list(_tolist(r)) for r in _tolist(cov)]
        if len(rows) != d or any(len(r) != d for r in rows):
            raise ExportError("the covariance must be D x D = %d x %d (D the length of mu)" % (d, d))
        self.cov = [[_number(x, "covariance entry (%d, %d)" % (i + 1, j + 1)) for j, x in enumerate(r)] for i, r in enumerate(rows)]
        for i in range(d):
            for j in range(i):
                a, b = self.cov[i][j], self.cov[j][i]
                if abs(a - b) > 1e-9 * max(abs(a), abs(b)):
                    raise ExportError("the covariance is not symmetric: entry (%d, %d) is %r but (%d, %d) is %r"
                                      % (i + 1, j + 1, a, j + 1, i + 1, b))
        if not _positive_definite(self.cov):
            raise ExportError("the covariance is not positive definite (its Cholesky factorisation fails)")
        self.var = None

    def dimension(self):
        return len(self.mu)

    def lines(self):
        """The header lines, as tmeval reads them."""
        out = ["#prior\tlogistic-normal", "#mu\t" + "\t".join(repr(m) for m in self.mu)]
        if self.var is not None:
            out.append("#var\t" + "\t".join(repr(v) for v in self.var))
        else:
            out.extend("#cov\t" + "\t".join(repr(x) for x in row) for row in self.cov)
        return out


def _positive_definite(a):
    """Whether a symmetric matrix (lists) is positive definite: its Cholesky factorisation succeeds."""
    d = len(a)
    low = [[0.0] * d for _ in range(d)]
    for i in range(d):
        for j in range(i + 1):
            s = a[i][j] - math.fsum(low[i][k] * low[j][k] for k in range(j))
            if i == j:
                if not s > 0:
                    return False
                low[i][i] = math.sqrt(s)
            else:
                low[i][j] = s / low[j][j]
    return True


class Product:
    """ProdLDA's product-of-experts decoder: p(w | theta) = softmax over the words of (B theta + c). ``weights`` is B as
    K rows of V (topic by word, as ``topics`` is; a torch ``nn.Linear(K, V)`` holds it as V rows of K: pass its
    transpose), ``bias`` is c, V values; both any finite numbers. See ``fold_batchnorm`` for a decoder whose logits go
    through a batch normalisation."""

    def __init__(self, weights, bias):
        self.weights = [list(_tolist(r)) for r in _tolist(weights)]
        self.bias = list(_tolist(bias))
        if not self.weights:
            raise ExportError("B has no rows (topics)")


def fold_batchnorm(weights, running_mean, running_var, eps=1e-5, gamma=None, beta=None, linear_bias=None):
    """The ``Product`` decoder of logits that go through a batch normalisation in evaluation mode (ProdLDA's, as
    contextualized-topic-models and pyro's example build it): a_w = gamma_w (x_w - m_w) / sqrt(v_w + eps) + beta_w with
    x = B theta + b, m and v the running mean and variance; so a = B' theta + c with

        B'(k, w) = s_w B(k, w),  c(w) = beta_w + s_w (b_w - m_w),  s_w = gamma_w / sqrt(v_w + eps)

    (gamma 1 and beta 0 for ``affine=False``, b 0 for a layer without bias). ``weights`` is B as K rows of V."""
    rows = [list(_tolist(r)) for r in _tolist(weights)]
    mean = [float(x) for x in _tolist(running_mean)]
    var = [float(x) for x in _tolist(running_var)]
    num_words = len(mean)
    gamma = [1.0] * num_words if gamma is None else [float(x) for x in _tolist(gamma)]
    beta = [0.0] * num_words if beta is None else [float(x) for x in _tolist(beta)]
    b = [0.0] * num_words if linear_bias is None else [float(x) for x in _tolist(linear_bias)]
    for what, v in (("running_var", var), ("gamma", gamma), ("beta", beta), ("linear_bias", b)):
        if len(v) != num_words:
            raise ExportError("%s has %d values, running_mean %d" % (what, len(v), num_words))
    scale = [gamma[w] / math.sqrt(var[w] + eps) for w in range(num_words)]
    folded = []
    for k, row in enumerate(rows):
        if len(row) != num_words:
            raise ExportError("B's topic %d has %d weights, running_mean %d" % (k, len(row), num_words))
        folded.append([scale[w] * float(row[w]) for w in range(num_words)])
    return Product(folded, [beta[w] + scale[w] * (b[w] - mean[w]) for w in range(num_words)])


class Reported:
    """A number a library reported on held-out documents, as a perplexity, recorded so that tmeval shows it beside the
    held-out likelihood with the gap. ``kind`` is ``"elbo-perplexity"`` (exp(-ELBO per token): ProdLDA, NVDM),
    ``"completion-perplexity"`` (document completion with a point estimate of theta: ETM, stm) or ``"perplexity"``;
    ``documents`` and ``tokens`` are what it covered (tmeval computes the gap only on a corpus of as many), ``source``
    free text (the library, its settings)."""

    KINDS = ("elbo-perplexity", "completion-perplexity", "perplexity")

    def __init__(self, kind, perplexity, documents, tokens, source=""):
        if kind not in self.KINDS:
            raise ExportError("reported kind %r is not one of %s" % (kind, ", ".join(self.KINDS)))
        self.kind = kind
        self.perplexity = _number(perplexity, "the reported perplexity")
        if not self.perplexity > 0:
            raise ExportError("the reported perplexity is %r; it must be positive" % self.perplexity)
        self.documents = int(documents)
        self.tokens = int(tokens)
        if self.documents < 1 or self.tokens < 1:
            raise ExportError("the reported number covers %d documents and %d tokens; both must be at least 1"
                              % (self.documents, self.tokens))
        self.source = " ".join(str(source).split())

    def line(self):
        return "\t".join(["# library-reported", self.kind, repr(self.perplexity), str(self.documents), str(self.tokens),
                          self.source]).rstrip("\t")


def _bound_lines(library, lambda_sums, eta, iterations, tolerance):
    """The ``# library-bound`` lines: what the library's bound needs beyond phi and alpha (formats.md)."""
    eta = _tolist(eta)
    etas = [_number(e, "eta") for e in (eta if isinstance(eta, (list, tuple)) else [eta])]
    if etas and all(e == etas[0] for e in etas):
        etas = etas[:1]
    return ["# library-bound\tlibrary\t" + library,
            "# library-bound\tlambda-sums\t" + "\t".join(repr(s) for s in lambda_sums),
            "# library-bound\teta\t" + "\t".join(repr(e) for e in etas),
            "# library-bound\te-step\t%d\t%r" % (int(iterations), float(tolerance))]


_HEADER_KEYWORDS = ("#prior", "#decoder", "#alpha", "#mu", "#cov", "#var", "#name")


def write_model(path, words, topics=None, alpha=None, name=None, prior=None, decoder=None, reported=None, _comments=()):
    """Write a model: ``topics`` is K rows of V weights (topic by word, any non-negative scale: each row is
    renormalised to sum to 1), ``words`` the V words in column order, ``alpha`` K positive values or one number (a
    symmetric prior). Other families: ``prior=LogisticNormal(mu, cov=...)`` (or ``var=...``) in place of ``alpha``;
    ``decoder=Product(B, c)`` in place of ``topics``. ``reported``: numbers the library reported (``Reported``, or a
    list of them). Raises ExportError naming the first problem; nothing is written then."""
    if isinstance(reported, Reported):
        reported = [reported]
    comments = list(_comments)
    for r in reported or []:
        if not isinstance(r, Reported):
            raise ExportError("reported holds %r, not a tmeval_export.Reported" % (r,))
        comments.append(r.line())
    words = [_check_word(w, i) for i, w in enumerate(_tolist(words))]
    seen = {}
    for i, w in enumerate(words):
        if w in seen:
            raise ExportError("word %r appears twice (columns %d and %d)" % (w, seen[w], i))
        seen[w] = i
    num_words = len(words)
    if decoder is None:
        if topics is None:
            raise ExportError("give the topics (K rows of V weights) or a decoder")
        word_rows = _mixture_rows(words, topics)
        num_topics = len(word_rows[0]) if word_rows else 0
    else:
        if topics is not None:
            raise ExportError("a product decoder replaces the topics: give one of topics and decoder")
        if not isinstance(decoder, Product):
            raise ExportError("decoder is %r, not a tmeval_export.Product" % (decoder,))
        word_rows = _product_rows(words, decoder)
        num_topics = len(decoder.weights)
    if prior is None:
        if alpha is None:
            raise ExportError("give alpha (LDA's Dirichlet prior) or a prior")
        header = ["#alpha\t" + "\t".join(repr(a) for a in _alpha(alpha, num_topics))]
    else:
        if alpha is not None:
            raise ExportError("alpha and a logistic-normal prior: a model has one prior, give one of the two")
        if not isinstance(prior, LogisticNormal):
            raise ExportError("prior is %r, not a tmeval_export.LogisticNormal" % (prior,))
        d = prior.dimension()
        if d != num_topics and d != num_topics - 1:
            raise ExportError("eta has D = %d components for K = %d topics; D must be K, or K - 1 with eta_K = 0" % (d, num_topics))
        if words and words[0].split("\t")[0].split(" ")[0] in _HEADER_KEYWORDS:
            raise ExportError("the first word, %r, would read as a header line of a logistic-normal model; put another word"
                              " first" % words[0])
        header = prior.lines()
    if decoder is not None:
        header.insert(0, "#decoder\tproduct")
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
        for line in comments:
            f.write(line + "\n")
        for line in header:
            f.write(line + "\n")
        for w, word in enumerate(words):
            f.write(word + "\t" + "\t".join(repr(v) for v in word_rows[w]) + "\n")
    except BaseException:
        abort()
        raise
    commit()


def _mixture_rows(words, topics):
    """Each word's K probabilities, every topic renormalised."""
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
    return [[phi[k][w] for k in range(len(phi))] for w in range(num_words)]


def _product_rows(words, decoder):
    """Each word's B(w, 1..K) and c(w)."""
    num_words = len(words)
    rows = decoder.weights
    if len(rows) == num_words and rows and len(rows[0]) != num_words:
        raise ExportError("B has %d rows of %d, one per word: give it as K rows of V (its transpose)" % (len(rows), len(rows[0])))
    if len(decoder.bias) != num_words:
        raise ExportError("c has %d values but there are %d words" % (len(decoder.bias), num_words))
    b = []
    for k, row in enumerate(rows):
        if len(row) != num_words:
            raise ExportError("B's topic %d has %d weights but there are %d words" % (k, len(row), num_words))
        b.append([_number(x, "B(%r, %d)" % (words[w], k + 1)) for w, x in enumerate(row)])
    c = [_number(x, "c(%r)" % words[w]) for w, x in enumerate(decoder.bias)]
    return [[b[k][w] for k in range(len(b))] + [c[w]] for w in range(num_words)]


def _alpha(alpha, num_topics):
    alpha = _tolist(alpha)
    if isinstance(alpha, (list, tuple)):
        alpha = [_number(a, "alpha %d" % k) for k, a in enumerate(alpha)]
        if len(alpha) == 1:
            alpha = alpha * num_topics
    else:
        alpha = [_number(alpha, "alpha")] * num_topics
    if len(alpha) != num_topics:
        raise ExportError("%d alpha values for %d topics" % (len(alpha), num_topics))
    for k, a in enumerate(alpha):
        if not a > 0:
            raise ExportError("alpha of topic %d is %r; it must be positive" % (k, a))
    return alpha


def export_ctm(ctm, words, path, name=None, reported=None):
    """contextualized-topic-models' CTM (``CombinedTM``, ``ZeroShotTM``) after training, and the V words of its input
    (``TopicModelDataPreparation.vocab``, in column order). Its prior is logistic-normal with D = K, diagonal:
    ``ctm.model.prior_mean`` and ``ctm.model.prior_variance`` (by default the Laplace approximation of a Dirichlet(1):
    mean 0, variance 1 - 1/K). Its decoder by ``model_type``: ``prodLDA`` is a product, softmax(BN(theta B)) with
    B = ``ctm.model.beta`` (K x V) and BN its ``beta_batchnorm`` in evaluation mode, folded (``fold_batchnorm``);
    ``LDA`` is a mixture whose topic k is softmax(BN(B_k)). ``reported``: the ELBO perplexity the model reported
    (``Reported("elbo-perplexity", ...)``), recorded beside it."""
    net = ctm.model
    bn = net.beta_batchnorm
    k = len(_tolist(net.prior_mean))
    prior = LogisticNormal(net.prior_mean, var=net.prior_variance)
    folded = fold_batchnorm(net.beta, bn.running_mean, bn.running_var, bn.eps, getattr(bn, "weight", None), getattr(bn, "bias", None))
    if getattr(ctm, "model_type", getattr(net, "model_type", "prodLDA")) == "prodLDA":
        write_model(path, words, prior=prior, decoder=folded, name=name, reported=reported)
        return
    topics = []
    for row in folded.weights[:k]:
        logits = [row[w] + folded.bias[w] for w in range(len(row))]
        top = max(logits)
        topics.append([math.exp(x - top) for x in logits])
    write_model(path, words, topics, prior=prior, name=name, reported=reported)


def export_pyro_prodlda(prodlda, words, path, prior=None, name=None, reported=None):
    """pyro's ProdLDA example (``ProdLDA`` with ``decoder.beta = nn.Linear(K, V, bias=False)`` and ``decoder.bn =
    nn.BatchNorm1d(V, affine=False)``), after ``prodlda.eval()``'s training: the decoder folded (``fold_batchnorm``), the
    prior the example's N(0, I) over K logits unless ``prior`` is given."""
    decoder = prodlda.decoder
    linear = decoder.beta
    weight = [list(r) for r in _tolist(linear.weight)]  # V rows of K
    k = len(weight[0])
    b = [[weight[w][t] for w in range(len(weight))] for t in range(k)]
    bn = decoder.bn
    folded = fold_batchnorm(b, bn.running_mean, bn.running_var, bn.eps, getattr(bn, "weight", None), getattr(bn, "bias", None),
                            getattr(linear, "bias", None))
    if prior is None:
        prior = LogisticNormal([0.0] * k, var=[1.0] * k)
    write_model(path, words, prior=prior, decoder=folded, name=name, reported=reported)


def export_gensim(lda, path, name=None):
    """A gensim LdaModel (or LdaMulticore): its topics, normalised from ``state.get_lambda()`` (K x V; else
    ``get_topics()``), ``alpha`` (K values), words from ``id2word``; and for ``log_perplexity``/``bound`` lambda's row
    sums, ``eta``, ``iterations`` and ``gamma_threshold`` (``# library-bound`` lines)."""
    state = getattr(lda, "state", None)
    lambdas = _tolist(state.get_lambda()) if state is not None else None
    topics = lambdas if lambdas is not None else _tolist(lda.get_topics())
    num_words = len(topics[0]) if len(topics) else 0
    id2word = lda.id2word
    words = [id2word[i] for i in range(num_words)]
    comments = ()
    if lambdas is not None and hasattr(lda, "eta"):
        comments = _bound_lines("gensim", [math.fsum(float(x) for x in row) for row in lambdas], lda.eta, lda.iterations,
                                lda.gamma_threshold)
    write_model(path, words, topics, lda.alpha, name, _comments=comments)


def _feature_names(vectorizer):
    get = getattr(vectorizer, "get_feature_names_out", None) or getattr(vectorizer, "get_feature_names")
    return _tolist(get())


def export_sklearn(lda, vectorizer, path, name=None):
    """A scikit-learn LatentDirichletAllocation and the vectorizer it was fitted on: ``components_`` (K x V, each row
    normalised), ``doc_topic_prior_`` (one number: a symmetric prior), words from
    ``vectorizer.get_feature_names_out()``; and for ``perplexity()``/``score()`` the row sums of ``components_``,
    ``topic_word_prior_``, ``max_doc_update_iter`` and ``mean_change_tol`` (``# library-bound`` lines)."""
    prior = getattr(lda, "doc_topic_prior_", None)
    if prior is None:
        prior = getattr(lda, "doc_topic_prior", None)
    components = _tolist(lda.components_)
    if prior is None:
        prior = 1.0 / len(components)
    comments = ()
    eta = getattr(lda, "topic_word_prior_", None)
    if eta is not None:
        # perplexity()/score(): lambda is components_ itself, eta its topic_word_prior_
        comments = _bound_lines("scikit-learn", [math.fsum(float(x) for x in row) for row in components], eta,
                                lda.max_doc_update_iter, lda.mean_change_tol)
    write_model(path, _feature_names(vectorizer), components, prior, name, _comments=comments)


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
