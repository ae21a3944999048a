/**
 * The clock and the cancellation of one attempt: it starts now, aborts its signal when the
 * attempt's timeout passes (marking it timed out) or when the run's own signal aborts (Ctrl-C).
 * `stop()` clears both once the attempt is over.
 */
export class AttemptTimer {
  readonly started = Date.now();
  readonly startedIso = new Date(this.started).toISOString();
  timedOut = false;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onExternalAbort: () => void;

  constructor(
    goalId: string,
    readonly timeoutMs: number,
    private readonly external?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(
        new DOMException(`step ${goalId} timed out after ${timeoutMs} ms`, "TimeoutError"),
      );
    }, timeoutMs);
    this.onExternalAbort = () => this.controller.abort(external?.reason);
    // A signal aborted before the step (Ctrl-C while the CLI loaded) fires no "abort" event any more.
    if (external?.aborted) this.onExternalAbort();
    else external?.addEventListener("abort", this.onExternalAbort, { once: true });
  }

  /** Aborted at the timeout or with the run's signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Epoch ms when the attempt's time is up. */
  get deadline(): number {
    return this.started + this.timeoutMs;
  }

  /** The attempt's times as the step file records them, ended now. */
  times(): { started_at: string; ended_at: string; duration_ms: number; timeout_ms: number } {
    const ended = Date.now();
    return {
      started_at: this.startedIso,
      ended_at: new Date(ended).toISOString(),
      duration_ms: ended - this.started,
      timeout_ms: this.timeoutMs,
    };
  }

  stop(): void {
    clearTimeout(this.timer);
    this.external?.removeEventListener("abort", this.onExternalAbort);
  }
}
