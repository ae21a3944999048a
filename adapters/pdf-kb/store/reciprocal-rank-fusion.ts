/** How hybrid search weighs its two rankings; the defaults are chosen by bench/kb-retrieval.ts. */
export interface FusionWeights {
  /** Weight of the full-text (BM25) ranking. */
  fullText: number;
  /** Weight of the vector (cosine) ranking. */
  vector: number;
  /** The RRF constant k: an item at rank r adds weight / (k + r); small k favours the first ranks. */
  constant: number;
}

/**
 * The shipped fusion: chosen on the tuning half of TAT-QA dev (contexts at even positions) by
 * `npx tsx bench/kb-retrieval.ts`, which also reports the held-out half with these values.
 */
export const defaultFusionWeights: FusionWeights = { fullText: 1, vector: 0.2, constant: 20 };

/**
 * Weighted reciprocal rank fusion: each ranking adds weight / (constant + rank) to an item's
 * score, so an item ranked well by both lists beats one ranked first by only one, without
 * calibrating BM25 scores against cosine distances; the weights let the stronger ranking lead.
 */
export function reciprocalRankFusion(
  rankings: string[][],
  weights: number[],
  constant: number,
): Map<string, number> {
  const scores = new Map<string, number>();
  rankings.forEach((ranking, list) => {
    const weight = weights[list] ?? 1;
    if (weight === 0) return;
    ranking.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + weight / (constant + index + 1));
    });
  });
  return scores;
}
