"""Which K, the way researchers decide it (issue 38, item 7): models of K = 10, 20, 50, 100 from this tool's `train`,
scikit-learn and gensim, three training seeds each, on KOS and AP; each scored by `select` (the certified held-out
log-likelihood, auto at its defaults) on held-out documents, and by `coherence` (NPMI, top 10, on the held-out
text, whole documents as windows: the corpora are bags of words) with its topic diversity. Not run by the tests: experiments.md reports its results and the command.

Usage, from the repository root, with Debian's python3-sklearn and python3-gensim, after `mvn package`:

    /usr/bin/python3 src/test/python/which_k_experiment.py ../shared/data OUT_DIR [--documents 100]

Every stage is kept in OUT_DIR and skipped when its output exists, so an interrupted run resumes. The held-out split:
numpy RandomState(20261128).permutation(D), the first 10% of documents held out before training; the first
--documents of them (in corpus order) are written as heldout.tokens, and select scores the first --scored of those.
"""
import argparse
import csv
import gzip
import json
import math
import os
import resource
import subprocess
import sys
import time

import numpy as np
import scipy.sparse as sp

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "main", "python"))
import tmeval_export  # noqa: E402

KS = (10, 20, 50, 100)
SEEDS = (1, 2, 3)
LIBRARIES = ("tmeval", "sklearn", "gensim")
SPLIT_SEED = 20261128
JAR = os.environ.get("TMEVAL_JAR", os.path.join(os.path.dirname(__file__), "..", "..", "..", "target", "tmeval.jar"))


def load_kos(data):
    with gzip.open(os.path.join(data, "kos", "docword.kos.txt.gz"), "rt") as f:
        num_docs = int(f.readline())
        num_words = int(f.readline())
        f.readline()
        triples = np.loadtxt(f, dtype=np.int64)
    with open(os.path.join(data, "kos", "vocab.kos.txt")) as f:
        vocab = [line.rstrip("\n") for line in f]
    assert len(vocab) == num_words
    x = sp.csr_matrix((triples[:, 2], (triples[:, 0] - 1, triples[:, 1] - 1)), shape=(num_docs, num_words))
    return x, vocab


def load_ap(data):
    with open(os.path.join(data, "ap", "vocab.txt")) as f:
        vocab = [line.strip() for line in f]
    rows, cols, vals = [], [], []
    with open(os.path.join(data, "ap", "ap.dat")) as f:
        for d, line in enumerate(f):
            for pair in line.split()[1:]:
                t, c = pair.split(":")
                rows.append(d)
                cols.append(int(t))
                vals.append(int(c))
    x = sp.csr_matrix((vals, (rows, cols)), shape=(d + 1, len(vocab)))
    return x, vocab


def write_tokens(x, vocab, ids, path):
    """Token lines: id, a tab, each word repeated by its count."""
    with open(path + ".tmp", "w") as f:
        for i, row in zip(ids, x):
            words = []
            for j, c in zip(row.indices, row.data):
                words.extend([vocab[j]] * int(c))
            f.write("%s\t%s\n" % (i, " ".join(words)))
    os.replace(path + ".tmp", path)


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(args):
    print("$ " + " ".join(args), flush=True)
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def split(data, corpus, out):
    x, vocab = load_kos(data) if corpus == "kos" else load_ap(data)
    keep = np.asarray(x.sum(axis=1)).ravel() > 0
    num_docs = x.shape[0]
    perm = np.random.RandomState(SPLIT_SEED).permutation(num_docs)
    held = np.sort(perm[: int(round(0.1 * num_docs))])
    train = np.sort(perm[int(round(0.1 * num_docs)):])
    train = train[keep[train]]
    held = held[keep[held]]
    return x, vocab, train, held


