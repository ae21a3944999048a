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
      throw new FileFormatError(
        `unknown encoding ${encoding}; use utf-8, gb18030, big5, utf-16le or auto`,
        file,
      );
    return { text: stripBom(iconv.decode(bytes, encoding)), encoding };
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: bytes.subarray(3).toString("utf8"), encoding: "utf-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(bytes.subarray(2), "utf-16le"), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(bytes.subarray(2), "utf-16be"), encoding: "utf-16be" };
  const asUtf8 = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (!asUtf8.includes("\ufffd")) return { text: asUtf8, encoding: "utf-8" };
  const detected = (chardet.detect(bytes) ?? "").toLowerCase();
  let normalised = detected === "gb2312" || detected === "gbk" ? "gb18030" : detected;
  // Short Chinese files are ambiguous between GB18030 and Big5: keep the decoding with fewer
  // characters that are neither ASCII, CJK ideographs nor CJK punctuation.
  if (normalised === "big5" || normalised === "gb18030") {
    const oddness = (candidate: string) => {
      const text = iconv.decode(bytes, candidate);
      return (
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range counts as ordinary text here
        (text.match(/[^\x00-\x7f\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/g) ?? []).length +
        (text.match(/\ufffd/g) ?? []).length * 10
      );
    };
    normalised = oddness("gb18030") <= oddness("big5") ? "gb18030" : "big5";
  }
  if (!SUPPORTED.has(normalised)) {
    throw new FileFormatError(
      `cannot tell the text encoding (not UTF-8; detector said ${detected || "nothing"}); set encoding: in the dataset (e.g. gb18030, big5)`,
      file,
    );
  }
  const text = iconv.decode(bytes, normalised);
  if (text.includes("\ufffd"))
    throw new FileFormatError(`the file is not valid ${normalised}; set encoding: in the dataset`, file);
  return { text, encoding: normalised };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
