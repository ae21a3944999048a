/** The usual RRF constant (Cormack et al. 2009): damps the weight of the very first ranks. */
export const rrfConstant = 60;

/**
 * Reciprocal rank fusion: each list adds 1 / (k + rank) to an item's score, so an item ranked
 * well by both full-text and vector search beats one ranked first by only one of them, without
 * having to calibrate BM25 scores against cosine distances.
 */
export function reciprocalRankFusion(rankings: string[][], constant = rrfConstant): Map<string, number> {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (constant + index + 1));
    });
  }
  return scores;
}
