"""ProdLDA (Srivastava & Sutton 2017) and a logistic-normal model with a mixture decoder, trained with python3-torch by
amortised variational inference on the training split of KOS or AP, exported for tmeval with their ELBO perplexity on
the held-out documents (the number their papers report). For issue 37's measurements (experiments.md); not run by the
tests.

Usage, from the repository root, with Debian's python3-torch (and numpy, scipy):

    /usr/bin/python3 src/test/python/train_neural_topic_models.py ../shared/data kos OUT_DIR --topics 20,50 [--epochs 60]

The split is which_k_experiment.py's (numpy RandomState(20261128), 10% held out before training). Writes
OUT_DIR/CORPUS/prodlda-kK.tsv and lnmix-kK.tsv.

Both models put a logistic-normal prior on theta = softmax(eta): the Laplace approximation of a symmetric Dirichlet(1)
in the softmax basis (ProdLDA's: mu = 0, var = (1 - 2/K) + (1/K^2) K = 1 - 1/K for alpha = 1). ProdLDA's decoder is a
product of experts, p(w | theta) = softmax(B theta + c), its logits through a batch normalisation (folded into B and c
at export); the mixture decoder is LDA's, p(w | theta) = sum_k theta_k beta_k with beta_k = softmax(T_k).
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "main", "python"))
sys.path.insert(0, os.path.dirname(__file__))
import tmeval_export  # noqa: E402
import which_k_experiment  # noqa: E402


def build(torch, num_words, k, decoder_kind, hidden=100, dropout=0.2):
    nn = torch.nn

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(num_words, hidden)
            self.fc2 = nn.Linear(hidden, hidden)
            self.drop = nn.Dropout(dropout)
            self.mean = nn.Linear(hidden, k)
            self.logvar = nn.Linear(hidden, k)
            self.bn_mean = nn.BatchNorm1d(k, affine=False)
            self.bn_logvar = nn.BatchNorm1d(k, affine=False)

        def forward(self, x):
            h = self.drop(nn.functional.softplus(self.fc2(nn.functional.softplus(self.fc1(x)))))
            return self.bn_mean(self.mean(h)), self.bn_logvar(self.logvar(h))

    class ProductDecoder(nn.Module):
        """The layout tmeval_export.export_pyro_prodlda reads: beta = Linear(K, V, bias=False), bn = BatchNorm1d(V)."""

        def __init__(self):
            super().__init__()
            self.beta = nn.Linear(k, num_words, bias=False)
            self.bn = nn.BatchNorm1d(num_words, affine=False)
            self.drop = nn.Dropout(dropout)

        def log_probs(self, theta):
            return nn.functional.log_softmax(self.bn(self.beta(self.drop(theta))), dim=1)

    class MixtureDecoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.topics = nn.Parameter(0.01 * torch.randn(k, num_words))

        def log_probs(self, theta):
            return torch.log(theta @ nn.functional.softmax(self.topics, dim=1) + 1e-30)

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = Encoder()
            self.decoder = ProductDecoder() if decoder_kind == "product" else MixtureDecoder()
            self.register_buffer("prior_mean", torch.zeros(k))
            self.register_buffer("prior_var", torch.full((k,), 1.0 - 1.0 / k))

        def negative_elbo(self, x, sample=True):
            mean, logvar = self.encoder(x)
            eta = mean + torch.exp(0.5 * logvar) * torch.randn_like(mean) if sample else mean
            theta = nn.functional.softmax(eta, dim=1)
            reconstruction = -(x * self.decoder.log_probs(theta)).sum(1)
            var = torch.exp(logvar)
            kl = 0.5 * ((var / self.prior_var) + (mean - self.prior_mean) ** 2 / self.prior_var - 1
                        + torch.log(self.prior_var) - logvar).sum(1)
            return reconstruction + kl

    return Model()


def train(torch, x, k, decoder_kind, epochs, seed):
    torch.manual_seed(seed)
    model = build(torch, x.shape[1], k, decoder_kind)
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3, betas=(0.99, 0.999))
    data = torch.tensor(x.toarray(), dtype=torch.float32)
    rng = np.random.RandomState(seed)
    for epoch in range(epochs):
        model.train()
        total = 0.0
        for batch in np.array_split(rng.permutation(data.shape[0]), max(1, data.shape[0] // 200)):
            loss = model.negative_elbo(data[batch]).sum()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item()
        if epoch % 10 == 0 or epoch == epochs - 1:
            print("  %s K=%d epoch %d: -ELBO per token %.4f" % (decoder_kind, k, epoch, total / data.sum().item()), flush=True)
    model.eval()
    return model


def elbo_perplexity(torch, model, x, samples=20):
    """exp(-ELBO / tokens) over the scored held-out documents, the ELBO averaged over draws of eta (what ProdLDA's paper reports)."""
    data = torch.tensor(x.toarray(), dtype=torch.float32)
    with torch.no_grad():
        bound = sum(model.negative_elbo(data).sum().item() for _ in range(samples)) / samples
    return math.exp(bound / data.sum().item())


def export(torch, model, decoder_kind, vocab, k, path, perplexity, documents, tokens):
    prior = tmeval_export.LogisticNormal([0.0] * k, var=[1.0 - 1.0 / k] * k)
    name = "%s K=%d" % ("ProdLDA" if decoder_kind == "product" else "logistic-normal mixture", k)
    reported = tmeval_export.Reported("elbo-perplexity", perplexity, documents, tokens,
                                      "train_neural_topic_models.py, 20 draws of eta per document")
    if decoder_kind == "product":
        tmeval_export.export_pyro_prodlda(model, vocab, path, prior=prior, name=name, reported=reported)
    else:
        topics = torch.nn.functional.softmax(model.decoder.topics, dim=1).detach().double().numpy()
        tmeval_export.write_model(path, vocab, topics=topics, prior=prior, name=name, reported=reported)


def main():
    import torch
    torch.set_num_threads(1)
    p = argparse.ArgumentParser()
    p.add_argument("data")
    p.add_argument("corpus")
    p.add_argument("out")
    p.add_argument("--topics", default="20,50")
    p.add_argument("--epochs", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--documents", type=int, default=100, help="the held-out documents scored (which_k_experiment's)")
    a = p.parse_args()
    x, vocab, train_rows, held_rows = which_k_experiment.split(a.data, a.corpus, a.out)
    d = os.path.join(a.out, a.corpus)
    os.makedirs(d, exist_ok=True)
    for k in (int(t) for t in a.topics.split(",")):
        for kind, stem in (("product", "prodlda"), ("mixture", "lnmix")):
            path = os.path.join(d, "%s-k%d.tsv" % (stem, k))
            if os.path.exists(path):
                continue
            model = train(torch, x[train_rows], k, kind, a.epochs, a.seed)
            scored = x[held_rows[: a.documents]]
            perplexity = elbo_perplexity(torch, model, scored)
            export(torch, model, kind, vocab, k, path, perplexity, scored.shape[0], int(scored.sum()))
            print("wrote %s (held-out ELBO perplexity %.1f)" % (path, perplexity), flush=True)


if __name__ == "__main__":
    main()
