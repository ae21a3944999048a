// A scheduler process for tests: the real JobScheduler, runJob, history and signal handling, with
// an answerer that takes `SLOW_MS` per question (honouring its abort signal) so a test can send
// SIGTERM or SIGKILL while a job is running. `LATE_MS` holds each run back that long before it
// starts, as a second scheduler whose timer fires late (a loaded machine, a systemd timer's
// RandomizedDelaySec). Usage: tsx slow-scheduler-child.ts <workspace> <grace ms>
import { loadWorkspace } from "../../../config/load-workspace.js";
import { loadJob } from "../../../jobs/job-file.js";
import { runJob } from "../../../jobs/job-runner.js";
import { JobScheduler, runSchedulerUntilSignal } from "../../../jobs/job-scheduler.js";
import { defaultQuestionAnswerer } from "../../../jobs/question-answerer.js";
import { createSchedulerLog } from "../../../jobs/scheduler-log.js";

const [root, grace] = process.argv.slice(2);
const slowMs = Number(process.env.SLOW_MS ?? 5000);
const lateMs = Number(process.env.LATE_MS ?? 0);
const workspace = loadWorkspace(root, { environment: {} });
const job = loadJob(workspace, "returns-test");
const scheduler = new JobScheduler({
  workspace,
  jobs: [job],
  log: createSchedulerLog(process.stdout, true),
  graceMs: Number(grace),
  run: async (loaded, target, options) => {
    if (lateMs > 0) await new Promise((resolve) => setTimeout(resolve, lateMs));
    return runJob(loaded, target, {
      ...options,
      answerer: async (question, context) => {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, slowMs);
          context.signal.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(context.signal.reason);
          });
        });
        return defaultQuestionAnswerer(question, context);
      },
    });
  },
});
await runSchedulerUntilSignal(scheduler);
