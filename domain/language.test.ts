import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language.js";

describe("detectLanguage (one home: the planner and, through reflector/text-folding, the answer loop)", () => {
  it("an English sentence quoting a Chinese name is English", () => {
    expect(detectLanguage("What was the return rate of 华东 in January 2024?")).toBe("en");
  });
  it("tells Simplified from Traditional by the characters only one script writes", () => {
    expect(detectLanguage("华东区的退货率是多少？")).toBe("zh-Hans");
    expect(detectLanguage("華東區的退貨率是多少？")).toBe("zh-Hant");
    expect(detectLanguage("Hello")).toBe("en");
  });
  it("a tie of shared characters falls back to the workspace's Chinese, else Simplified", () => {
    expect(detectLanguage("你好", "zh-Hant")).toBe("zh-Hant");
    expect(detectLanguage("你好", "en")).toBe("zh-Hans");
  });
});
