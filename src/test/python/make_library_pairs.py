"""Builds the models researchers actually have, for the benchmarks of performance.md (not run by the tests).

scikit-learn LatentDirichletAllocation K = 10, 20, 30 on SpamAssassin with CountVectorizer(stop_words="english",
min_df=2), every 30th message held out (the held-out token lines written with the vectorizer's own analyzer), and a
gensim LdaModel (alpha 'auto') on the same split. Usage, from the repository root, with Debian's python3-sklearn and
python3-gensim:

    /usr/bin/python3 src/test/python/make_library_pairs.py ../shared/data/spam-assassin/spam-assassin.txt.gz OUT_DIR
"""
import gzip
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "main", "python"))
import tmeval_export  # noqa: E402


def main(corpus, out, ks=(10, 20, 30)):
    from sklearn.decomposition import LatentDirichletAllocation
    from sklearn.feature_extraction.text import CountVectorizer

    os.makedirs(out, exist_ok=True)
    with gzip.open(corpus, "rt", encoding="utf-8") as f:
        docs = [line.rstrip("\n") for line in f]
    train = [d for i, d in enumerate(docs) if i % 30 != 0]
    heldout = [d for i, d in enumerate(docs) if i % 30 == 0]
    heldout_ids = [str(i + 1) for i in range(len(docs)) if i % 30 == 0]
    vectorizer = CountVectorizer(stop_words="english", min_df=2)
    counts = vectorizer.fit_transform(train)
    tmeval_export.write_heldout_tokens(vectorizer, heldout, os.path.join(out, "heldout.tokens"), heldout_ids)
    # the training split as token lines too (MALLET is trained on it with the same tokens)
    tmeval_export.write_heldout_tokens(vectorizer, train, os.path.join(out, "train.tokens"))
    for k in ks:
        lda = LatentDirichletAllocation(n_components=k, random_state=1, learning_method="batch", max_iter=50)
        lda.fit(counts)
        tmeval_export.export_sklearn(lda, vectorizer, os.path.join(out, "sklearn-k%d.tsv" % k), "sklearn K=%d" % k)
        print("sklearn K=%d done" % k, flush=True)
    try:
        from gensim.corpora import Dictionary
        from gensim.models import LdaModel
    except ImportError:
        print("gensim not installed: no gensim model")
        return
    analyzer = vectorizer.build_analyzer()
    vocabulary = set(vectorizer.get_feature_names_out())
    texts = [[t for t in analyzer(d) if t in vocabulary] for d in train]
    dictionary = Dictionary(texts)
    bow = [dictionary.doc2bow(t) for t in texts]
    lda = LdaModel(bow, id2word=dictionary, num_topics=20, alpha="auto", passes=5, random_state=1)
    tmeval_export.export_gensim(lda, os.path.join(out, "gensim-k20.tsv"), "gensim K=20 alpha auto")
    print("gensim K=20 done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
