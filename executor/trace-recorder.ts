import type { TraceEvent } from "../models/trace-event.js";

/** Collects the trace events of one run, in order, with times relative to the run's start. */
export class TraceRecorder {
  readonly events: TraceEvent[] = [];
  private readonly started = performance.now();
  private readonly listeners: ((event: TraceEvent) => void)[] = [];

  /** Records one event; `line` is the compact form printed by --show-trace, e.g. "fetch:g1:sales_bi:ok:4 rows:412ms". */
  add(kind: string, line: string, detail: Record<string, unknown> = {}, goal?: string): TraceEvent {
    const event: TraceEvent = {
      t: Math.round(performance.now() - this.started),
      kind,
      line,
      detail,
      ...(goal ? { goal } : {}),
    };
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /** Calls the listener for every event from now on (used to stream --show-trace and progress). */
  onEvent(listener: (event: TraceEvent) => void): void {
    this.listeners.push(listener);
  }

  /** The compact lines, in order. */
  lines(): string[] {
    return this.events.map((event) => event.line);
  }
}
