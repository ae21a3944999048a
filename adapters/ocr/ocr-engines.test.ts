import { describe, expect, it } from "vitest";
import type { OcrEngine, RasterImage, RecognisedText } from "./ocr-engine.js";
import { recogniseOnce } from "./ocr-engines.js";

describe("recogniseOnce", () => {
  it("reads identical image bytes once per engine, different bytes again, and forgets a failure", async () => {
    let calls = 0;
    let fail = false;
    const engine: OcrEngine = {
      name: "paddleocr",
      description: "counting engine",
      recognise: async () => {
        calls += 1;
        if (fail) throw new Error("broken");
        return [{ text: "5.2%", confidence: 1, minimumConfidence: 1, box: [0, 0, 1, 1] }] as RecognisedText[];
      },
    };
    const image: RasterImage = { width: 1, height: 1, data: new Uint8Array(4) };
    const bytes = new Uint8Array([1, 2, 3]);
    const [first, second] = await Promise.all([
      recogniseOnce(engine, bytes, image),
      recogniseOnce(engine, new Uint8Array([1, 2, 3]), image),
    ]);
    expect(second).toBe(first);
    expect(calls).toBe(1);
    fail = true;
    await expect(recogniseOnce(engine, new Uint8Array([9]), image)).rejects.toThrow("broken");
    fail = false;
    await recogniseOnce(engine, new Uint8Array([9]), image);
    expect(calls).toBe(3);
  });
});
