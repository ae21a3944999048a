/**
 * The words one language asks for a breakdown or a ranking with (planner/breakdown.ts reads them):
 * "which … most often", 高频, "top 3", "main reasons", "least". Written folded (lower case;
 * Chinese in Simplified).
 */
export interface BreakdownCues {
  /** Words that ask for the metric per kind on their own (most often, 高频, 主要, 最多, main). */
  ranking: readonly string[];
  /**
   * Superlatives that ask for a ranking only when the question names the dimension ranked over
   * ("which region had the highest return rate", 哪个片区最高); alone they may ask for a maximum
   * over time.
   */
  superlatives: readonly string[];
  /** Words of those that rank smallest first (least, fewest, 最少, 最低). */
  ascending: readonly string[];
  /** Words a count of ranks follows (top 3, 前三). */
  topWords: readonly string[];
  /** Words that may follow that count as its measure word (前三名). */
  rankWords: readonly string[];
  /** Nouns that name the kinds asked for when no dimension is named (reasons, problems, 原因, 问题). */
  kindNouns: readonly string[];
}
