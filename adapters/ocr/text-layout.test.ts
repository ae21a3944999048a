import { describe, expect, it } from "vitest";
import type { PixelBox, RecognisedText } from "./ocr-engine.js";
import { OcrError } from "./ocr-error.js";
import { decodePng } from "./png-image.js";
import { encodePng, joinWords } from "./tesseract-engine.js";
import { joinPieces, layOutTable, readingOrderLines } from "./text-layout.js";

const piece = (text: string, box: PixelBox, confidence = 0.99): RecognisedText => ({
  text,
  confidence,
  minimumConfidence: confidence,
  box,
});

describe("layOutTable", () => {
  it("puts pieces into rows by height and columns by the gaps, a title joining no column but heading the columns it stands over", () => {
    const table = layOutTable([
      piece("退货率（按地区）", [10, 0, 300, 20]),
      piece("5.2%", [382, 43, 420, 61], 0.7),
      piece("产品", [11, 30, 48, 40]),
      piece("地区", [121, 30, 156, 40]),
      piece("退货率", [381, 30, 433, 40]),
      piece("A", [12, 45, 24, 62]),
      piece("华东", [121, 42, 157, 64]),
      piece("B", [12, 70, 25, 86]),
      piece("3.6%", [382, 70, 420, 86]),
    ]);
    expect(table.columns).toHaveLength(3);
    const texts = table.rows.map((row) => row.map((cell) => cell?.text ?? null));
    expect(texts).toEqual([
      ["退货率（按地区） / 产品", "退货率（按地区） / 地区", "退货率（按地区） / 退货率"],
      ["A", "华东", "5.2%"],
      ["B", null, "3.6%"],
    ]);
    expect(table.rows[1][2]?.minimumConfidence).toBe(0.7);
  });

  it("joins two pieces of one cell with a space between words and none between Chinese characters", () => {
    const lines = readingOrderLines([
      piece("Slow", [0, 0, 40, 20]),
      piece("response", [45, 0, 120, 20]),
      piece("客製化", [0, 30, 60, 50]),
      piece("刻字", [62, 30, 100, 50]),
    ]);
    expect(lines.map((line) => line.text)).toEqual(["Slow response", "客製化刻字"]);
  });
});

describe("PNG and tesseract TSV", () => {
  it("decodes what it encodes, and refuses what is not a PNG with a typed error", () => {
    const image = {
      width: 3,
      height: 2,
      data: new Uint8Array(3 * 2 * 4).map((_, index) => (index * 37) % 256),
    };
    for (let index = 3; index < image.data.length; index += 4) image.data[index] = 255;
    expect(decodePng(encodePng(image))).toEqual(image);
    expect(() =>
      decodePng(new TextEncoder().encode("GIF89a not a png at all, longer than 33 bytes")),
    ).toThrow(OcrError);
  });

  it("joins tesseract's words of one line into pieces, split at gaps wider than the line height", () => {
    const header =
      "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
    const word = (n: number, left: number, text: string, conf = 95) =>
      `5\t1\t1\t1\t1\t${n}\t${left}\t10\t${text.length * 8}\t16\t${conf}\t${text}`;
    const pieces = joinWords(
      [header, word(1, 0, "Slow"), word(2, 38, "response"), word(3, 300, "5.2%", 60)].join("\n"),
    );
    expect(pieces.map((each) => each.text)).toEqual(["Slow response", "5.2%"]);
    expect(pieces[1].confidence).toBeCloseTo(0.6, 6);
  });
});

describe("spaces between Chinese and Latin or numbers", () => {
  it("keeps the space the page shows between a section number and a Chinese title, and none where there is no gap", () => {
    expect(joinPieces("1", "適用範圍", 10, 21)).toBe("1 適用範圍");
    expect(joinPieces("2023", "年", 1, 21)).toBe("2023年");
    expect(joinPieces("客製化", "刻字", 12, 21)).toBe("客製化刻字");
    expect(joinPieces("Slow", "response", 0, 21)).toBe("Slow response");
    const [line] = readingOrderLines([piece("3.1", [0, 0, 30, 21]), piece("退款時間", [40, 0, 124, 21])]);
    expect(line.text).toBe("3.1 退款時間");
  });
});
