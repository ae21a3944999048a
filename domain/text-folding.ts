import { toSimplified } from "./chinese-script.js";

const hanPattern = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/**
 * Folds text for matching: NFKC (full-width digits, letters and % → ASCII), lower case,
 * Traditional Chinese → Simplified, so 換貨 in a question finds 换货 in a document and the reverse.
 * Text without Han characters skips the converter (it would return it unchanged).
 */
export function foldText(text: string): string {
  const normalised = text.normalize("NFKC").toLowerCase();
  return hanPattern.test(normalised) ? toSimplified(normalised) : normalised;
}
