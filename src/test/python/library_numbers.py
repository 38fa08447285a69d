"""Fixtures for tmeval's recomputation of the libraries' own numbers (LibraryNumbersTest): a small corpus drawn from an
LDA, scikit-learn and gensim models of each K trained on it and exported with tmeval_export, and the numbers the
libraries print on the held-out documents.

    python3 library_numbers.py OUT_DIR K1,K2,...

writes OUT_DIR/heldout.tsv (token lines), OUT_DIR/{sklearn,gensim}-K.tsv and OUT_DIR/numbers.tsv with one line per model:
library, K, model file, the printed number (scikit-learn's perplexity(), gensim's log_perplexity()), the bound
(score(), bound()), and gensim's log_perplexity() from its own random start. gensim starts each held-out document's
E-step at random gammas (Gamma(100, 1/100) draws, mean 1); tmeval starts at 1, so the printed number compared is the one
gensim gives when its random state draws 1 (the model's random_state replaced by one that does); its default
random start is printed beside it.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "main", "python"))
import tmeval_export  # noqa: E402

V = 150
TRAIN = 100
HELDOUT = 20


class _StartAtOne:
    """A random_state whose gamma draws are all 1: gensim's held-out E-step then starts where tmeval's does."""

    def gamma(self, shape, scale, size):
        return np.ones(size)


def corpus(rng):
    topics = rng.dirichlet([0.05] * V, size=8)
    docs = []
    for _ in range(TRAIN + HELDOUT):
        theta = rng.dirichlet([0.2] * 8)
        n = int(rng.integers(15, 50))
        z = rng.choice(8, size=n, p=theta)
        docs.append(["w%03d" % rng.choice(V, p=topics[k]) for k in z])
    return docs[:TRAIN], docs[TRAIN:]


def main(out, ks):
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel
    from sklearn.decomposition import LatentDirichletAllocation
    from sklearn.feature_extraction.text import CountVectorizer

    train, heldout = corpus(np.random.default_rng(38))
    with open(os.path.join(out, "heldout.tsv"), "w") as f:
        for i, d in enumerate(heldout):
            f.write("h%d\t%s\n" % (i + 1, " ".join(d)))
    lines = []
    vectorizer = CountVectorizer(token_pattern=r"\S+", lowercase=False)
    x_train = vectorizer.fit_transform([" ".join(d) for d in train])
    x_held = vectorizer.transform([" ".join(d) for d in heldout])
    dictionary = Dictionary(train)
    bow_train = [dictionary.doc2bow(d) for d in train]
    bow_held = [dictionary.doc2bow(d) for d in heldout]
    for k in ks:
        sk = LatentDirichletAllocation(n_components=k, learning_method="batch", max_iter=5, random_state=0)
        sk.fit(x_train)
        path = os.path.join(out, "sklearn-%d.tsv" % k)
        tmeval_export.export_sklearn(sk, vectorizer, path)
        lines.append(("scikit-learn", k, path, sk.perplexity(x_held), sk.score(x_held), float("nan")))
        # an asymmetric alpha at one K, gensim's 'auto' learning it
        alpha = "asymmetric" if k == ks[len(ks) // 2] else "symmetric"
        gs = LdaModel(bow_train, id2word=dictionary, num_topics=k, passes=2, random_state=0, dtype=np.float64, alpha=alpha)
        path = os.path.join(out, "gensim-%d.tsv" % k)
        tmeval_export.export_gensim(gs, path)
        own = gs.log_perplexity(bow_held)
        gs.random_state = _StartAtOne()
        lines.append(("gensim", k, path, gs.log_perplexity(bow_held), gs.bound(bow_held), own))
    with open(os.path.join(out, "numbers.tsv"), "w") as f:
        for line in lines:
            f.write("\t".join([line[0], str(line[1]), line[2]] + [repr(float(v)) for v in line[3:]]) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], [int(k) for k in sys.argv[2].split(",")])
