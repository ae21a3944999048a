import type { JobRunRecord, QuestionRecordInput } from "./history-store.js";

/**
 * What every history store decides the same way, whatever its engine: which questions count as
 * answered, and which runs retention removes.
 */

/** Questions that count as answered in a run's `questions_answered`: answered, or answered directly. */
export function answeredCount(questions: QuestionRecordInput[]): number {
  return questions.filter((question) => question.status === "answered" || question.status === "direct")
    .length;
}

/**
 * The runs of one job (newest first) that retention removes: beyond the newest `runs`, or started
 * more than `days` days before `now`; never a running one.
 */
export function runsPastRetention(
  newestFirst: JobRunRecord[],
  retention: { runs?: number; days?: number },
  now: Date,
): JobRunRecord[] {
  const cutoff =
    retention.days === undefined
      ? undefined
      : new Date(now.getTime() - retention.days * 86_400_000).toISOString();
  return newestFirst.filter(
    (run, index) =>
      run.status !== "running" &&
      ((retention.runs !== undefined && index >= retention.runs) ||
        (cutoff !== undefined && run.started_at < cutoff)),
  );
}
