import { describe, expect, it } from "vitest";
import { AskJobData, JobProgress, QueueJobData, ReportJobResult } from "./queue-jobs.js";

// The job shapes a client sends and a worker reads: defaults filled, bad jobs refused with a reason.
describe("queue job shapes", () => {
  it("fills the defaults and keeps what was given", () => {
    expect(AskJobData.parse({ kind: "ask", question: "Return rate?", as_of: "2024-06-30" })).toEqual({
      kind: "ask",
      question: "Return rate?",
      strategy: "auto",
      as_of: "2024-06-30",
    });
    const report = { kind: "report", job: "weekly", slot: "2024-06-30T08:00:00.000Z" };
    expect(QueueJobData.parse(report)).toEqual(report);
  });

  it("refuses what a job cannot be, saying why in English", () => {
    const tooLong = AskJobData.safeParse({ kind: "ask", question: "x".repeat(10_001), as_of: "2024-06-30" });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0].message).toBe("Too big: expected string to have <=10000 characters");
    const rounds = AskJobData.safeParse({
      kind: "ask",
      question: "q",
      as_of: "2024-06-30",
      max_iterations: 1.5,
    });
    expect(rounds.error?.issues[0].message).toBe("Invalid input: expected int, received number");
    expect(AskJobData.safeParse({ kind: "ask", question: "q", as_of: "30/06/2024" }).success).toBe(false);
    expect(QueueJobData.safeParse({ kind: "report", job: "weekly", slot: "tomorrow" }).success).toBe(false);
    expect(QueueJobData.safeParse({ kind: "other" }).success).toBe(false);
  });

  it("reads results and progress as the worker sends them", () => {
    const result = {
      job: "weekly",
      slot: "s",
      run_id: null,
      status: "skipped",
      exit_code: 0,
      files: [],
      worker: "h:1",
    };
    expect(ReportJobResult.parse(result)).toEqual(result);
    expect(ReportJobResult.safeParse({ ...result, exit_code: 0.5 }).success).toBe(false);
    expect(JobProgress.parse({ kind: "trace", t: 12, line: "plan:catalog:2" })).toEqual({
      kind: "trace",
      t: 12,
      line: "plan:catalog:2",
    });
    expect(JobProgress.safeParse({ kind: "question-end", id: "q1", index: 1.5, total: 2 }).success).toBe(
      false,
    );
  });
});
