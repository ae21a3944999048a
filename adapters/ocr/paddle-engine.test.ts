import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RasterImage } from "./ocr-engine.js";
import { PaddleOcrEngine } from "./paddle-engine.js";
import { decodePng } from "./png-image.js";

// Real PaddleOCR on a real scan: the top of the demo's scanned English policy (pdftoppm, 100 dpi),
// and the same strip twice, one under the other, so every line has a pixel-identical twin.
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(os.tmpdir(), "triangulate-paddle-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function scannedStrip(height: number): RasterImage {
  const prefix = path.join(work, "page");
  const scan = path.join(root, "demo/pdf-documents/scanned/return-exchange-policy-en-scanned.pdf");
  execFileSync("pdftoppm", ["-r", "100", "-f", "1", "-l", "1", "-singlefile", "-png", scan, prefix]);
  const page = decodePng(readFileSync(`${prefix}.png`));
  return { width: page.width, height, data: page.data.slice(0, page.width * height * 4) };
}

function stacked(strip: RasterImage): RasterImage {
  const data = new Uint8Array(strip.data.length * 2);
  data.set(strip.data);
  data.set(strip.data, strip.data.length);
  return { width: strip.width, height: strip.height * 2, data };
}

describe("PaddleOcrEngine", () => {
  it("reads pixel-identical crops once, each copy at its own place, with the text it has alone", async () => {
    const engine = new PaddleOcrEngine();
    const strip = scannedStrip(320);
    const alone = await engine.recognise(strip);
    const twice = await engine.recognise(stacked(strip));
    const timings = engine.lastTimings;
    expect(alone.length).toBeGreaterThan(3);
    expect(alone.map((text) => text.text).join(" ")).toMatch(/Return/);
    // Each text of the strip comes back twice: where it is, and a strip's height lower.
    const texts = (pieces: typeof alone) => pieces.map((text) => text.text).sort();
    const upper = twice.filter((text) => text.box[1] < strip.height - 1);
    const lower = twice.filter((text) => text.box[1] >= strip.height - 1);
    expect(texts(upper)).toEqual(texts(alone));
    expect(texts(lower)).toEqual(texts(alone));
    for (const text of lower) {
      const twin = upper.find((other) => other.text === text.text);
      // The detector sees the whole image (its SE blocks pool globally), so a twin's box may
      // differ by a pixel — and then its crop is not identical and is read on its own.
      expect(Math.abs(text.box[1] - strip.height - (twin?.box[1] ?? Number.NaN))).toBeLessThanOrEqual(2);
    }
    // Twins whose crops are pixel-identical were recognised once.
    expect(timings?.distinctCrops).toBeLessThan(timings?.crops ?? 0);
    expect(timings?.lanes).toBe(os.availableParallelism() > 1 ? 2 : 1);
  }, 120_000);
});
