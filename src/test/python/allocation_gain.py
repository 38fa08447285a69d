"""What spending the budget where the variance is could gain on a pair (performance.md, "Budget where the variance is").

Reads the table of bench.AllocationDiagnostic (per document: its first round, RUNS ratio-convex runs each way at n;
the variance and mean time of more forward runs at n; both models' vb bounds) and prints, for the corpus total's
variance x time (the pooled equal-time figure's denominator), the gain of re-budgeting documents by a factor f
(variance / f, time x f, so v x t is unchanged per document): the continuous Neyman optimum from the measured
variances, and power-of-two rules from the first round or from the measured variances, without and with the first
round of a raised document counted in its time (auto's rounds discard it), and from predictors known before any run.

    /usr/bin/python3 src/test/python/allocation_gain.py diag.tsv
"""
import csv
import math
import statistics as st
import sys


def spearman(a, b):
    ra = {i: r for r, i in enumerate(sorted(range(len(a)), key=lambda i: a[i]))}
    rb = {i: r for r, i in enumerate(sorted(range(len(b)), key=lambda i: b[i]))}
    n = len(a)
    return 1 - 6 * sum((ra[i] - rb[i]) ** 2 for i in range(n)) / (n * (n * n - 1))


def main(path):
    rows = list(csv.DictReader(open(path), delimiter="\t"))
    n = [int(r["N"]) for r in rows]
    v = [float(r["measured"]) for r in rows]
    t = [float(r["seconds"]) for r in rows]
    fw = [[float(x) for x in r["forward"].split(",")] for r in rows]
    rv = [[float(x) for x in r["reverse"].split(",")] for r in rows]
    per_token = [vi / ni for vi, ni in zip(v, n)]

    def gain(f, first_round=False):
        time = sum(ti * fi + (ti if first_round and fi > 1 else 0) for ti, fi in zip(t, f))
        return sum(v) * sum(t) / (sum(vi / fi for vi, fi in zip(v, f)) * time)

    def nearest(pred):
        med = st.median([p for p in pred if p > 0])
        return [min(16, 2 ** max(0, round(math.log2(p / med)))) if p > 0 else 1 for p in pred]

    def sunk(pred):
        rms2 = st.mean([p * p for p in pred])
        f = []
        for p in pred:
            r = p / math.sqrt(rms2)
            k = min(16, 2 ** max(0, round(math.log2(r)))) if r > 0 else 1
            f.append(k if k > 1 and k + r * r / k < r * r else 1)
        return f

    top = sorted(v, reverse=True)
    print(f"{len(v)} documents; mean variance {st.mean(v):.4g}, median {st.median(v):.4g}; the noisiest 10% carry "
          f"{sum(top[:len(v) // 10]) / sum(v):.0%} of the total's variance")
    print(f"continuous Neyman optimum (budget proportional to sqrt(variance / time)): gain "
          f"{sum(v) * sum(t) / sum(math.sqrt(vi * ti) for vi, ti in zip(v, t)) ** 2:.3f}")
    first = [math.sqrt((st.variance(a) + st.variance(b)) / ni) for a, b, ni in zip(fw, rv, n)]
    measured = [math.sqrt(x) for x in per_token]
    print(f"first round's noise against the measured variance per token: Spearman {spearman(first, per_token):.3f}")
    for rule_name, rule in (("nearest power of two of noise / median", nearest), ("only where it pays for the first round", sunk)):
        for source, pred in (("first round", first), ("measured (oracle)", measured)):
            f = rule(pred)
            print(f"  {rule_name}, from the {source}: documents at 1, 2, 4, 8, 16 x {[f.count(2 ** k) for k in range(5)]};"
                  f" gain {gain(f):.3f}, with the discarded first round {gain(f, True):.3f}")
    if "vbA" in rows[0]:
        vb = [abs(float(r["vbA"]) - float(r["vbB"])) for r in rows]
        for name, pred in (("|vb_A - vb_B| / N", [x / ni for x, ni in zip(vb, n)]), ("N", [float(ni) for ni in n])):
            f = nearest(pred)
            print(f"  before any run, {name}: Spearman {spearman(pred, per_token):.3f}; gain {gain(f):.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
