// A heading or a title too long for one line wraps onto a second line in the same font. Read as two
// headings, the second replaced the first in every section path (a held-out writer's English policy
// PDF showed "… Policy 2025 > 2 Flight delays" with the title's first line lost).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTestPdf } from "../../../test/support/pdf-kb/write-test-pdf.js";
import { extractDocument } from "./extract-document.js";
import type { ExtractedDocument, ExtractedSection } from "./extracted-document.js";

let directory: string;
let english: ExtractedDocument;
let chinese: ExtractedDocument;

function allSections(sections: ExtractedSection[]): ExtractedSection[] {
  return sections.flatMap((section) => [section, ...allSections(section.children)]);
}

const LONG_ENGLISH =
  "2 Delays, cancellations and the compensation owed to passengers on every domestic and regional route";
const LONG_CHINESE = "第二章航班延误、取消以及由此向每一条国内和地区航线上的旅客支付的各类补偿与餐食安排";

// Body text must outweigh the headings, as in any real policy: the body's size is the median.
const ENGLISH_BODY =
  "A delay of more than three hours entitles the passenger to a meal voucher of CNY 50, and a delay of more than six hours to a hotel room for the night, booked by the station.";
const CHINESE_BODY =
  "航班延误超过三小时的，向旅客提供价值50元的餐券；延误超过六小时的，由始发站安排当晚的酒店住宿，费用由本公司承担。";

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "triangulate-wrapped-headings-"));
  const englishFile = path.join(directory, "english.pdf");
  await writeTestPdf(englishFile, {
    // The title breaks after a comma: a sentence end that a long heading still wraps after.
    title: "Passenger Service Policy for Scheduled Flights, Charter Flights and Codeshare Partners 2025",
    sections: [
      {
        heading: "1 Scope",
        paragraphs: ["This policy applies to every ticket sold after 1 January 2025.", ENGLISH_BODY],
      },
      {
        heading: LONG_ENGLISH,
        paragraphs: [ENGLISH_BODY, ENGLISH_BODY],
      },
    ],
  });
  const chineseFile = path.join(directory, "chinese.pdf");
  await writeTestPdf(chineseFile, {
    title: "旅客服务政策",
    cjk: true,
    sections: [
      {
        heading: "第一章 适用范围",
        paragraphs: ["本政策适用于2025年1月1日之后售出的全部客票。", CHINESE_BODY],
      },
      { heading: LONG_CHINESE, paragraphs: [CHINESE_BODY, CHINESE_BODY] },
    ],
  });
  english = await extractDocument(englishFile);
  chinese = await extractDocument(chineseFile);
}, 60_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("a heading wrapped onto a second line", () => {
  it("is one section whose title is both lines, holding the paragraph below it (English)", () => {
    const sections = allSections(english.sections);
    const long = sections.find((section) => section.title.startsWith("2 Delays"));
    expect(long?.title).toBe(LONG_ENGLISH);
    expect(sections.map((section) => section.title)).toEqual(["1 Scope", LONG_ENGLISH]);
    const chunks = english.chunks.filter((candidate) => candidate.text.includes("meal voucher"));
    expect(chunks.map((chunk) => chunk.section)).toEqual(["1 Scope", LONG_ENGLISH]);
  });

  it("joins the lines of a Chinese heading without a space", () => {
    const titles = allSections(chinese.sections).map((section) => section.title);
    expect(titles).toEqual(["第一章适用范围", LONG_CHINESE]);
    const chunks = chinese.chunks.filter((candidate) => candidate.text.includes("餐券"));
    expect(chunks.map((chunk) => chunk.section)).toEqual(["第一章适用范围", LONG_CHINESE]);
  });

  it("keeps a wrapped title, broken after a comma, out of the sections and the text", () => {
    expect(english.sections.map((section) => section.title)).not.toContain(
      expect.stringContaining("Codeshare"),
    );
    expect(english.chunks.some((chunk) => chunk.text.includes("Scheduled Flights"))).toBe(false);
    expect(english.chunks.some((chunk) => chunk.text.includes("Codeshare Partners"))).toBe(false);
  });
});
