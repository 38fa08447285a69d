"""Per-document pairwise decisions between models from their `estimate --out` files (issue 37, item 6), by `select`'s
rule (ModelSelection.decided, compare.Decided): a document is decided for A when the difference of the two models'
means over runs clears 0 by 1.96 combined standard errors of those means (for B likewise; otherwise undecided).
Used where `select --models` would re-run every model: each file's runs are the ones `estimate` made. Documents count
only where both files hold the same number of tokens: models of different vocabularies score different tokens of a
document (`select` calls such a pair n/a), so those documents are left out and the count says so.

    /usr/bin/python3 src/test/python/family_pairs.py NAME=FILE NAME=FILE ...
"""
import math
import sys

Z = 1.959963984540054
TIE_NATS = 1e-9


def read(path):
    """Each document's log-likelihoods over runs (NaN where a run gave none) and its number of tokens."""
    runs, length = {}, {}
    with open(path) as f:
        for line in f:
            if line.startswith('#') or line.startswith('docId'):
                continue
            field = line.rstrip('\n').split('\t')
            value = float(field[4])
            length[field[0]] = int(field[1])
            runs.setdefault(field[0], []).append(value if math.isfinite(value) else float('nan'))
    return runs, length


def mean_and_error(values):
    """The mean of the runs that gave a value and its standard error (NaN, not known, from fewer than two)."""
    v = [x for x in values if not math.isnan(x)]
    if not v:
        return float('nan'), float('nan')
    m = sum(v) / len(v)
    if len(v) < 2:
        return m, float('nan')
    return m, math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v))


def main(args):
    models = [(name,) + read(path) for name, path in (a.split('=', 1) for a in args)]
    for name, runs, length in models:
        total = sum(mean_and_error(r)[0] for r in runs.values())
        tokens = sum(length.values())
        print('%s: %d documents, %d tokens, log-likelihood %.1f, perplexity %.0f'
              % (name, len(runs), tokens, total, math.exp(-total / tokens)))
    print('pair: documents decided for the first, for the second, undecided')
    for i, a in enumerate(models):
        for b in models[i + 1:]:
            same = [d for d in a[1] if a[2][d] == b[2].get(d)]
            wins = [0, 0]
            for d in same:
                ma, sa = mean_and_error(a[1][d])
                mb, sb = mean_and_error(b[1][d])
                margin = Z * math.hypot(sa, sb) + TIE_NATS
                if ma - mb - margin > 0:
                    wins[0] += 1
                elif ma - mb + margin < 0:
                    wins[1] += 1
            note = '' if len(same) == len(a[1]) == len(b[1]) else ' (of the %d documents of the same tokens)' % len(same)
            print('%s vs %s: %d, %d, %d%s' % (a[0], b[0], wins[0], wins[1], len(same) - sum(wins), note))


if __name__ == '__main__':
    main(sys.argv[1:])
