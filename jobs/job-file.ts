import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { parse as parseYaml } from "yaml";
import { ConfigError, type ConfigIssue } from "../config/config-error.js";
import { nearestName } from "../config/nearest-name.js";
import { PathOutsideWorkspaceError, type Workspace } from "../config/workspace.js";
import { readYamlMapping, sortIssues } from "../config/yaml-document.js";
import { oversizedFileProblem } from "../domain/input-limits.js";
import { checkPlanAgainstWorkspace } from "../executor/check-plan.js";
import { JobConfig } from "../models/job.js";
import { safeParsePlan } from "../models/plan.js";

/** A validated job and the file it came from. */
export interface LoadedJob {
  config: JobConfig;
  /** Absolute path of the job's YAML file. */
  file: string;
}

/** The folder of a workspace's jobs. */
export function jobsDirectoryOf(workspace: Workspace): string {
  return path.join(workspace.root, "jobs");
}

/** Every jobs/*.yaml (and .yml) file in a folder, sorted by name. */
export function listJobFiles(directory: string): string[] {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) return [];
  return readdirSync(directory)
    .filter((entry) => /\.ya?ml$/.test(entry))
    .sort()
    .map((entry) => path.join(directory, entry));
}

/**
 * Reads and validates one job file against the workspace. Never throws for a problem in the file:
 * every problem comes back as an issue with file:line:column.
 */
export function inspectJobFile(
  file: string,
  workspace: Workspace,
  environment: NodeJS.ProcessEnv = process.env,
): { job?: LoadedJob; issues: ConfigIssue[] } {
  const shownFile = path.relative(process.cwd(), file) || file;
  if (!existsSync(file))
    return { issues: [{ file: shownFile, path: "", message: "job file does not exist" }] };
  const oversized = oversizedFileProblem(file);
  if (oversized) return { issues: [{ file: shownFile, path: "", message: oversized }] };
  const read = readYamlMapping(
    shownFile,
    readFileSync(file, "utf8"),
    environment,
    "a mapping with name:, questions: and outputs:",
  );
  if ("issues" in read) return { issues: read.issues };
  const { yaml, resolved } = read;
  const parsed = JobConfig.safeParse(resolved.data);
  const issues = [...resolved.issues];
  if (!parsed.success) {
    issues.push(...yaml.schemaIssues(JobConfig, resolved.data, parsed.error.issues));
    return { issues: sortIssues(issues) };
  }
  const at = (issuePath: (string | number)[], message: string, suggestion?: string): ConfigIssue => ({
    file: shownFile,
    ...yaml.locate(issuePath),
    path: issuePath.join("."),
    message,
    ...(suggestion ? { suggestion } : {}),
  });
  issues.push(...checkJob(parsed.data, workspace, at));
  if (issues.length > 0) return { issues: sortIssues(issues) };
  return { job: { config: parsed.data, file: path.resolve(file) }, issues: [] };
}

/** Checks that need more than the schema: cron, timezone, unique ids, plan files, catalog names. */
function checkJob(
  job: JobConfig,
  workspace: Workspace,
  at: (issuePath: (string | number)[], message: string, suggestion?: string) => ConfigIssue,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (!isValidTimezone(job.timezone))
    issues.push(
      at(
        ["timezone"],
        `unknown timezone ${JSON.stringify(job.timezone)}; use an IANA name such as UTC or Asia/Shanghai`,
      ),
    );
  if (job.schedule !== undefined) {
    const problem = cronProblem(job.schedule, isValidTimezone(job.timezone) ? job.timezone : "UTC");
    if (problem)
      issues.push(at(["schedule"], `invalid cron expression ${JSON.stringify(job.schedule)}: ${problem}`));
  }
  const seen = new Set<string>();
  job.questions.forEach((question, index) => {
    if (seen.has(question.id))
      issues.push(at(["questions", index, "id"], `duplicate question id ${question.id}`));
    seen.add(question.id);
    if ("plan" in question) {
      const problem = planFileProblem(question.plan, workspace);
      if (problem) issues.push(at(["questions", index, "plan"], problem));
    }
  });
  try {
    workspace.resolveInside(job.outputs.directory);
  } catch (error) {
    const leadsTo = error instanceof PathOutsideWorkspaceError ? error.leadsTo : undefined;
    issues.push(
      at(
        ["outputs", "directory"],
        `${job.outputs.directory} is outside the workspace${leadsTo ? ` (a symbolic link leads to ${leadsTo})` : ""}; reports are written inside it`,
      ),
    );
  }
  if (!job.outputs.file_name.includes("{as_of}") && !job.outputs.file_name.includes("{run_date}")) {
    issues.push(
      at(
        ["outputs", "file_name"],
        "the file name needs {as_of} or {run_date} so each run's report gets its own dated file",
      ),
    );
  }
  const metrics = Object.keys(workspace.config.catalog.metrics ?? {});
  job.thresholds.forEach((threshold, index) => {
    if (threshold.metric !== "*" && !metrics.includes(threshold.metric)) {
      issues.push(
        at(
          ["thresholds", index, "metric"],
          `no metric ${threshold.metric} in the workspace catalog`,
          nearestName(threshold.metric, metrics),
        ),
      );
    }
  });
  return issues;
}

