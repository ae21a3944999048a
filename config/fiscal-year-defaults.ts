import { sourceKindOf, type WorkspaceConfig } from "../models/workspace.js";

interface UnpivotPeriodLike {
  fiscal_year_start?: number;
  fiscal_year_named_by?: "start" | "end";
}

/**
 * A wide table's `unpivot.period` takes the workspace's `fiscal_year` for what it leaves out: the
 * workspace says once when its fiscal year starts and how FY24 is named, and a dataset whose
 * headers read "FY24 Q1" should not have to repeat it (nor can it contradict it by omission).
 * A value the dataset states wins. Changes the parsed config in place and returns it.
 */
export function withWorkspaceFiscalYear(config: WorkspaceConfig): WorkspaceConfig {
  const fiscalYear = config.fiscal_year;
  if (!fiscalYear) return config;
  for (const source of Object.values(config.sources)) {
    for (const section of sourceKindOf(source).sections(source)) {
      const [group, name] = section.path;
      const entries = (
        source as unknown as Record<string, Record<string, { unpivot?: { period?: UnpivotPeriodLike } }>>
      )[group];
      const period = entries?.[name]?.unpivot?.period;
      if (!period) continue;
      period.fiscal_year_start ??= fiscalYear.start;
      period.fiscal_year_named_by ??= fiscalYear.named_by;
    }
  }
  return config;
}
