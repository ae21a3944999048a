import { describe, expect, it } from "vitest";
import { isDateFieldName, isPeriodColumnName, PERIOD_COLUMN_NAMES } from "./period-columns.js";

describe("period column names", () => {
  it("lists the period names coarse to fine, then the generic date and period", () => {
    expect(PERIOD_COLUMN_NAMES).toEqual(["year", "quarter", "month", "week", "day", "date", "period"]);
  });

  it("takes only whole names as periods: a month column yes, a month_label or region no", () => {
    for (const name of ["month", "quarter", "date", "period"]) expect(isPeriodColumnName(name)).toBe(true);
    for (const name of ["month_label", "Month", "region", "created", "constructor"])
      expect(isPeriodColumnName(name)).toBe(false);
  });

  it("takes record fields named as dates, which are not period labels", () => {
    for (const name of ["created", "updated", "resolution_date", "day", "date"])
      expect(isDateFieldName(name)).toBe(true);
    for (const name of ["createdby", "update_count", "month", "dated_by"])
      expect(isDateFieldName(name)).toBe(false);
  });
});
