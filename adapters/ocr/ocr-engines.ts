import type { OcrEngine, OcrEngineName } from "./ocr-engine.js";
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
