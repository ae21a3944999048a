import { describe, expect, it } from "vitest";
import { demoWorkspace } from "../../test/support/reflector/fixtures.js";
import { Labels } from "./labels.js";

// A dimension's several values (an item of "each depot" with a month missing) were printed as the
// plan writes them, "Shanghai|Guangzhou", in every language, untranslated in Chinese.
describe("keys of several values", () => {
  const catalog = demoWorkspace().config.catalog;
  it("are a list in the answer's language, each value in its words", () => {
    const keys = { product: "A", region: ["East", "North"] };
    expect(new Labels(catalog, "en").keys(keys, "2024-02")).toBe("A · East, North · 2024-02");
    const simplified = new Labels(catalog, "zh-Hans").keys(keys, "2024-02");
    expect(simplified).toMatch(/华东、华北 · 2024-02$/);
    expect(simplified).not.toContain("|");
  });
});
