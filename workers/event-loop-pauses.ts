/** How often the clock is read; a pause shorter than this is not seen. */
const SAMPLE_MS = 100;

/**
 * The longest pause of this process's event loop while each job ran. BullMQ renews a running job's
 * lock from the event loop, so a pause longer than the lock (synchronous work on a starved CPU, a
 * machine swapping, a stopped process) lets another worker take the job: the worker logs the
 * longest pause with each job's end, which is what an operator sets `--lock-seconds` above.
 */
export class EventLoopPauses {
  private readonly longest = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private last = performance.now();

  /** Starts watching (the timer does not keep the process alive). */
  start(): void {
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const pause = now - this.last - SAMPLE_MS;
      this.last = now;
      for (const [id, longest] of this.longest) if (pause > longest) this.longest.set(id, pause);
    }, SAMPLE_MS);
    this.timer.unref();
  }

  /** Starts counting for a job. */
  begin(id: string): void {
    this.longest.set(id, 0);
  }

  /** Stops counting for a job; returns its longest pause in milliseconds. */
  end(id: string): number {
    const longest = this.longest.get(id) ?? 0;
    this.longest.delete(id);
    return Math.max(0, Math.round(longest));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
