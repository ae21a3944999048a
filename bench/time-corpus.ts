// Benchmark: Duckling's public time corpus (test/corpora/time-expressions/duckling) through the
// catalog planner. Every expression is put inside a metric question of the demo workspace and
// planned as of Duckling's reference day, 2013-02-12. Per language and side of the reference it
// counts plans whose period is Duckling's interval (exact) or a reading the project documents as
// its own (test/support/time-corpus.ts DOCUMENTED_READINGS), questions refused or asked back, and
// plans with another period (wrong); beside them, the time reading of the expression alone (the
// period read before any dataset's grain applies; documented readings count as read).
// Goals (issue 25): at or before the reference, reading >= 90 % and 0 wrong plans; after it,
// 100 % refused (a documented reading, such as a bare month read as the last one, counted apart).
// With --baseline <checkout> (a copy of another commit, e.g. `git archive main | tar -x -C dir`
// with node_modules linked) the same corpus runs through that code too and both are printed.
// Run: npx tsx bench/time-corpus.ts [--baseline /tmp/main-copy] [--list wrong|refused|exact|documented]
import path from "node:path";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import type { PlanContext, PlanOutcome } from "../planner/planner.js";
import type { TimeMention } from "../planner/time-expressions.js";
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
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const listed = flag("--list");
const baseline = flag("--baseline");

interface Tally {
  total: number;
  exact: number;
  documented: number;
  refused: number;
  wrong: number;
  read: number;
}

/** The planner and time reader of one checkout, loaded from its source. */
async function codeAt(root: string) {
  const planner = await import(path.join(root, "planner/catalog-planner.ts"));
  const normalize = await import(path.join(root, "planner/normalize-text.ts"));
  const time = await import(path.join(root, "planner/time-expressions.ts"));
  return {
    plan: (question: string, workspace: Workspace): PlanOutcome =>
      new planner.CatalogPlanner().planSync(question, {
        workspace,
        asOf: CORPUS_REFERENCE_DAY,
        strategy: "auto",
      } as PlanContext),
    read: (text: string): TimeMention[] =>
      time.findTimeExpressions(normalize.normalizeForMatching(text), CORPUS_REFERENCE_DAY),
  };
}

async function measure(root: string, label: string): Promise<Map<string, Tally>> {
  const code = await codeAt(root);
  const workspace = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
  const questionFor = metricQuestionBuilder(workspace);
  const tallies = new Map<string, Tally>();
  const tallyOf = (key: string) => {
    const tally = tallies.get(key) ?? { total: 0, exact: 0, documented: 0, refused: 0, wrong: 0, read: 0 };
    tallies.set(key, tally);
    return tally;
  };
  /** The reading of the expression alone: one span covering Duckling's days (or the documented reading). */
  const readsExactly = (expression: CorpusExpression, documented: string | undefined) => {
    const mentions = code.read(expression.text);
    if (mentions.length !== 1 || mentions[0].periods.length === 0) return false;
    const periods = mentions[0].periods;
    const read = `${periods[0].from}..${periods[periods.length - 1].to}`;
    return read === `${expression.from}..${expression.to}` || read === documented;
  };
  for (const expression of readTimeCorpus()) {
    const side = expression.after_reference ? "after" : "at or before";
    const question = questionFor(expression);
    const outcome = code.plan(question, workspace);
    const documented = DOCUMENTED_READINGS[expression.text];
    const { verdict, periods } = judgeOutcome(outcome, expression, documented ? [documented] : []);
    const read = readsExactly(expression, documented);
    for (const tally of [tallyOf(`${expression.lang} ${side}`), tallyOf(`both ${side}`)]) {
      tally.total += 1;
      tally[verdict] += 1;
      if (read) tally.read += 1;
    }
    if (listed === verdict)
      console.log(
        `  ${label} ${verdict} ${expression.lang} ${side}: ${question} → ${periods.join(", ") || outcome.message} (Duckling ${expression.from}..${expression.to})`,
      );
  }
  return tallies;
}

const here = path.resolve(import.meta.dirname, "..");
const runs: [string, Map<string, Tally>][] = [];
if (baseline) runs.push([`before (${baseline})`, await measure(path.resolve(baseline), "before")]);
runs.push(["after (this checkout)", await measure(here, "after")]);

const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;
const mark = (ok: boolean) => (ok ? "meets goal" : "MISSES goal");
const cell = (count: number, total: number) =>
  `${String(count).padStart(4)} ${percent(count, total).padStart(7)}`;
console.log(
  `Duckling time corpus through the catalog planner (demo workspace, as of ${CORPUS_REFERENCE_DAY})`,
);
for (const [label, tallies] of runs) {
  console.log(`\n${label}`);
  console.log(
    "set                total  plan exact     documented   refused/asked  wrong  time read exactly  goal",
  );
  for (const [key, tally] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const past = !key.endsWith("after");
    const goal = past
      ? `read >= 90 %, 0 wrong: ${mark(tally.read / tally.total >= 0.9 && tally.wrong === 0)}`
      : `100 % refused or documented, 0 wrong: ${mark(tally.refused + tally.documented === tally.total)}`;
    console.log(
      `${key.padEnd(18)} ${String(tally.total).padStart(5)}  ${cell(tally.exact, tally.total)}  ${cell(tally.documented, tally.total)}  ${cell(tally.refused, tally.total)}  ${String(tally.wrong).padStart(5)}  ${cell(tally.read, tally.total)}       ${goal}`,
    );
  }
}