def train_models(data, corpus, out, documents):
    x, vocab, train, held = split(data, corpus, out)
    d = os.path.join(out, corpus)
    os.makedirs(d, exist_ok=True)
    if not os.path.exists(os.path.join(d, "heldout.tokens")):
        write_tokens(x[train], vocab, [str(i + 1) for i in train], os.path.join(d, "train.tokens"))
        write_tokens(x[held], vocab, [str(i + 1) for i in held], os.path.join(d, "heldout-all.tokens"))
        write_tokens(x[held[:documents]], vocab, [str(i + 1) for i in held[:documents]], os.path.join(d, "heldout.tokens"))
    times = {}
    times_path = os.path.join(d, "train-cpu.json")
    if os.path.exists(times_path):
        with open(times_path) as f:
            times = json.load(f)
    xt = x[train]
    for k in KS:
        for seed in SEEDS:
            for lib in LIBRARIES:
                path = os.path.join(d, "%s-k%d-s%d.tsv" % (lib, k, seed))
                if os.path.exists(path):
                    continue
                start = time.process_time()
                child = cpu_children()
                if lib == "tmeval":
                    run(["java", "-jar", JAR, "train", "--corpus", os.path.join(d, "train.tokens"), "--topics", str(k),
                         "--iterations", "300", "--seed", str(seed), "--no-state", "--out", path])
                elif lib == "sklearn":
                    from sklearn.decomposition import LatentDirichletAllocation
                    lda = LatentDirichletAllocation(n_components=k, learning_method="online", doc_topic_prior=1.0 / k,
                                                    topic_word_prior=1.0 / k, max_iter=10, random_state=seed, n_jobs=1)
                    lda.fit(xt)
                    tmeval_export.write_model(path, vocab, topics=lda.components_, alpha=1.0 / k,
                                              name="sklearn K=%d seed %d" % (k, seed))
                else:
                    from gensim.corpora import Dictionary
                    from gensim.models import LdaModel
                    dictionary = Dictionary.from_corpus([[]], id2word=dict(enumerate(vocab)))
                    bow = [list(zip(row.indices.tolist(), row.data.tolist())) for row in xt]
                    lda = LdaModel(bow, id2word=dictionary, num_topics=k, alpha="auto", eta="auto", passes=5,
                                   random_state=seed, eval_every=None)
                    tmeval_export.write_model(path, vocab, topics=lda.get_topics().astype(np.float64), alpha=lda.alpha.astype(np.float64),
                                              name="gensim K=%d seed %d" % (k, seed))
                times[os.path.basename(path)] = time.process_time() - start + cpu_children() - child
                with open(times_path, "w") as f:
                    json.dump(times, f, indent=1)
                print("trained %s in %.1f CPU s" % (path, times[os.path.basename(path)]), flush=True)


def score(corpus, out, scored):
    d = os.path.join(out, corpus)
    held = os.path.join(d, "heldout-%d.tokens" % scored)
    if not os.path.exists(held):
        with open(os.path.join(d, "heldout.tokens")) as f:
            lines = f.readlines()[:scored]
        with open(held + ".tmp", "w") as f:
            f.writelines(lines)
        os.replace(held + ".tmp", held)
    for lib in LIBRARIES:
        models = [os.path.join(d, "%s-k%d-s%d.tsv" % (lib, k, s)) for k in KS for s in SEEDS]
        target = os.path.join(d, "select-%s-%d.tsv" % (lib, scored))
        if not os.path.exists(target):
            start = cpu_children()
            run(["java", "-jar", JAR, "select", "--models", ",".join(models), "--corpus", held,
                 "--threads", "1", "--out", target])
            with open(target + ".cpu", "w") as f:
                f.write("%.1f\n" % (cpu_children() - start))
        for m in models:
            c = m.replace(".tsv", ".npmi.tsv")
            if not os.path.exists(c):
                run(["java", "-jar", JAR, "coherence", "--model", m, "--corpus", os.path.join(d, "heldout-all.tokens"),
                     "--measure", "npmi", "--window", "document", "--out", c])


def read_rows(path):
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


T_975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776}


def model_labels(path):
    """select's label of each model file, from its provenance (model-I-label beside the input model I)."""
    labels, paths = {}, {}
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                break
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3 and fields[1].startswith("model-") and fields[1].endswith("-label"):
                labels[fields[1][len("model-"):-len("-label")]] = fields[2]
            if len(fields) >= 3 and fields[1].startswith("model "):
                paths[fields[1][len("model "):]] = fields[2]
    return {labels[i]: os.path.basename(paths[i]) for i in labels if i in paths}


