"""Worked example: scikit-learn's perplexity against tmeval's estimates, on KOS (run by hand, not in CI).

Trains scikit-learn's LatentDirichletAllocation (batch learning, seeded) on the sample data's KOS training split,
exports it with tmeval_export, writes the held-out split as token lines through the same CountVectorizer, prints
scikit-learn's perplexity and score on the held-out documents, and takes scikit-learn's bound apart:

    score = sum_d D_d(gamma_d; E[log beta]) + T

D_d is a document's evidence lower bound computed with E_q[log beta] = digamma(lambda) - digamma(sum lambda) under
the variational Dirichlet over topics, at scikit-learn's E-step gamma (stopped at a mean change of 1e-3); T is the
topic-word term of the whole model, E_q[log p(beta | eta)] - E_q[log q(beta | lambda)], which does not depend on
the held-out documents. tmeval's vb is sum_d D_d(gamma*_d; log phi) with phi = lambda normalised (what the export
writes) and gamma* converged. The script computes every piece itself (numpy and scipy), checks that its pieces add
up to scikit-learn's own score, and, with --jar, runs tmeval's vb on the exported files and compares document by
document.

    python3 src/main/python/examples/sklearn_kos_worked_example.py --out /tmp/sk --jar target/tmeval.jar

Needs numpy, scipy and scikit-learn (tmeval_export itself needs none of them).
"""

import inspect
import argparse
import gzip
import os
import subprocess
import sys
import time

import numpy as np
from scipy.special import digamma, gammaln, logsumexp
from sklearn.decomposition import LatentDirichletAllocation
from sklearn.feature_extraction.text import CountVectorizer

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import tmeval_export  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))


def read_token_lines(path):
    ids, texts = [], []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            doc_id, _, tokens = line.rstrip("\n").partition("\t")
            ids.append(doc_id)
            texts.append(tokens)
    return ids, texts


def e_log_dirichlet(rows):
    """E[log x] under Dirichlet(row), row by row."""
    return digamma(rows) - digamma(rows.sum(axis=1, keepdims=True))


def topic_word_term(lam, eta):
    """E_q[log p(beta | eta)] - E_q[log q(beta | lambda)], summed over topics (eta symmetric)."""
    v = lam.shape[1]
    elog = e_log_dirichlet(lam)
    return float(np.sum((eta - lam) * elog) + np.sum(gammaln(lam) - gammaln(eta))
                 + np.sum(gammaln(eta * v) - gammaln(lam.sum(axis=1))))


def document_bound(ids, cnts, gamma, log_topic_word, alpha):
    """A document's evidence lower bound at gamma with q(z) at its optimum given gamma:
    sum_w c_w logsumexp_k(E[log theta_k] + log_topic_word[k, w]) + E[log p(theta | alpha)] - E[log q(theta | gamma)]."""
    k = gamma.shape[0]
    elog_theta = digamma(gamma) - digamma(gamma.sum())
    tokens = float(np.dot(cnts, logsumexp(elog_theta[:, None] + log_topic_word[:, ids], axis=0)))
    theta = (float(np.sum((alpha - gamma) * elog_theta)) + float(np.sum(gammaln(gamma) - gammaln(alpha)))
             + float(gammaln(alpha * k) - gammaln(gamma.sum())))
    return tokens + theta


def converged_gamma(ids, cnts, log_topic_word, alpha, tol=1e-12, max_iter=100_000):
    """scikit-learn's E-step update for one document, run until gamma moves by less than tol (mean absolute change)."""
    k = log_topic_word.shape[0]
    gamma = np.ones(k)
    tw = np.exp(log_topic_word[:, ids])
    for _ in range(max_iter):
        exp_theta = np.exp(digamma(gamma) - digamma(gamma.sum()))
        norm = exp_theta @ tw + 1e-300
        new = alpha + exp_theta * (tw @ (cnts / norm))
        if np.mean(np.abs(new - gamma)) < tol:
            return new
        gamma = new
    return gamma


