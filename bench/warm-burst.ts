// N concurrent asks on one warm runner in this process (issue 27): the WarmRunner a `triangulate
// worker` runs its jobs on, the demo sources in this process, no queue, no client processes. It
// times each browser-bound flagship question alone (warm, one after another), then N of them at
// once, and prints p50/p95 of both, the ratio, the CPU seconds of this process (the runner, the
// demo servers) and the longest event-loop delay: what one warm process does with a burst, apart
// from what starting N client processes costs the machine (bench/concurrent-asks.ts measures that).
//
//   npx tsx bench/warm-burst.ts [--n 10] [--rounds 2]
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { DEMO_AS_OF, FLAGSHIP_QUESTIONS, startDemo } from "../demo/run-demo.js";
import { WarmRunner } from "../workers/warm-runner.js";

const { values } = parseArgs({
  options: { n: { type: "string", default: "10" }, rounds: { type: "string", default: "2" } },
});
const n = Number(values.n);
const questions = FLAGSHIP_QUESTIONS.filter((entry) => ["q1-zh", "q1-en", "q6"].includes(entry.id));
const ask = (question: string) =>
  runner.ask({ kind: "ask", question, as_of: DEMO_AS_OF, strategy: "auto", trace: false });
const percentile = (numbers: number[], share: number) => {
  const sorted = [...numbers].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
};
const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(2);

const demo = await startDemo();
const runner = new WarmRunner(demo.directory, { ...process.env, ...demo.environment });
try {
  runner.warm();
  // Warm: signed in, pages open, the planner's vocabulary built.
  for (const entry of questions) await ask(entry.question);
  const lone: number[] = [];
  const answers = new Map<string, string>();
  for (let round = 0; round < Number(values.rounds); round += 1)
    for (const entry of questions) {
      const started = performance.now();
      const result = await ask(entry.question);
      lone.push(performance.now() - started);
      answers.set(entry.id, JSON.stringify([result.answer.status, result.answer.numbers]));
    }
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const burst = await Promise.all(
    Array.from({ length: n }, async (_, index) => {
      const entry = questions[index % questions.length];
      const started = performance.now();
      const result = await ask(entry.question);
      const same = JSON.stringify([result.answer.status, result.answer.numbers]) === answers.get(entry.id);
      return { wall: performance.now() - started, same };
    }),
  );
  const used = process.cpuUsage(cpu);
  delay.disable();
  const walls = burst.map((each) => each.wall);
  process.stdout.write(
    `a lone warm ask (${lone.length}): p50 ${seconds(percentile(lone, 0.5))} s, p95 ${seconds(percentile(lone, 0.95))} s\n` +
      `${n} at once: p50 ${seconds(percentile(walls, 0.5))} s, p95 ${seconds(percentile(walls, 0.95))} s ` +
      `(${(percentile(walls, 0.95) / percentile(lone, 0.95)).toFixed(1)}× a lone ask's p95), ` +
      `answers = a lone ask ${burst.filter((each) => each.same).length}/${n}\n` +
      `CPU of this process during the burst ${((used.user + used.system) / 1e6).toFixed(2)} s, ` +
      `longest event-loop delay ${Math.round(delay.max / 1e6)} ms\n`,
  );
} finally {
  await runner.close();
  await demo.close();
}
