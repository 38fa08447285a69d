/**
 * Topic quality beside the likelihood: gensim's coherence measures (c_npmi, u_mass, c_v, c_uci, computed as gensim 4.2.0's
 * {@code CoherenceModel} computes them) on a reference corpus, topic diversity and inverted rank-biased overlap, and
 * MALLET's per-topic diagnostics. Depends on {@code model}, {@code estimate} (the variational fit that sizes topics
 * without assignments), {@code sampling} (seeded streams) and {@code progress}.
 */
package tmeval.coherence;
