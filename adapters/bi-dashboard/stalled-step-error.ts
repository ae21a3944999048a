import { type PageStep, type PageWait, pageWaitInEnglish } from "../../models/step-messages/page-wait.js";

/**
 * One bounded step of reading a dashboard (navigate, find the anchor, read the table, scroll it)
 * that did not finish within its own time limit. The step is a code (`wait`, said in the answer's
 * language); the message is its English: "reading the table's rows did not finish within 10 s".
 */
export class StalledStepError extends Error {
  override readonly name = "StalledStepError";
  constructor(
    /** What the step was doing ("table_rows": reading the table's rows). */
    readonly step: PageStep,
    /** How long it was given. */
    readonly waitedMs: number,
    /** What the page was still waiting for when it stalled (pending stylesheets, scripts), if known. */
    readonly pending: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(pageWaitInEnglish(stalledWait(step, waitedMs, pending)), options);
  }

  /** The wait that ran out, as the step message carries it. */
  get wait(): PageWait {
    return stalledWait(this.step, this.waitedMs, this.pending);
  }
}

function stalledWait(step: PageStep, waitedMs: number, pending: string[]): PageWait {
  return { code: "step_stalled", step, seconds: Math.round(waitedMs / 100) / 10, pending };
}

/** Runs a step with its own time limit: its result, or a StalledStepError naming the step. */
export async function boundedStep<T>(step: PageStep, timeoutMs: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = Math.max(1, timeoutMs);
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StalledStepError(step, limit)), limit);
  });
  const running = run();
  // The step may still settle after the limit: its late rejection must not go unhandled.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, stalled]);
  } finally {
    clearTimeout(timer);
  }
}
