import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext, table } from "../../test/support/reflector/fixtures.js";
import { acceptAbsenceRule } from "./accept-absence-rule.js";

describe("acceptAbsenceRule", () => {
  const events = goal({
    id: "g3",
    source: "tickets",
    dataset: "provider_changes",
    expected_format: "records",
    params: { event: "logistics_provider_change", filters: { region: "North" } },
  });
  it("accepts an empty event search as the finding that nothing happened", () => {
    const decision = acceptAbsenceRule.decide(
      reflectionContext(events, failed("g3", "tickets", "no_results", { evidence: table([], "tickets") })),
    );
    expect(decision?.action).toBe("accept");
  });
  it("accepts a search the adapter reported as no_results without evidence", () => {
    expect(
      acceptAbsenceRule.decide(reflectionContext(events, failed("g3", "tickets", "no_results")))?.action,
    ).toBe("accept");
  });
  it("does not take a table that was not found for an absence", () => {
    const missing = failed("g3", "handbook", "no_results", {
      error_details: { locator: "crm-release-notes*.pdf" },
    });
    expect(acceptAbsenceRule.decide(reflectionContext(events, missing))).toBeUndefined();
  });
  it("does not accept an empty metric table", () => {
    const metric = goal({ id: "g1", source: "sales_bi", params: { metric: "return_rate" } });
    expect(
      acceptAbsenceRule.decide(
        reflectionContext(
          metric,
          failed("g1", "sales_bi", "no_results", { evidence: table([], "sales_bi") }),
        ),
      ),
    ).toBeUndefined();
  });
});