def rows_of(x):
    for d in range(x.shape[0]):
        lo, hi = x.indptr[d], x.indptr[d + 1]
        yield d, x.indices[lo:hi], x.data[lo:hi].astype(float)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--train", default=os.path.join(ROOT, "sample-data", "kos-train.tokens.gz"))
    p.add_argument("--heldout", default=os.path.join(ROOT, "sample-data", "kos-heldout.tokens.gz"))
    p.add_argument("--out", required=True, help="directory for the model, the held-out tokens and vb.tsv")
    p.add_argument("--topics", type=int, default=50)
    p.add_argument("--max-iter", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jar", help="tmeval.jar: run 'estimate --method vb' on the export and compare per document")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)

    train_ids, train_texts = read_token_lines(a.train)
    held_ids, held_texts = read_token_lines(a.heldout)
    # the default analyzer: lower-casing and token_pattern (?u)\b\w\w+\b; every KOS word matches it, so the
    # vectorizer's tokens are the token lines' tokens
    vectorizer = CountVectorizer()
    x_train = vectorizer.fit_transform(train_texts)
    x_held = vectorizer.transform(held_texts)
    print("training: %d documents, %d tokens, V = %d; held out: %d documents, %d tokens in the vocabulary"
          % (x_train.shape[0], x_train.sum(), x_train.shape[1], x_held.shape[0], x_held.sum()))
    analyzer = vectorizer.build_analyzer()
    held_tokens = sum(len(analyzer(t)) for t in held_texts)
    print("held-out tokens the vectorizer drops (not in the training vocabulary): %d of %d"
          % (held_tokens - x_held.sum(), held_tokens))

    start = time.time()
    lda = LatentDirichletAllocation(n_components=a.topics, learning_method="batch", max_iter=a.max_iter,
                                    random_state=a.seed, n_jobs=1).fit(x_train)
    print("LatentDirichletAllocation(n_components=%d, learning_method='batch', max_iter=%d, random_state=%d):"
          " %d iterations, %.0f s; doc_topic_prior %g (alpha sum %g), topic_word_prior %g"
          % (a.topics, a.max_iter, a.seed, lda.n_iter_, time.time() - start, lda.doc_topic_prior_,
             lda.doc_topic_prior_ * a.topics, lda.topic_word_prior_))

    model = os.path.join(a.out, "sklearn-kos-k%d.tsv.gz" % a.topics)
    heldout = os.path.join(a.out, "heldout.tokens")
    tmeval_export.export_sklearn(lda, vectorizer, model)
    tmeval_export.write_heldout_tokens(vectorizer, held_texts, heldout, ids=held_ids)
    print("wrote %s and %s" % (model, heldout))

    words = float(x_held.sum())
    perplexity = lda.perplexity(x_held)
    score = lda.score(x_held)
    print()
    print("scikit-learn on the %d held-out documents (%d words):" % (x_held.shape[0], words))
    print("  perplexity(X)      %.4f   (log %.6f)" % (perplexity, np.log(perplexity)))
    print("  score(X)           %.4f nats = %.6f per word  (-log perplexity: %.6f)"
          % (score, score / words, -np.log(perplexity)))

    lam = lda.components_
    alpha = lda.doc_topic_prior_
    eta = lda.topic_word_prior_
    elog_beta = e_log_dirichlet(lam)
    log_phi = np.log(lam / lam.sum(axis=1, keepdims=True))
    # unnormalised gamma: transform(normalize=False) from scikit-learn 1.6, _unnormalized_transform before it (Debian's 1.2.1)
    gamma_sk = (lda.transform(x_held, normalize=False) if 'normalize' in inspect.signature(lda.transform).parameters
                else lda._unnormalized_transform(x_held))

    t = topic_word_term(lam, eta)
    d_sk = np.array([document_bound(ids, c, gamma_sk[d], elog_beta, alpha) for d, ids, c in rows_of(x_held)])
    d_elog = np.array([document_bound(ids, c, converged_gamma(ids, c, elog_beta, alpha), elog_beta, alpha)
                       for d, ids, c in rows_of(x_held)])
    d_phi = np.array([document_bound(ids, c, converged_gamma(ids, c, log_phi, alpha), log_phi, alpha)
                      for d, ids, c in rows_of(x_held)])
    # exp(E[log beta]) is not a distribution: how much mass it leaves out, per topic
    deficit = np.log(np.exp(elog_beta).sum(axis=1))

    print()
    print("scikit-learn's bound taken apart (nats; per held-out word in the last column):")
    rows = [
        ("topic-word term T (whole model, from lambda and eta)", t),
        ("documents' terms at sklearn's gamma, E[log beta]", d_sk.sum()),
        ("  sum: sklearn's score recomputed", t + d_sk.sum()),
        ("  difference from score(X)", t + d_sk.sum() - score),
        ("documents' terms, gamma converged, E[log beta]", d_elog.sum()),
        ("documents' terms, gamma converged, log phi: tmeval's vb", d_phi.sum()),
        ("E-step tolerance (converged - sklearn's gamma)", d_elog.sum() - d_sk.sum()),
        ("E[log beta] -> log phi (converged gammas)", d_phi.sum() - d_elog.sum()),
    ]
    for label, value in rows:
        print("  %-58s %16.4f %12.6f" % (label, value, value / words))
    print("  log sum_w exp(E[log beta_kw]) over the topics: min %.4f, mean %.4f, max %.4f"
          % (deficit.min(), deficit.mean(), deficit.max()))
    print("  vb per word %.6f -> perplexity %.4f (sklearn: %.4f)" % (d_phi.sum() / words, np.exp(-d_phi.sum() / words),
                                                                     perplexity))

    # T is one number for the whole model: per held-out word it grows as the held-out set shrinks
    first = min(100, x_held.shape[0])
    words_first = float(x_held[:first].sum())
    print()
    print("the first %d held-out documents (%d words): T per word %.6f; sklearn perplexity %.4f (log %.6f);"
          " vb per word %.6f (perplexity %.4f)"
          % (first, words_first, t / words_first, lda.perplexity(x_held[:first]), np.log(lda.perplexity(x_held[:first])),
             d_phi[:first].sum() / words_first, np.exp(-d_phi[:first].sum() / words_first)))

    # gensim's LdaModel.log_perplexity(chunk, total_docs) is bound(chunk, ratio) / (ratio * words), ratio =
    # total_docs / len(chunk), where bound scales the documents' terms by ratio and adds T once: the same pieces
    train_docs = x_train.shape[0]
    ratio = train_docs / x_held.shape[0]
    print("gensim's formula on these pieces (gensim not run): log_perplexity(heldout) = (D + T) / N = %.6f;"
          " log_perplexity(heldout, total_docs=%d) = D / N + T / (%.4f N) = %.6f; its log line's 'perplexity"
          " estimate' is 2 ** -that: %.1f and %.1f"
          % ((d_sk.sum() + t) / words, train_docs, ratio, d_sk.sum() / words + t / (ratio * words),
             2 ** (-(d_sk.sum() + t) / words), 2 ** (-(d_sk.sum() / words + t / (ratio * words)))))

    if a.jar:
        vb_out = os.path.join(a.out, "vb.tsv")
        command = ["java", "-jar", a.jar, "estimate", "--model", model, "--corpus", heldout, "--method", "vb",
                   "--out", vb_out, "--summary", "--no-timing"]
        print()
        print("$ " + " ".join(command))
        sys.stdout.flush()
        subprocess.run(command, check=True)
        tmeval = {}
        with open(vb_out, encoding="utf-8") as f:
            header = None
            for line in f:
                if line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                if header is None:
                    header = cols
                    continue
                row = dict(zip(header, cols))
                tmeval[row["docId"]] = (int(row["N"]), float(row["logLik"]))
        diffs = []
        for d, ids, c in rows_of(x_held):
            n, ll = tmeval[held_ids[d]]
            assert n == int(c.sum()), "document %s: tmeval N %d, vectorizer %d" % (held_ids[d], n, c.sum())
            diffs.append(ll - d_phi[d])
        diffs = np.array(diffs)
        print("tmeval vb against this script's bound with log phi, %d documents: max |difference| %.3g nats,"
              " total difference %.3g nats" % (len(diffs), np.abs(diffs).max(), diffs.sum()))


if __name__ == "__main__":
    main()
