import { describe, expect, it } from "vitest";
import { subGoalKey } from "./evaluate-plans.js";

describe("the eval key of a knowledge-base search", () => {
  it("is the source alone, whether the gold line gives a query or names only the source", () => {
    const planned = subGoalKey({
      source: "handbook",
      params: { query: "可以退货吗？", filters: {} },
    } as unknown as Parameters<typeof subGoalKey>[0]);
    expect(planned).toBe("handbook:text");
    expect(
      subGoalKey({ source: "handbook", required: true } as unknown as Parameters<typeof subGoalKey>[0]),
    ).toBe("handbook:text");
  });
  it("keeps a table goal that has a dataset but no metric apart from a text search", () => {
    expect(
      subGoalKey({ source: "handbook", dataset: "campaigns", required: true } as unknown as Parameters<
        typeof subGoalKey
      >[0]),
    ).not.toBe("handbook:text");
  });
});
