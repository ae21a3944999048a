import type { Page } from "playwright-core";
import type { SubGoal } from "../../models/plan.js";
import type { BiDataset } from "../../models/sources/bi-dashboard-source.js";
import type { StepContext } from "../adapter.js";
import type { InFlightRequests } from "./page-readiness.js";
import type { TemplateValues } from "./url-template.js";

/**
 * One read of one dataset, as the adapter's steps (navigate, set filters, locate, read) share it —
 * what crawlee calls a crawling context: the page the base owns for this read, the dataset and
 * sub-goal, the clock, and the names errors use.
 */
export interface DashboardRead {
  page: Page;
  requests: InFlightRequests;
  goal: SubGoal;
  datasetName: string;
  dataset: BiDataset;
  /** The sub-goal's placeholder values (filters, period). */
  values: TemplateValues;
  /** The dashboard URL opened. */
  url: URL;
  /** That URL without secrets, for errors and the step file. */
  safeUrl: string;
  /** "<source>.<dataset>", the prefix of every message. */
  where: string;
  context: StepContext;
  started: number;
  /** When the whole read must be done. */
  deadline: number;
  /** True on a retry with a longer timeout: every wait may use the whole budget. */
  extended: boolean;
}

/** Milliseconds left before the read's deadline (at least 1). */
export function remainingMs(read: DashboardRead): number {
  return Math.max(1, read.deadline - Date.now());
}
