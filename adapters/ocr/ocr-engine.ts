// What an OCR engine gives back, whichever engine it is: pieces of text with an axis-aligned box in
// the image's pixels and a confidence from 0 to 1. Both engines used here (PaddleOCR through
// onnxruntime, Tesseract through its CLI) are wrapped to this shape, so the layout into rows and
// columns, the bench and the adapters never depend on one engine.

/** A box in image pixels: left, top, right, bottom. */
export type PixelBox = [number, number, number, number];

/** One piece of recognised text: a table cell, a label, a line of prose. */
export interface RecognisedText {
  text: string;
  /** 0…1: the mean of the characters' probabilities (PaddleOCR) or the word confidences (Tesseract). */
  confidence: number;
  /** The lowest character probability: one doubtful digit makes a number doubtful. */
  minimumConfidence: number;
  box: PixelBox;
  /**
   * The height of the piece's type in pixels: the median of its words' box heights, weighted by
   * characters (absent: the box's height). A box is the union of its words, and Tesseract gives
   * some CJK characters boxes up to 1.8 times their height, so the union says little about the
   * size the text is set in.
   */
  textHeight?: number;
}

/** A decoded image: 8-bit RGBA, row-major. */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Names of the engines triangulate can run. */
export type OcrEngineName = "paddleocr" | "tesseract";

/** An OCR engine: recognises the text of a whole image, piece by piece. */
export interface OcrEngine {
  readonly name: OcrEngineName;
  /** Engine and model, for evidence ("PaddleOCR PP-OCRv4 (onnxruntime)"). */
  readonly description: string;
  /** Recognised pieces, in no particular order; separate cells come back as separate pieces. */
  recognise(image: RasterImage, options?: { languages?: string[] }): Promise<RecognisedText[]>;
}