def per_model(select_path):
    """Each model file's held-out log-likelihood per token (the mean over runs, summed over documents), its Monte Carlo
    variance per token, and its documents certified."""
    by_label = model_labels(select_path)
    runs = {}
    for row in read_rows(select_path):
        if row["logLik"] == "":
            continue
        key = (by_label[row["model"]], row["docId"])
        runs.setdefault(key, {"N": int(row["N"]), "values": [], "certified": row["certified"] == "yes"})
        runs[key]["values"].append(float(row["logLik"]))
    models = {}
    for (model, doc), r in runs.items():
        m = models.setdefault(model, {"total": 0.0, "tokens": 0, "var": 0.0, "certified": 0, "documents": 0})
        v = r["values"]
        mean = sum(v) / len(v)
        m["total"] += mean
        m["tokens"] += r["N"]
        m["var"] += (sum((x - mean) ** 2 for x in v) / (len(v) - 1) / len(v)) if len(v) > 1 else 0.0
        m["certified"] += r["certified"]
        m["documents"] += 1
    return {k: {"per_token": m["total"] / m["tokens"], "mc_se": math.sqrt(m["var"]) / m["tokens"], "certified": m["certified"],
                "documents": m["documents"]} for k, m in models.items()}


def coherence_summary(path):
    out = {}
    for row in read_rows(path):
        if row["topic"] == "*":
            out[row["measure"]] = float(row["value"])
    return out


def interval(values):
    """The mean over seeds and its 95% t interval (the seeds' spread holds their Monte Carlo noise too)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, T_975[n - 1] * sd / math.sqrt(n)


def report(corpus, out, scored):
    d = os.path.join(out, corpus)
    print("\n### %s: %d held-out documents scored\n" % (corpus.upper(), scored))
    print("| library | K | log-lik per token (mean of 3 seeds, 95%) | per seed | certified | NPMI (95%) | diversity (95%) |")
    print("|---|---|---|---|---|---|---|")
    picks = {}
    for lib in LIBRARIES:
        path = os.path.join(d, "select-%s-%d.tsv" % (lib, scored))
        if not os.path.exists(path):
            print("| %s | (not scored yet) | | | | | |" % lib)
            continue
        models = per_model(path)
        rows = {}
        for k in KS:
            names = ["%s-k%d-s%d.tsv" % (lib, k, s) for s in SEEDS]
            ll = [models[n]["per_token"] for n in names]
            coh = [coherence_summary(os.path.join(d, n.replace(".tsv", ".npmi.tsv"))) for n in names]
            npmi = interval([c["npmi"] for c in coh])
            div = interval([c["diversity"] for c in coh])
            mean, half = interval(ll)
            rows[k] = (mean, half, ll, npmi, div)
            cert = sum(models[n]["certified"] for n in names)
            docs = sum(models[n]["documents"] for n in names)
            print("| %s | %d | %.4f +- %.4f | %s | %d of %d | %.3f +- %.3f | %.3f +- %.3f |" % (
                lib, k, mean, half, ", ".join("%.4f" % v for v in ll), cert, docs, npmi[0], npmi[1], div[0], div[1]))
        best = max(KS, key=lambda k: rows[k][0])
        decided = all(rows[best][0] - rows[k][0] > math.hypot(rows[best][1], rows[k][1]) for k in KS if k != best)
        by_npmi = max(KS, key=lambda k: rows[k][3][0])
        by_div = max(KS, key=lambda k: rows[k][4][0])
        alone = [max(KS, key=lambda k: rows[k][2][i]) for i in range(len(SEEDS))]
        picks[lib] = (best, decided, by_npmi, by_div, alone)
    print("\n| library | K by likelihood (seeds' means) | decided | K by NPMI | K by diversity | K by likelihood, one seed alone |")
    print("|---|---|---|---|---|---|")
    for lib, (best, decided, by_npmi, by_div, alone) in picks.items():
        print("| %s | %d | %s | %d | %d | %s (%d of 3 differ) |" % (lib, best, "yes" if decided else "no", by_npmi, by_div,
                                                               ", ".join(str(a) for a in alone), sum(a != best for a in alone)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("data")
    p.add_argument("out")
    p.add_argument("--documents", type=int, default=100)
    p.add_argument("--corpora", default="kos,ap")
    p.add_argument("--stage", default="train,score")
    p.add_argument("--scored", type=int, default=50, help="the first held-out documents select scores")
    a = p.parse_args()
    for corpus in a.corpora.split(","):
        if "train" in a.stage:
            train_models(a.data, corpus, a.out, a.documents)
        if "score" in a.stage:
            score(corpus, a.out, a.scored)
        if "report" in a.stage:
            report(corpus, a.out, a.scored)


if __name__ == "__main__":
    main()
