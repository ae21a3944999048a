import { describe, expect, it } from "vitest";
import { StepError } from "../../models/step-error.js";
import { biGoal } from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { buildDatasetUrl, templateValues } from "./url-template.js";

describe("dataset URL templates", () => {
  const goal = biGoal("sales_bi", "returns", {
    filters: { region: "East", product: ["A", "B"] },
    period: { grain: "month", from: "2024-02-01", to: "2024-03-31" },
  });

  it("fills filters and period placeholders; a list of several gives no value (rows are filtered later)", () => {
    expect(templateValues(goal)).toEqual({
      region: "East",
      month: "2024-02",
      quarter: "2024-Q1",
      year: "2024",
      from: "2024-02-01",
      to: "2024-03-31",
    });
  });

  it("URL-encodes every value so it cannot add parameters or change the path", () => {
    const url = buildDatasetUrl(
      "http://127.0.0.1:4100",
      "/dashboards/returns?region={region}&month={month}",
      { region: "East&admin=1#x", month: "2024-01" },
    );
    expect(url.href).toBe(
      "http://127.0.0.1:4100/dashboards/returns?region=East%26admin%3D1%23x&month=2024-01",
    );
    expect(url.searchParams.get("region")).toBe("East&admin=1#x");
    const path = buildDatasetUrl("http://127.0.0.1:4100", "/dashboards/{region}/table", {
      region: "../../other",
    });
    expect(path.pathname).toBe("/dashboards/..%2F..%2Fother/table");
  });

  it("follows the one placeholder rule: [[ … ]] parts are optional, a required placeholder without a value is refused", () => {
    const template = "/dashboards/returns?[[region={region}&]][[product={product}&]]year={year}";
    expect(buildDatasetUrl("http://127.0.0.1:4100", template, templateValues(goal)).search).toBe(
      "?region=East&year=2024",
    );
    // Before: "?region=&year=2024", an empty filter that silently widened what was read.
    expect(() =>
      buildDatasetUrl(
        "http://127.0.0.1:4100",
        "/dashboards/returns?region={region}",
        {},
        "sources.bi.datasets.returns.url",
      ),
    ).toThrow(/sources\.bi\.datasets\.returns\.url uses \{region\} but the sub-goal gives no value/);
  });

  it("keeps a base_url path prefix", () => {
    expect(
      buildDatasetUrl("https://bi.example.com/analytics/", "/d/returns?m={month}", { month: "2024-01" }).href,
    ).toBe("https://bi.example.com/analytics/d/returns?m=2024-01");
  });

  it("refuses templates and values that would leave the configured origin", () => {
    for (const template of [
      "http://evil.example/x",
      "//evil.example/x",
      "javascript:alert(1)",
      "\\\\evil.example\\x",
    ]) {
      expect(() => buildDatasetUrl("http://127.0.0.1:4100", template, {})).toThrow(StepError);
    }
    expect(() => buildDatasetUrl("http://127.0.0.1:4100", "/d/{region}", { region: ".." })).toThrow(
      /cannot be placed in a URL/,
    );
    expect(() => buildDatasetUrl("http://127.0.0.1:4100/bi", "/../admin", {})).toThrow(/leaves/);
  });
});
