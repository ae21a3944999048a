/** One run of text as pdf.js reports it, placed on its page (points, origin top-left). */
export interface PositionedText {
  text: string;
  page: number;
  /** Left edge. */
  x: number;
  /** Baseline, measured down from the page's top. */
  baseline: number;
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  fontSize: number;
  /** pdf.js's id for the loaded font; runs in the same font share it. */
  fontId: string;
  /** True when pdf.js reported an end of line after this run. */
  endOfLine: boolean;
  /** Set on runs read by OCR from a page without a text layer: the engine's confidence, 0–1. */
  confidence?: number;
}
