"""gensim 4.2.0's coherence of given topics on given texts, for tmeval.coherence.GensimCoherenceTest.

usage: python3 gensim_coherence.py DIR
  DIR/texts.tsv    one document per line: id<TAB>tokens separated by spaces (tmeval's token lines)
  DIR/topics.tsv   one topic per line: its top words separated by tabs, most probable first
  DIR/configs.tsv  one run per line: measure (u_mass, c_v, c_uci, c_npmi)<TAB>window (a number, or 'document')
writes DIR/gensim.tsv: measure<TAB>window<TAB>topic (1-based, or 'mean')<TAB>value (repr; 'nan' where gensim gives none)

Each run is what a user of gensim writes: CoherenceModel(topics=..., texts=..., dictionary=Dictionary(texts),
coherence=..., window_size=..., topn=...).  gensim has no 'document' window for the sliding-window measures; a window as
long as the longest text makes every text one window, which is what the boolean document is.  u_mass always uses
the boolean document in CoherenceModel; with a sliding window it is gensim's own pipeline pieces put together
(s_one_pre, p_boolean_sliding_window, log_conditional_probability).  processes=1 keeps gensim's single accumulator.
"""
import math
import sys

import gensim
from gensim.corpora import Dictionary
from gensim.models.coherencemodel import CoherenceModel
from gensim.topic_coherence import direct_confirmation_measure, probability_estimation, segmentation


def read_texts(path):
    texts = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            _, tokens = line.split("\t", 1)
            texts.append(tokens.split(" "))
    return texts


def main(directory):
    texts = read_texts(directory + "/texts.tsv")
    with open(directory + "/topics.tsv", encoding="utf-8") as f:
        topics = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    with open(directory + "/configs.tsv", encoding="utf-8") as f:
        configs = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    dictionary = Dictionary(texts)
    longest = max(len(t) for t in texts)
    topn = max(len(t) for t in topics)
    out = []
    for measure, window in configs:
        size = longest if window == "document" else int(window)
        if measure == "u_mass" and window != "document":
            ids = [[dictionary.token2id[w] for w in t if w in dictionary.token2id] for t in topics]
            segmented = segmentation.s_one_pre(ids)
            accumulator = probability_estimation.p_boolean_sliding_window(texts, segmented, dictionary, size, processes=1)
            values = direct_confirmation_measure.log_conditional_probability(segmented, accumulator)
            mean = sum(values) / len(values)
        else:
            model = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence=measure,
                                   window_size=None if measure == "u_mass" else size, topn=topn, processes=1)
            values = model.get_coherence_per_topic()
            mean = model.get_coherence()
        for k, v in enumerate(values):
            out.append("%s\t%s\t%d\t%r" % (measure, window, k + 1, float(v)))
        out.append("%s\t%s\tmean\t%r" % (measure, window, float(mean)))
    with open(directory + "/gensim.tsv", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print("gensim", gensim.__version__)


if __name__ == "__main__":
    main(sys.argv[1])
