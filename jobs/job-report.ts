import type { Answer } from "../models/answer.js";
import type { Evidence } from "../models/evidence.js";
import type { TraceEvent } from "../models/trace-event.js";
import type { ChangesSinceLastRun } from "./changes-since-last-run.js";
import type { QuestionRunStatus } from "./history-store.js";
import type { ReportedNumber } from "./reported-numbers.js";

/** The evidence one sub-goal of a question produced, as shown in the report. */
export interface ReportEvidence {
  goal: string;
  source: string;
  description?: string;
  status: string;
  evidence?: Evidence;
  error?: string;
}

/** One question's part of a report. */
export interface QuestionReport {
  id: string;
  title: string;
  question: string;
  /** The saved plan the question ran, relative to the workspace. */
  plan_file?: string;
  status: QuestionRunStatus;
  duration_ms: number;
  answer?: Answer;
  error?: string;
  evidence: ReportEvidence[];
  numbers: (ReportedNumber & { key: string })[];
  trace: TraceEvent[];
  run_directory?: string;
}

/** Status of a whole job run. */
export type JobStatus = "answered" | "partial" | "failed" | "interrupted";

/** Everything a report shows; also the JSON report. */
export interface JobReport {
  job: string;
  description?: string;
  run_id: number;
  status: JobStatus;
  as_of: string;
  timezone: string;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  questions: QuestionReport[];
  changes: ChangesSinceLastRun;
  /** Report files written, relative to the workspace. */
  files: string[];
}
