import type { TraceEvent } from "../../models/trace-event.js";
import type { QueueClient } from "../../workers/queue-client.js";
import type { JobProgress } from "../../workers/queue-jobs.js";
import type {
  AnswerBackend,
  AskReply,
  PlanReply,
  QuestionOptions,
  RequestControl,
} from "./answer-backend.js";

/**
 * Answers on the queue's warm workers (`triangulate serve --queue <url>`): each POST /ask becomes
 * one ask job, followed to its result through the one queue client this process holds, so many
 * HTTP callers cost one Redis connection pair instead of a BullMQ client each. Progress comes back
 * as trace events (the worker that took the question, then its trace lines); a caller that goes
 * away cancels the job (removed if no worker took it, interrupted on its worker otherwise).
 * Planning stays in this process (`plan`, given by the caller): a plan reads only the workspace,
 * which the server has loaded, and is cheaper than a round trip through a worker.
 */
export class QueueBackend implements AnswerBackend {
  constructor(
    private readonly client: QueueClient,
    private readonly planHere: AnswerBackend["plan"],
    private readonly closeHere: () => Promise<void>,
    private readonly today: () => string,
  ) {}

  async ask(question: string, options: QuestionOptions, control: RequestControl): Promise<AskReply> {
    const started = Date.now();
    const onProgress = control.onProgress;
    return this.client.ask(
      question,
      {
        ...(options.strategy ? { strategy: options.strategy } : {}),
        ...(options.planner ? { planner: options.planner } : {}),
        // Resolved here, not on the worker: the caller's day decides the question's periods.
        asOf: options.as_of ?? this.today(),
        ...(options.max_iterations !== undefined ? { maxIterations: options.max_iterations } : {}),
      },
      {
        ...(control.signal ? { signal: control.signal } : {}),
        ...(onProgress
          ? {
              onProgress: (progress: JobProgress) => {
                const event = traceEventOf(progress, Date.now() - started);
                if (event) onProgress(event);
              },
            }
          : {}),
      },
    );
  }

  plan(question: string, options: QuestionOptions, control: RequestControl): Promise<PlanReply> {
    return this.planHere(question, options, control);
  }

  async close(): Promise<void> {
    await this.client.close();
    await this.closeHere();
  }
}

/**
 * A worker's progress as the trace event POST /ask streams: its trace lines as they are (kind: the
 * line's first word), the worker that took the question as `worker:<name>`. Report progress never
 * comes for an ask.
 */
export function traceEventOf(progress: JobProgress, elapsedMs: number): TraceEvent | undefined {
  if (progress.kind === "trace")
    return { t: progress.t, kind: progress.line.split(":")[0] ?? "trace", detail: {}, line: progress.line };
  if (progress.kind === "started")
    return {
      t: elapsedMs,
      kind: "worker",
      detail: { worker: progress.worker },
      line: `worker:${progress.worker}`,
    };
  return undefined;
}
