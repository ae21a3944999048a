import type { SubGoal } from "../models/plan.js";
import type { RawResponse, StepContext } from "./adapter.js";

// Concurrent steps that need the same read of the same source share one fetch (single flight).
// A warm worker runs many questions on one AdapterPool; twenty analysts asking the same question
// at once would otherwise read the same dashboard twenty times, each read a page and a renderer's
// work. A shared read is never a cache: it is joined only while it waits for its turn or runs, and
// a step arriving after it ended reads again. Every waiter gets the same raw response (its own
// copy: each run writes its own raw snapshot and normalises it for its own step and evidence), or
// the same typed error. A waiter that gives up (its step timed out, its question was cancelled)
// leaves; the read is cancelled only when no waiter is left.

/**
 * What a read depends on, as one string: the source, every field of the sub-goal an adapter may
 * read (its id and description too: adapters name the goal in messages and artefacts, and a
 * knowledge base searches the description when there is no query), the as-of date, the attempt
 * number and the reflector's hints. The validation rule, `required`, `depends_on` and `asked` say
 * what is done with the result, not what is fetched, so steps differing only in them share a read.
 * Two steps with the same key send the same request with the same credentials (one pool is one
 * loaded workspace).
 */
export function sharedReadKey(
  goal: SubGoal,
  context: Pick<StepContext, "asOf" | "attempt" | "hints">,
): string {
  const {
    validation: _validation,
    required: _required,
    depends_on: _dependsOn,
    asked: _asked,
    ...read
  } = goal;
  return canonicalJson({ read, asOf: context.asOf, attempt: context.attempt, hints: context.hints ?? {} });
}

/** JSON with every object's keys sorted, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    each && typeof each === "object" && !Array.isArray(each)
      ? Object.fromEntries(Object.entries(each).sort(([left], [right]) => (left < right ? -1 : 1)))
      : each,
  );
}

/** A step waiting on the read: its own signal and trace. */
interface Waiter {
  context: StepContext;
  onAbort: () => void;
}

type Trace = Parameters<StepContext["trace"]>;

/**
 * One read that several steps wait on. The step that entered first leads: it takes the source's
 * turn and starts the fetch (`run`); the others follow: they wait until it starts (`started`),
 * then `join` with their own step context. A follower that entered before the read ended gets its
 * outcome even if it joins just after (it waited for this read); a step entering after it ended
 * finds no read and starts a new one.
 */
export class SharedRead {
  /** True once the leader started the fetch; false when it gave up before (the followers re-enter). */
  readonly started: Promise<boolean>;
  private resolveStarted!: (started: boolean) => void;
  private state: "waiting" | "running" | "settled" | "abandoned" = "waiting";
  /** Followers that entered and have neither joined nor left. */
  private pending = 0;
  private readonly waiters = new Set<Waiter>();
  private readonly controller = new AbortController();
  /** Trace lines the fetch wrote so far, replayed to a follower that joins later. */
  private readonly traced: Trace[] = [];
  private result: Promise<RawResponse> | undefined;
  /** How many steps this read served: the leader and every follower that joined. */
  served = 0;

  constructor(private readonly onClosed: () => void) {
    this.started = new Promise((resolve) => {
      this.resolveStarted = resolve;
    });
  }

  /** Whether a step may still follow this read (it has not ended). */
  get open(): boolean {
    return this.state === "waiting" || this.state === "running";
  }

  /** A step follows this read: it will join once the read starts, or leave. */
  follow(): void {
    this.pending += 1;
  }

  /**
   * The leader starts the fetch with its own step context; the fetch gets the shared signal
   * (aborted only when every waiter has left) and a trace that reaches every waiter.
   */
  run(context: StepContext, fetch: (context: StepContext) => Promise<RawResponse>): Promise<RawResponse> {
    if (this.state !== "waiting") throw new Error("a shared read runs once");
    this.state = "running";
    this.add(context);
    const shared: StepContext = {
      ...context,
      signal: this.controller.signal,
      trace: (...line: Trace) => {
        this.traced.push(line);
        for (const waiter of this.waiters) waiter.context.trace(...line);
      },
    };
    let result: Promise<RawResponse>;
    try {
      result = fetch(shared);
    } catch (error) {
      result = Promise.reject(error);
    }
    this.result = result.finally(() => {
      this.state = "settled";
      this.onClosed();
      // Nothing of the waiters is needed any more: their signals no longer concern the read.
      for (const waiter of this.waiters) waiter.context.signal.removeEventListener("abort", waiter.onAbort);
      this.waiters.clear();
    });
    // Waiters that left see no rejection; the read's own is handled here.
    this.result.catch(() => undefined);
    this.resolveStarted(true);
    return this.result;
  }

  /**
   * A follower joins with its own step context: it is told the trace lines written so far and
   * gets its own copy of the raw response, or the read's error.
   */
  join(context: StepContext): Promise<RawResponse> {
    if (!this.result) throw new Error("a shared read is joined once it has started");
    this.pending -= 1;
    for (const line of this.traced) context.trace(...line);
    this.add(context);
    return this.result.then((raw) => structuredClone(raw));
  }

  /** A follower that will not join (its step ended before it could). */
  leave(): void {
    this.pending -= 1;
    this.abortWhenAlone();
  }

  /** The leader gave up before starting the fetch: its followers enter again, one of them leads. */
  abandon(): void {
    if (this.state !== "waiting") return;
    this.state = "abandoned";
    this.onClosed();
    this.resolveStarted(false);
  }

  private add(context: StepContext): void {
    this.served += 1;
    // A read that has ended has nothing left to cancel or to trace.
    if (this.state === "settled") return;
    const waiter: Waiter = {
      context,
      onAbort: () => {
        this.waiters.delete(waiter);
        this.abortWhenAlone(context.signal.reason);
      },
    };
    this.waiters.add(waiter);
    if (context.signal.aborted) waiter.onAbort();
    else context.signal.addEventListener("abort", waiter.onAbort, { once: true });
  }

  // The read stops only when no step waits for it: one waiter's timeout or Ctrl-C is its own.
  private abortWhenAlone(reason?: unknown): void {
    if (this.state !== "running" || this.waiters.size > 0 || this.pending > 0) return;
    this.controller.abort(reason);
    // Nobody is left to take its result: a step arriving now starts a new read.
    this.onClosed();
  }
}

/** The reads running (or waiting for their turn) on one adapter pool, by key. */
export class SharedReads {
  private readonly reads = new Map<string, SharedRead>();

  /**
   * The read a step with this key takes part in: one already waiting or running (the step
   * follows it), else a new one the step leads.
   */
  enter(key: string): { read: SharedRead; leads: boolean } {
    const existing = this.reads.get(key);
    if (existing?.open) {
      existing.follow();
      return { read: existing, leads: false };
    }
    const read = new SharedRead(() => {
      if (this.reads.get(key) === read) this.reads.delete(key);
    });
    this.reads.set(key, read);
    return { read, leads: true };
  }

  /** Reads waiting or running now (for tests and the worker's figures). */
  get size(): number {
    return this.reads.size;
  }
}
