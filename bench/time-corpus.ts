// Benchmark: Duckling's public time corpus (test/corpora/time-expressions/duckling) through the
// catalog planner. Every expression is put inside a metric question of the demo workspace and
// planned as of Duckling's reference day, 2013-02-12. Per language and side of the reference it
// counts plans whose period is Duckling's interval (exact) or a reading the project documents as its
// own (test/support/time-corpus.ts DOCUMENTED_READINGS), questions refused or asked back, and plans
// with another period (wrong); beside it, the time grammar's own reading of the expression alone
// (the period it reads, before any dataset's grain is applied; documented readings count as read). Goals (issue 25): at or
// before the reference, exact reading >= 90 % and 0 wrong plans; after it, 100 % refused (a
// documented reading of the project's own, such as a bare month read as the last one, is counted apart).
// Run: npx tsx bench/time-corpus.ts [--list wrong|refused|exact]
import path from "node:path";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "../planner/catalog-planner.js";
import { normalizeForMatching } from "../planner/normalize-text.js";
import { findTimeExpressions } from "../planner/time-expressions.js";
import { requireCorpus } from "../test/support/corpora.js";
import {
  CORPUS_REFERENCE_DAY,
  type CorpusExpression,
  DOCUMENTED_READINGS,
  judgeOutcome,
  metricQuestionBuilder,
  readTimeCorpus,
} from "../test/support/time-corpus.js";

requireCorpus("time-expressions", "duckling", "time-expressions.jsonl");
const root = path.resolve(import.meta.dirname, "..");
const listFlag = process.argv.indexOf("--list");
const listed = listFlag > 0 ? process.argv[listFlag + 1] : undefined;
const workspace = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const questionFor = metricQuestionBuilder(workspace);

/** The grammar's reading of the expression alone: one span covering Duckling's days (or the documented reading). */
function readsExactly(expression: CorpusExpression, documented: string | undefined): boolean {
  const mentions = findTimeExpressions(normalizeForMatching(expression.text), CORPUS_REFERENCE_DAY);
  if (mentions.length !== 1 || mentions[0].periods.length === 0) return false;
  const periods = mentions[0].periods;
  const read = `${periods[0].from}..${periods[periods.length - 1].to}`;
  return read === `${expression.from}..${expression.to}` || read === documented;
}

interface Tally {
  total: number;
  exact: number;
  documented: number;
  refused: number;
  wrong: number;
  read: number;
}
const tallies = new Map<string, Tally>();
const started = performance.now();
for (const expression of readTimeCorpus()) {
  const side = expression.after_reference ? "after" : "at or before";
  const key = `${expression.lang} ${side}`;
  const tally = tallies.get(key) ?? { total: 0, exact: 0, documented: 0, refused: 0, wrong: 0, read: 0 };
  tallies.set(key, tally);
  const question = questionFor(expression);
  const outcome = planner.planSync(question, { workspace, asOf: CORPUS_REFERENCE_DAY, strategy: "auto" });
  const documented = DOCUMENTED_READINGS[expression.text];
  const { verdict, periods } = judgeOutcome(outcome, expression, documented ? [documented] : []);
  tally.total += 1;
  tally[verdict] += 1;
  if (readsExactly(expression, documented)) tally.read += 1;
  if (listed === verdict)
    console.log(
      `  ${verdict} ${key}: ${question} → ${periods.join(", ") || outcome.message} (Duckling ${expression.from}..${expression.to})`,
    );
}
const elapsed = performance.now() - started;
const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;
const mark = (ok: boolean) => (ok ? "meets goal" : "MISSES goal");
console.log(
  `Duckling time corpus through the catalog planner (demo workspace, as of ${CORPUS_REFERENCE_DAY}), ${elapsed.toFixed(0)} ms`,
);
console.log(
  "set               total  plan exact  documented  refused/asked  wrong   grammar reads exactly   goal",
);
for (const [key, tally] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  const past = !key.endsWith("after");
  const goal = past
    ? `reads >= 90 %, 0 wrong: ${mark(tally.read / tally.total >= 0.9 && tally.wrong === 0)}`
    : `100 % refused (or a documented reading), 0 wrong: ${mark(tally.refused + tally.documented === tally.total)}`;
  console.log(
    `${key.padEnd(17)} ${String(tally.total).padStart(5)}  ${String(tally.exact).padStart(4)} ${percent(tally.exact, tally.total).padStart(7)}  ${String(tally.documented).padStart(10)}  ${String(tally.refused).padStart(4)} ${percent(tally.refused, tally.total).padStart(7)}  ${String(tally.wrong).padStart(4)}  ${String(tally.read).padStart(4)} ${percent(tally.read, tally.total).padStart(7)}   ${goal}`,
  );
}
