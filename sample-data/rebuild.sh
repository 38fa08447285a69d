#!/usr/bin/env bash
# Rebuilds every file in sample-data/ from the KOS corpus in ../shared/data/kos (run from the repository root
# after 'mvn -B package -DskipTests'). Deterministic: the same jar gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")"
tmeval() { java -jar ../target/tmeval.jar "$@"; }
KOS=../../shared/data/kos/docword.kos.txt.gz

# 10% of the 3,430 KOS documents held out (capped at 300), the rest for training
tmeval split --corpus "$KOS" --heldout-fraction 0.1 --max-heldout 300 --seed 2014 \
    --train-out kos-train.tokens.gz --heldout-out kos-heldout.tokens.gz

# model A: asymmetric alpha optimised (its state is kept: 'perturb' re-assigns its tokens)
tmeval train --corpus kos-train.tokens.gz --topics 20 --iterations 1000 --alpha asymmetric --seed 1 \
    --name "KOS K=20 asymmetric alpha" --out model-asymmetric.tsv.gz

# models of other K trained as model A, for "which K?" (the workbench's Which K? view, 'select')
for k in 5 10 40; do
    tmeval train --corpus kos-train.tokens.gz --topics "$k" --iterations 1000 --alpha asymmetric --seed 1 \
        --name "KOS K=$k asymmetric alpha" --out "model-k$k.tsv.gz" --no-state
done

# symmetric alpha with a learned concentration (Foulds & Smyth Section 4.2): model A's final state continued for 50
# sweeps with a symmetric prior, so the two models share their topics' mode and differ by the alpha treatment (plus
# one Gibbs state's noise) rather than by where two independent runs happened to land
tmeval train --init-state model-asymmetric.tsv.gz.state.gz --topics 20 --iterations 50 --alpha symmetric \
    --optimize-burn-in 0 --optimize-interval 5 --seed 1 \
    --name "KOS K=20 symmetric alpha" --out model-symmetric.tsv.gz --no-state

# 5% of model A's token assignments re-drawn uniformly (Foulds & Smyth Section 4.1)
tmeval perturb --model model-asymmetric.tsv.gz --fraction 0.05 --seed 3 \
    --name "KOS K=20 asymmetric, 5% perturbed" --out model-perturbed.tsv.gz --no-state

# one training run of 200 iterations, a snapshot every 10 (iteration-AIS curves, Figure 2)
tmeval train --corpus kos-train.tokens.gz --topics 20 --iterations 200 --alpha asymmetric --seed 4 \
    --snapshot-every 10 --series-dir series --name "KOS K=20 series" --out series/final.tsv.gz --no-state
rm series/final.tsv.gz   # identical to series/iter-200.tsv.gz
