import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_AS_OF } from "../../demo/run-demo.js";

/** A cron expression (seconds first) that fires at `slot` and then only a year later. */
export function oneShotCron(slot: Date): string {
  return `${slot.getUTCSeconds()} ${slot.getUTCMinutes()} ${slot.getUTCHours()} ${slot.getUTCDate()} ${slot.getUTCMonth() + 1} *`;
}

/**
 * Writes report jobs `names` into <root>/jobs, each with one question, all due at `slot` (UTC).
 * Rewritten with a new slot and SIGHUP, a running `schedule` takes the new time: that is how a test
 * makes jobs fall due after its slow-starting schedulers are up.
 */
export function writeDueJobs(root: string, names: string[], slot: Date, question: string): void {
  const jobs = path.join(root, "jobs");
  mkdirSync(jobs, { recursive: true });
  for (const name of names)
    writeFileSync(
      path.join(jobs, `${name}.yaml`),
      `name: ${name}\nschedule: "${oneShotCron(slot)}"\ntimezone: UTC\nas_of: "${DEMO_AS_OF}"\nquestions:\n  - id: q\n    question: ${JSON.stringify(question)}\noutputs: { directory: reports/${name}, formats: [json] }\n`,
    );
}
