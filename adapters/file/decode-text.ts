import chardet from "chardet";
import iconv from "iconv-lite";
import { FileFormatError } from "./file-error.js";

/** Encodings we accept from a detector; anything else is reported rather than guessed. */
const SUPPORTED = new Set([
  "utf-8",
  "utf-16le",
  "utf-16be",
  "gb18030",
  "big5",
  "iso-8859-1",
  "windows-1252",
  "shift_jis",
  "euc-kr",
]);

/**
 * Decodes a file's bytes to text. "auto" honours a BOM, then accepts valid UTF-8, then asks
 * chardet (GB18030 and Big5 are common in exports from Chinese spreadsheets).
 */
export function decodeText(
  bytes: Buffer,
  encoding: string,
  file: string,
): { text: string; encoding: string } {
  if (encoding !== "auto") {
    if (!iconv.encodingExists(encoding))
      throw FileFormatError.coded({ code: "encoding_unknown", file, encoding });
    return { text: stripBom(iconv.decode(bytes, encoding)), encoding };
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: bytes.subarray(3).toString("utf8"), encoding: "utf-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(bytes.subarray(2), "utf-16le"), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(bytes.subarray(2), "utf-16be"), encoding: "utf-16be" };
  const wide = utf16WithoutBom(bytes);
  if (wide) return { text: stripBom(iconv.decode(bytes, wide)), encoding: wide };
  const asUtf8 = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (!asUtf8.includes("\ufffd")) return { text: asUtf8, encoding: "utf-8" };
  const detected = (chardet.detect(bytes) ?? "").toLowerCase();
  let normalised = detected === "gb2312" || detected === "gbk" ? "gb18030" : detected;
  // Short Chinese files are ambiguous between GB18030 and Big5: keep the decoding with fewer
  // characters that are neither ASCII, CJK ideographs nor CJK punctuation.
  const oddness = (candidate: string) => {
    const text = iconv.decode(bytes, candidate);
    return (
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range counts as ordinary text here
      (text.match(/[^\x00-\x7f\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/g) ?? []).length +
      (text.match(/\ufffd/g) ?? []).length * 10
    );
  };
  // chardet calls short Chinese files Latin-1; when a CJK reading is entirely clean, it is that.
  const latin = normalised === "iso-8859-1" || normalised === "windows-1252";
  if (
    normalised === "big5" ||
    normalised === "gb18030" ||
    (latin && Math.min(oddness("gb18030"), oddness("big5")) === 0)
  ) {
    const gbOddness = oddness("gb18030");
    const big5Oddness = oddness("big5");
    if (gbOddness !== big5Oddness) normalised = gbOddness < big5Oddness ? "gb18030" : "big5";
    else {
      // Both read as clean CJK (華東 in Big5 reads 地狥 in GB18030): prefer the encoding whose
      // frequently used range holds more of the characters; a tie stays GB18030.
      normalised = commonShare(bytes, "big5") > commonShare(bytes, "gb18030") ? "big5" : "gb18030";
    }
  }
  if (!SUPPORTED.has(normalised)) {
    throw FileFormatError.coded({ code: "encoding_undetected", file, detected: detected || "" });
  }
  const text = iconv.decode(bytes, normalised);
  if (text.includes("\ufffd"))
    throw FileFormatError.coded({ code: "encoding_invalid", file, encoding: normalised });
  return { text, encoding: normalised };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * UTF-16 without a BOM: ASCII-heavy text then has a zero byte in every other position, which is
 * valid UTF-8 (NUL characters) and used to come out as one ragged row.
 */
function utf16WithoutBom(bytes: Buffer): "utf-16le" | "utf-16be" | undefined {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  const pairs = Math.min(bytes.length, 8192) / 2;
  for (let index = 0; index < pairs * 2; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return "utf-16be";
  return undefined;
}

/**
 * Share of the file's double-byte characters that fall in the encoding's range of frequently
 * used characters: GB2312 level 1 (lead 0xB0–0xD7) for GB18030, the 5,401 frequent hanzi (lead
 * 0xA4–0xC6) for Big5. Text in one encoding read as the other lands in rarer ranges.
 */
function commonShare(bytes: Buffer, encoding: "gb18030" | "big5"): number {
  let pairs = 0;
  let common = 0;
  for (let index = 0; index < bytes.length - 1; index += 1) {
    const lead = bytes[index];
    if (lead < 0x81) continue;
    pairs += 1;
    if (
      encoding === "gb18030"
        ? lead >= 0xb0 && lead <= 0xd7 && bytes[index + 1] >= 0xa1
        : lead >= 0xa4 && lead <= 0xc6
    )
      common += 1;
    index += 1;
  }
  return pairs === 0 ? 0 : common / pairs;
}
