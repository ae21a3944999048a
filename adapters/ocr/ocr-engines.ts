import { createHash } from "node:crypto";
import type { OcrEngine, OcrEngineName, RasterImage, RecognisedText } from "./ocr-engine.js";
import { PaddleOcrEngine } from "./paddle-engine.js";
import { TesseractEngine } from "./tesseract-engine.js";

// One engine instance per name and process: the PaddleOCR models load once (≈ 0.3 s) and are
// shared by every dashboard region and PDF page of the run.
const engines = new Map<OcrEngineName, OcrEngine>();

/** The engine triangulate uses unless told otherwise (chosen by bench/ocr.ts; see README). */
export const DEFAULT_OCR_ENGINE: OcrEngineName = "paddleocr";

/** The shared engine of this name. */
export function ocrEngine(name: OcrEngineName = DEFAULT_OCR_ENGINE): OcrEngine {
  let engine = engines.get(name);
  if (!engine) {
    engine = name === "tesseract" ? new TesseractEngine() : new PaddleOcrEngine();
    engines.set(name, engine);
  }
  return engine;
}

// The last few readings, by engine and image bytes: two sub-goals filtering the same canvas (A and
// B of one chart), or a retry of an unchanged region, read the pixels once per process.
const readings = new Map<string, Promise<RecognisedText[]>>();
const MAX_READINGS = 16;

/** Recognises an image, reusing the reading of identical bytes by the same engine. */
export function recogniseOnce(
  engine: OcrEngine,
  bytes: Uint8Array,
  image: RasterImage,
): Promise<RecognisedText[]> {
  const key = `${engine.name}:${createHash("sha256").update(bytes).digest("hex")}`;
  let reading = readings.get(key);
  if (!reading) {
    reading = engine.recognise(image);
    // A failed reading is not kept: the next attempt tries again.
    reading.catch(() => readings.delete(key));
    readings.set(key, reading);
    while (readings.size > MAX_READINGS) readings.delete(readings.keys().next().value as string);
  }
  return reading;
}
