import { describe, expect, it, vi } from "vitest";

// Converting the Chinese catalog to Taiwan's wording loads OpenCC's Simplified→Taiwan dictionaries,
// about 0.3 s of CPU in a cold `ask` (half of it garbage collection). Only a Traditional answer
// may pay for it: loading the catalogs, or answering in English or Simplified Chinese, must not.
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../domain/chinese-script.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../domain/chinese-script.js")>();
  return {
    ...original,
    toTaiwanPhrasing: (text: string) => {
      conversions.count += 1;
      return original.toTaiwanPhrasing(text);
    },
  };
});

describe("the Traditional Chinese catalog", () => {
  it("is converted on its first use, not when the catalogs load", async () => {
    const { messageCatalog } = await import("./render-message.js");
    messageCatalog("en");
    messageCatalog("zh-Hans");
    expect(conversions.count).toBe(0);
    const traditional = messageCatalog("zh-Hant");
    expect(conversions.count).toBeGreaterThan(0);
    const afterFirst = conversions.count;
    expect(messageCatalog("zh-Hant")).toBe(traditional);
    expect(conversions.count).toBe(afterFirst);
  });
});
