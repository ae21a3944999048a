/**
 * One bounded step of reading a dashboard (navigate, find the anchor, read the table, scroll it)
 * that did not finish within its own time limit. The step's name is the error's cause as a person
 * reads it: "reading the table's rows did not finish within 10 s".
 */
export class StalledStepError extends Error {
  override readonly name = "StalledStepError";
  constructor(
    /** What the step was doing, in words ("reading the table's rows"). */
    readonly step: string,
    /** How long it was given. */
    readonly waitedMs: number,
    /** What the page was still waiting for when it stalled (pending stylesheets, scripts), if known. */
    readonly pending: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(
      `${step} did not finish within ${Math.round(waitedMs / 100) / 10} s${pending.length > 0 ? `; the page was still loading ${pending.join(", ")}` : ""}`,
      options,
    );
  }
}

/** Runs a step with its own time limit: its result, or a StalledStepError naming the step. */
export async function boundedStep<T>(step: string, timeoutMs: number, run: () => Promise<T>): Promise<T> {
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