function planFileProblem(relativePath: string, workspace: Workspace): string | undefined {
  let file: string;
  try {
    file = workspace.resolveInside(relativePath);
  } catch {
    return `${relativePath} is outside the workspace; a saved plan must be inside it`;
  }
  if (!existsSync(file)) return `plan file ${relativePath} does not exist in the workspace`;
  const oversized = oversizedFileProblem(file);
  if (oversized) return `plan file ${relativePath}: ${oversized}`;
  let value: unknown;
  try {
    // Plans may be JSON or hand-written YAML (a superset of JSON), as the executor reads them.
    value = parseYaml(readFileSync(file, "utf8"));
  } catch (error) {
    return `plan file ${relativePath} is not valid JSON/YAML: ${(error as Error).message.split("\n")[0]}`;
  }
  const plan = safeParsePlan(value);
  if (!plan.success) {
    const first = plan.issues[0];
    return `plan file ${relativePath} is not a valid plan: ${first.path.join(".")}: ${first.message}${plan.issues.length > 1 ? ` (and ${plan.issues.length - 1} more)` : ""}`;
  }
  const problems = checkPlanAgainstWorkspace(plan.value, workspace);
  if (problems.length > 0)
    return `plan file ${relativePath} does not fit the workspace: ${problems[0].path}: ${problems[0].message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}`;
  return undefined;
}

/** Whether Intl knows the timezone. */
export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Why croner rejects a cron expression, or undefined when it is valid and ever fires. */
export function cronProblem(expression: string, timezone: string): string | undefined {
  try {
    const cron = new Cron(expression, { paused: true, timezone });
    const next = cron.nextRun();
    cron.stop();
    return next === null ? "it never fires" : undefined;
  } catch (error) {
    return (error as Error).message.replace(/^CronPattern: /, "");
  }
}

/**
 * Finds a job by name (the `name:` in jobs/*.yaml, or the file's base name) or by a path to its
 * YAML file, and validates it. Throws ConfigError when it is missing or wrong.
 */
export function loadJob(
  workspace: Workspace,
  nameOrPath: string,
  options: { jobsDirectory?: string; environment?: NodeJS.ProcessEnv } = {},
): LoadedJob {
  const file = findJobFile(workspace, nameOrPath, options.jobsDirectory);
  const { job, issues } = inspectJobFile(file, workspace, options.environment);
  if (!job) throw new ConfigError(issues);
  return job;
}

function findJobFile(workspace: Workspace, nameOrPath: string, jobsDirectory?: string): string {
  if (/\.ya?ml$/.test(nameOrPath) && existsSync(nameOrPath)) return path.resolve(nameOrPath);
  const directory = jobsDirectory ? path.resolve(jobsDirectory) : jobsDirectoryOf(workspace);
  const files = listJobFiles(directory);
  const byFileName = files.find((file) => path.basename(file).replace(/\.ya?ml$/, "") === nameOrPath);
  if (byFileName) return byFileName;
  for (const file of files) {
    const declared = /^name:\s*["']?([A-Za-z0-9_-]+)/m.exec(readFileSync(file, "utf8"))?.[1];
    if (declared === nameOrPath) return file;
  }
  const known = files.map((file) => path.basename(file).replace(/\.ya?ml$/, ""));
  const shown = path.relative(process.cwd(), directory) || directory;
  throw new ConfigError([
    {
      file: shown,
      path: "",
      message: `no job ${nameOrPath} in ${shown}${known.length ? `; jobs here: ${known.join(", ")}` : " (the folder holds no .yaml files)"}`,
      suggestion: nearestName(nameOrPath, known),
    },
  ]);
}

/** Reads every job file of a folder: the jobs that are valid and every problem found. */
export function inspectJobFolder(
  directory: string,
  workspace: Workspace,
): { jobs: LoadedJob[]; issues: ConfigIssue[] } {
  const jobs: LoadedJob[] = [];
  const issues: ConfigIssue[] = [];
  for (const file of listJobFiles(directory)) {
    const inspected = inspectJobFile(file, workspace);
    issues.push(...inspected.issues);
    if (inspected.job) jobs.push(inspected.job);
  }
  return { jobs, issues };
}
