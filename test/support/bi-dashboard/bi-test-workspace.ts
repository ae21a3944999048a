import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { StepContext } from "../../../adapters/adapter.js";
import { loadWorkspace } from "../../../config/load-workspace.js";
import type { Workspace } from "../../../config/workspace.js";
import { SubGoal, type SubGoalInput } from "../../../models/plan.js";
import { StepError } from "../../../models/step-error.js";

/** The test workspace's YAML: the demo sources plus datasets that exercise failures. */
export const TEST_WORKSPACE_YAML = `
catalog:
  metrics:
    return_rate: { unit: percent }
    complaints: { unit: count }
    vip_repurchase_rate: { unit: percent }
  dimensions:
    product: { values: { A: [A产品], B: [B产品], C: [C产品] } }
    region: { values: { East: [华东], North: [华北], South: [华南], West: [华西] } }
    category: { values: { Service: [], Delivery: [], Product: [] } }
sources:
  sales_bi:
    kind: bi_dashboard
    trust: 0.85
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 20
    login:
      url: /login
      username: { label: Username, value: "\${BI_USER:-analyst}" }
      password: { label: Password, value: "\${BI_PASSWORD:-demo-password}", secret: true }
      submit: Sign in
      success: { text: Dashboards }
    datasets:
      returns:
        url: /dashboards/returns?[[region={region}&]][[product={product}&]][[from={from}&]][[to={to}]]
        locate: { heading: Return rate by region }
        columns: { Product: product, Region: region, Month: month, Return rate: return_rate }
        period_column: month
        offers: { metrics: [return_rate], dimensions: [product, region], grain: month }
      returns_by_form:
        url: /dashboards/returns
        filters:
          - { label: Region, action: select, value: "{region}" }
          - { label: Product, action: select, value: "{product}" }
          - { label: Month, action: type, value: "{month}" }
        locate: { heading: Return rate by region }
        columns: { Product: product, Region: region, Month: month, Return rate: return_rate }
        offers: { metrics: [return_rate], dimensions: [product, region], grain: month }
      service_complaints:
        url: /dashboards/service-complaints?[[year={year}]]
        locate: { aria_label: Complaints by category }
        extract: grid
        columns: { Category: category, Sub-type: sub_type, Month: month, Quarter: quarter, Complaints: complaints }
        period_column: month
        aggregate: { by: [category, quarter], sum: [complaints] }
        offers: { metrics: [complaints], dimensions: [category], grain: quarter }
      vip_repurchase:
        url: /dashboards/vip-repurchase?[[year={year}]]
        locate: { heading: VIP repurchase rate by quarter }
        extract: paginated
        columns: { Quarter: quarter, VIP repurchase rate: vip_repurchase_rate }
        period_column: quarter
        offers: { metrics: [vip_repurchase_rate], grain: quarter }
      hanging:
        url: /dashboards/hang
        locate: { heading: Never }
        columns: { A: a }
      stalled_script:
        url: /dashboards/stalled-script
        locate: { heading: Never }
        columns: { A: a }
      missing_anchor:
        url: /dashboards/returns
        locate: { heading: Margin by region }
        wait_seconds: 3
        columns: { Product: product }
      wrong_headers:
        url: /dashboards/returns?[[product={product}&]][[month={month}]]
        locate: { heading: Return rate by region }
        columns: { Product: product, Refund rate: return_rate }
  support_bi:
    kind: bi_dashboard
    trust: 0.6
    base_url: \${TRIANGULATE_BI_URL}
    login:
      url: /login
      username: { label: Username, value: "\${BI_USER:-analyst}" }
      password: { label: Password, value: "\${BI_PASSWORD:-demo-password}", secret: true }
      submit: Sign in
      success: { text: Dashboards }
    datasets:
      returns:
        url: /support/returns?[[region={region}&]][[product={product}&]][[from={from}&]][[to={to}]]
        locate: { heading: Returns reported to support }
        columns: { Product: product, Region: region, Month: month, Return rate: return_rate }
        period_column: month
        offers: { metrics: [return_rate], dimensions: [product, region], grain: month }
`;

const temporaryDirectories: string[] = [];

/** A fresh temp folder, removed by removeTemporaryDirectories(). */
export function temporaryDirectory(prefix = "triangulate-bi-"): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  temporaryDirectories.push(directory);
  return directory;
}

/** Removes every folder temporaryDirectory() and testWorkspace() made (call in afterAll). */
export function removeTemporaryDirectories(): void {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
}

/** Writes the test workspace into a fresh temp folder and loads it against a portal. */
export function testWorkspace(
  portalUrl: string,
  environment: Record<string, string> = {},
  yaml = TEST_WORKSPACE_YAML,
): Workspace {
  const directory = temporaryDirectory();
  writeFileSync(path.join(directory, "triangulate.yaml"), yaml);
  return loadWorkspace(directory, { environment: { TRIANGULATE_BI_URL: portalUrl, ...environment } });
}

/** A sub-goal for a BI dataset. */
export function biGoal(
  source: string,
  dataset: string,
  params: SubGoalInput["params"] = { filters: {} },
  id = "g1",
): SubGoal {
  return SubGoal.parse({
    id,
    description: `${source}.${dataset}`,
    source,
    dataset,
    params,
    expected_format: "table",
  });
}

/** A step context with a real timeout signal and a trace collector. */
export function stepContext(
  options: { timeoutMs?: number; runDirectory?: string; attempt?: number } = {},
): StepContext & { traces: string[] } {
  const traces: string[] = [];
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    signal: AbortSignal.timeout(timeoutMs + 5_000),
    timeoutMs,
    asOf: "2024-06-30",
    attempt: options.attempt ?? 1,
    requestId: "test",
    runDirectory: options.runDirectory,
    trace: (_kind, line) => traces.push(line),
    traces,
  };
}

function alive(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return false;
  try {
    // A zombie waiting for its parent is as good as gone.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

/** Whether every process is gone (zombies count as gone), waiting up to 5 s for stragglers. */
export async function processesGone(pids: number[]): Promise<boolean> {
  // Chromium's children may take a moment to notice their parent is gone: wait for it, bounded.
  for (let tries = 0; tries < 50; tries += 1) {
    if (!pids.some(alive)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The StepError a promise rejects with (any other outcome fails the test). */
export async function stepFailure(promise: Promise<unknown>): Promise<StepError> {
  try {
    await promise;
  } catch (error) {
    if (StepError.isStepError(error)) return error;
    throw error;
  }
  throw new Error("expected a StepError");
}
