"""Held-out text through scikit-learn's own tokenizer, on SpamAssassin (run by hand, not in CI).

Fits a CountVectorizer (stop_words="english", min_df=2, the default token_pattern) and a small
LatentDirichletAllocation on the raw SpamAssassin text (every 20th message held out), exports the model, and writes
the held-out messages twice: as token lines through tmeval_export.write_heldout_tokens (the vectorizer's analyzer)
and as raw text, one message per line. It prints what scikit-learn counts (analyzer tokens, tokens in the vocabulary,
the unknown ones), then runs tmeval's `info` and `estimate --method vb` on both held-out files, so that the
out-of-vocabulary counts tmeval prints can be set beside scikit-learn's.

    python3 src/main/python/examples/sklearn_heldout_tokens_check.py --text spam-assassin.txt.gz --out /tmp/spam --jar target/tmeval.jar
"""

import argparse
import collections
import gzip
import os
import subprocess
import sys
import time

import numpy as np
from sklearn.decomposition import LatentDirichletAllocation
from sklearn.feature_extraction.text import CountVectorizer

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import tmeval_export  # noqa: E402


def run(command):
    print("$ " + " ".join(command))
    sys.stdout.flush()
    subprocess.run(command, check=True)
    print()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--text", required=True, help="the SpamAssassin text (one message per line, gzip), e.g. the corpus of make_library_pairs.py")
    p.add_argument("--out", required=True)
    p.add_argument("--topics", type=int, default=20)
    p.add_argument("--max-iter", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jar", help="tmeval.jar: run info and estimate --method vb on both held-out files")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)

    with gzip.open(a.text, "rt", encoding="utf-8") as f:
        texts = [line.rstrip("\n") for line in f]
    held_index = [i for i in range(len(texts)) if i % 20 == 0]
    train = [t for i, t in enumerate(texts) if i % 20 != 0]
    held = [texts[i] for i in held_index]
    held_ids = [str(i + 1) for i in held_index]  # line numbers of the .txt.gz

    vectorizer = CountVectorizer(stop_words="english", min_df=2)
    x_train = vectorizer.fit_transform(train)
    x_held = vectorizer.transform(held)
    start = time.time()
    lda = LatentDirichletAllocation(n_components=a.topics, learning_method="batch", max_iter=a.max_iter,
                                    random_state=a.seed, n_jobs=1).fit(x_train)
    print("CountVectorizer(stop_words='english', min_df=2): %d training messages, V = %d;"
          " LatentDirichletAllocation(n_components=%d, learning_method='batch', max_iter=%d, random_state=%d) in %.0f s"
          % (len(train), x_train.shape[1], a.topics, a.max_iter, a.seed, time.time() - start))

    model = os.path.join(a.out, "sklearn-spam-k%d.tsv.gz" % a.topics)
    tokens_file = os.path.join(a.out, "heldout.tokens")
    text_file = os.path.join(a.out, "heldout.txt")
    tmeval_export.export_sklearn(lda, vectorizer, model)
    tmeval_export.write_heldout_tokens(vectorizer, held, tokens_file, ids=held_ids)
    with open(text_file, "w", encoding="utf-8") as f:
        f.writelines(t + "\n" for t in held)

    analyzer = vectorizer.build_analyzer()
    vocabulary = vectorizer.vocabulary_
    unknown = collections.Counter()
    total = 0
    for t in held:
        tokens = analyzer(t)
        total += len(tokens)
        unknown.update(w for w in tokens if w not in vocabulary)
    in_vocab = int(x_held.sum())
    print("scikit-learn on the %d held-out messages: %d analyzer tokens, %d in the vocabulary (transform's sum),"
          " %d unknown (%.2f%%), %d distinct; most frequent: %s"
          % (len(held), total, in_vocab, total - in_vocab, 100.0 * (total - in_vocab) / total, len(unknown),
             ", ".join("%s %d" % wc for wc in unknown.most_common(10))))
    empty = int(np.sum(np.asarray(x_held.sum(axis=1)).ravel() == 0))
    print("held-out messages with no word of the vocabulary: %d" % empty)
    print("scikit-learn perplexity(X_heldout) %.4f (a bound with the topic-word term; see estimators.md)"
          % lda.perplexity(x_held))
    print()

    if a.jar:
        for corpus, fmt in ((tokens_file, "tokens"), (text_file, "text")):
            run(["java", "-jar", a.jar, "info", "--model", model, "--corpus", corpus, "--corpus-format", fmt,
                 "--top-words", "0"])
            run(["java", "-jar", a.jar, "estimate", "--model", model, "--corpus", corpus, "--corpus-format", fmt,
                 "--method", "vb", "--summary", "--out", os.path.join(a.out, "vb-%s.tsv" % fmt), "--no-timing"])
        # per document: the tokens tmeval scored (N) against the vectorizer's transform
        lengths = {}
        with open(os.path.join(a.out, "vb-tokens.tsv"), encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
        for row in rows[1:]:
            lengths[row[rows[0].index("docId")]] = int(row[rows[0].index("N")])
        row_sums = np.asarray(x_held.sum(axis=1)).ravel()
        differing = [i for d, i in enumerate(held_ids) if lengths.get(i, 0) != int(row_sums[d])]
        print("documents whose token count in tmeval differs from the vectorizer's transform: %d of %d"
              % (len(differing), len(held_ids)))


if __name__ == "__main__":
    main()
