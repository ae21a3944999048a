// A scheduler process for tests: the real JobScheduler, runJob, history and signal handling, with
// an answerer that takes `SLOW_MS` per question (honouring its abort signal) so a test can send
// SIGTERM or SIGKILL while a job is running. Usage: tsx slow-scheduler-child.ts <workspace> <grace ms>
import { loadWorkspace } from "../../../config/load-workspace.js";
import { loadJob } from "../../../jobs/job-file.js";
import { runJob } from "../../../jobs/job-runner.js";
import { JobScheduler, runSchedulerUntilSignal } from "../../../jobs/job-scheduler.js";
import { defaultQuestionAnswerer } from "../../../jobs/question-answerer.js";
import { createSchedulerLog } from "../../../jobs/scheduler-log.js";

const [root, grace] = process.argv.slice(2);
const slowMs = Number(process.env.SLOW_MS ?? 5000);
const workspace = loadWorkspace(root, { environment: {} });
const job = loadJob(workspace, "returns-test");
const scheduler = new JobScheduler({
  workspace,
  jobs: [job],
  log: createSchedulerLog(process.stdout, true),
  graceMs: Number(grace),
  run: (loaded, target, options) =>
    runJob(loaded, target, {
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
    }),
});
await runSchedulerUntilSignal(scheduler);
