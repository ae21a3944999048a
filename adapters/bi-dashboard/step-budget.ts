import type { StepContext } from "../adapter.js";

// Leave the executor's own timeout a second so our timeout, with its screenshot, fires first.
const OWN_TIMEOUT_MARGIN_MS = 1000;
// Never plan with less than this: a browser cannot open a page faster.
const MINIMUM_BUDGET_MS = 1000;

/** How long one fetch may take, and whether the dataset's wait_seconds still bounds the data's appearance. */
export interface StepBudget {
  /** Navigation, waiting and extraction together, in ms. */
  budgetMs: number;
  /** True on a retry with a longer timeout: every wait may use the whole budget. */
  extended: boolean;
}

/**
 * The adapter's time budget for one fetch. A first attempt keeps within the source's
 * timeout_seconds and the executor's step timeout (minus a margin for the failure screenshot).
 * A retry that the reflector gave a longer timeout (context.hints.timeoutMs set) uses the
 * executor's timeout minus the margin, even beyond timeout_seconds: otherwise the retry would hit
 * the very limit that failed the first attempt.
 */
export function stepBudget(
  context: Pick<StepContext, "timeoutMs" | "hints">,
  timeoutSeconds: number,
): StepBudget {
  const executorLimit = context.timeoutMs - OWN_TIMEOUT_MARGIN_MS;
  const hinted = context.hints?.timeoutMs;
  const extended = typeof hinted === "number" && Number.isFinite(hinted) && hinted > 0;
  const budgetMs = extended ? executorLimit : Math.min(executorLimit, timeoutSeconds * 1000);
  return { budgetMs: Math.max(MINIMUM_BUDGET_MS, budgetMs), extended };
}
