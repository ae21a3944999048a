import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import type { OcrEngine, PixelBox, RasterImage, RecognisedText } from "./ocr-engine.js";
import { OcrError } from "./ocr-error.js";
import { joinPieces, weightedMedian } from "./text-layout.js";

// Debian's tesseract (tesseract-ocr, -chi-sim, -chi-tra), run as a child process with TSV output:
// one row per word with its box and confidence (0–100). Words of one line closer than a line
// height are joined into one piece, so its output has the same shape as PaddleOCR's. Used by the
// bench for comparison; pick it with `engine: tesseract` only where PaddleOCR cannot run.

const WORD_GAP_IN_HEIGHTS = 1.0;

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Encodes RGBA as a PNG (tesseract reads files). */
export function encodePng(image: RasterImage): Buffer {
  const rows = Buffer.alloc((image.width * 4 + 1) * image.height);
  for (let y = 0; y < image.height; y += 1)
    Buffer.from(image.data.buffer, image.data.byteOffset + y * image.width * 4, image.width * 4).copy(
      rows,
      y * (image.width * 4 + 1) + 1,
    );
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** Tesseract 5 through its CLI (LSTM models from Debian's language packages). */
export class TesseractEngine implements OcrEngine {
  readonly name = "tesseract" as const;
  readonly description = "Tesseract (Debian tesseract-ocr, LSTM, CLI)";

  async recognise(image: RasterImage, options: { languages?: string[] } = {}): Promise<RecognisedText[]> {
    const directory = await mkdtemp(path.join(tmpdir(), "triangulate-tesseract-"));
    try {
      const file = path.join(directory, "region.png");
      await writeFile(file, encodePng(image));
      const languages = (options.languages ?? ["chi_sim", "eng"]).join("+");
      let tsv: string;
      try {
        // psm 11: sparse text — cells of a table, labels of a chart, in no fixed order.
        tsv = await run("tesseract", [file, "stdout", "-l", languages, "--psm", "11", "tsv"]);
      } catch (cause) {
        const missing = (cause as { code?: string }).code === "ENOENT";
        throw new OcrError(
          missing
            ? {
                code: "engine_not_installed",
                engine: "tesseract",
                install: "apt-get install tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-chi-tra",
              }
            : {
                code: "engine_failed",
                engine: "tesseract",
                detail: cause instanceof Error ? (cause.message.split("\n")[0] ?? "") : String(cause),
              },
          { cause },
        );
      }
      return joinWords(tsv);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
}

/** TSV words → pieces: words of one line that stand closer than a line height are one piece. */
export function joinWords(tsv: string): RecognisedText[] {
  const lines = new Map<string, { text: string; confidence: number; box: PixelBox }[]>();
  for (const row of tsv.split("\n").slice(1)) {
    const fields = row.split("\t");
    if (fields.length < 12 || fields[0] !== "5") continue;
    const text = fields[11].trim();
    const confidence = Number(fields[10]);
    if (text === "" || confidence < 0) continue;
    const [left, top, width, height] = fields.slice(6, 10).map(Number);
    const key = fields.slice(1, 5).join(".");
    const words = lines.get(key) ?? [];
    words.push({ text, confidence: confidence / 100, box: [left, top, left + width, top + height] });
    lines.set(key, words);
  }
  const pieces: RecognisedText[] = [];
  for (const words of lines.values()) {
    let group: typeof words = [];
    const flush = () => {
      if (group.length === 0) return;
      const textHeight = weightedMedian(
        group.map((word) => ({ value: word.box[3] - word.box[1], weight: Array.from(word.text).length })),
      );
      let text = "";
      group.forEach((word, index) => {
        text = joinPieces(
          text,
          word.text,
          index === 0 ? 0 : word.box[0] - group[index - 1].box[2],
          textHeight,
        );
      });
      pieces.push({
        text,
        confidence: group.reduce((sum, word) => sum + word.confidence, 0) / group.length,
        minimumConfidence: Math.min(...group.map((word) => word.confidence)),
        box: [
          group[0].box[0],
          Math.min(...group.map((word) => word.box[1])),
          group[group.length - 1].box[2],
          Math.max(...group.map((word) => word.box[3])),
        ],
        textHeight,
      });
      group = [];
    };
    for (const word of words.sort((a, b) => a.box[0] - b.box[0])) {
      const previous = group[group.length - 1];
      const height = word.box[3] - word.box[1];
      if (previous && word.box[0] - previous.box[2] > height * WORD_GAP_IN_HEIGHTS) flush();
      group.push(word);
    }
    flush();
  }
  return pieces;
}
