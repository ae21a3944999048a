/**
 * Issue 27.1: a warm worker's concurrent jobs share one browser and queue for its pages. Real
 * Chromium, the real demo sources, the WarmRunner a `triangulate worker` runs its jobs on: eight
 * flagship questions at once (four dashboard reads each, 32 reads of two BI sources) must never
 * have more renderer processes than the sources' `concurrency` allows pages, and must all finish.
 * Before the per-source limit was the adapter pool's, each question took its own four pages.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedBrowserManager } from "../../adapters/bi-dashboard/browser-manager.js";
import { DEMO_AS_OF, type DemoEnvironment, FLAGSHIP_QUESTIONS, startDemo } from "../../demo/run-demo.js";
import { WarmRunner } from "../../workers/warm-runner.js";

const QUESTION = FLAGSHIP_QUESTIONS.find((entry) => entry.id === "q1-en")?.question ?? "";
const sharing = process.env.TRIANGULATE_SHARED_BROWSER;
let demo: DemoEnvironment;
let runner: WarmRunner;

beforeAll(async () => {
  // This process's own browser, so that its renderer processes are this process's descendants.
  process.env.TRIANGULATE_SHARED_BROWSER = "0";
  demo = await startDemo();
  runner = new WarmRunner(demo.directory, { ...process.env, ...demo.environment });
}, 120_000);

afterAll(async () => {
  await runner?.close();
  await demo?.close();
  if (sharing === undefined) delete process.env.TRIANGULATE_SHARED_BROWSER;
  else process.env.TRIANGULATE_SHARED_BROWSER = sharing;
});

/** Renderer processes among the given Chromium pids (their command line names the type). */
function renderers(pids: number[]): number {
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
    } catch {
      return false;
    }
  }).length;
}

describe("a warm runner's concurrent jobs", () => {
  it("read the dashboards through one browser, at most `concurrency` pages per source", async () => {
    const workspace = runner.warm();
    const pages = Object.values(workspace.config.sources)
      .filter((source) => source.kind === "bi_dashboard")
      .reduce((total, source) => total + source.concurrency, 0);
    const ask = () => runner.ask({ kind: "ask", question: QUESTION, as_of: DEMO_AS_OF, strategy: "auto" });
    // Signed in and warm, as a worker is after its first job.
    expect((await ask()).answer.status).toBe("answered");
    const browser = sharedBrowserManager(workspace.config.browser, workspace.stateDirectory);
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, renderers(browser.processIds()));
    }, 50);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, ask));
      for (const each of answers) expect([0, 2]).toContain(each.exit_code);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(pages);
    // One renderer per source's context (its pages are one site: --process-per-site), not per page.
    const sources = Object.values(workspace.config.sources).filter(
      (source) => source.kind === "bi_dashboard",
    );
    expect(most).toBeLessThanOrEqual(sources.length);
  }, 300_000);

  it("answer the same question asked at once from one read of each dashboard, each as a lone ask does", async () => {
    const ask = () => runner.ask({ kind: "ask", question: QUESTION, as_of: DEMO_AS_OF, strategy: "auto" });
    const readsBeforeLone = demo.portal.dataRequestCount();
    const alone = await ask();
    const readsAlone = demo.portal.dataRequestCount();
    expect(readsAlone).toBeGreaterThan(readsBeforeLone);
    const before = demo.portal.dataRequestCount();
    const answers = await Promise.all(Array.from({ length: 8 }, ask));
    const reads = demo.portal.dataRequestCount() - before;
    for (const each of answers) {
      expect(each.answer.text).toBe(alone.answer.text);
      expect(each.answer.numbers).toEqual(alone.answer.numbers);
      // Each run has its own folder with its own step files.
      expect(each.run_directory).not.toBe(alone.run_directory);
    }
    expect(new Set(answers.map((each) => each.run_directory)).size).toBe(8);
    // One lone ask reads each of its datasets once; eight at once share those reads (a question
    // planned after a read ended reads again, never from a cache), far fewer than 8 × the lone.
    const lone = readsAlone - readsBeforeLone;
    expect(reads).toBeLessThan(8 * lone);
    expect(reads).toBeLessThanOrEqual(2 * lone);
    const shared = answers.filter((each) => each.trace.some((event) => event.line.includes(":shared:")));
    expect(shared.length).toBeGreaterThan(0);
  }, 300_000);
});
