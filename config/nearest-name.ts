import { distance } from "fastest-levenshtein";

/** The candidate closest to `name` by edit distance, if it is close enough to be a likely typo. */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lowered = name.toLowerCase();
  for (const candidate of candidates) {
    const candidateLowered = candidate.toLowerCase();
    let score = distance(lowered, candidateLowered);
    // "url" for "base_url" or "tokens" for "token": containment is a strong hint.
    if (candidateLowered.includes(lowered) || lowered.includes(candidateLowered))
      score = Math.min(score, 1.5);
    if (score < bestDistance) {
      bestDistance = score;
      best = candidate;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.ceil(Math.max(name.length, best.length) / 3));
  return bestDistance <= limit ? best : undefined;
}
