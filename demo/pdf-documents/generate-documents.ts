/**
 * Writes the demo knowledge base's PDFs into demo/workspace/docs/ with pdfkit, a real PDF writer:
 * the return/exchange policy (Traditional Chinese and English), the CRM release notes with a
 * ruled version table, and the 2023 campaign calendar with one table per quarter.
 * Every fact comes from demo/FACTS.md. Fixed metadata dates make regeneration byte-identical.
 *
 * Run: npx tsx demo/pdf-documents/generate-documents.ts [output-directory]
 */
import { createWriteStream, existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

/** The CJK font every Chinese text is set in (Debian's fonts-wqy-zenhei). */
export const CJK_FONT_FILE = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc";
const CJK_FONT_NAME = "WenQuanYiZenHei";

// A fixed date keeps the Info dictionary, and with it the file ID, the same on every run.
const FIXED_DATE = new Date(Date.UTC(2024, 0, 2, 9, 0, 0));
const PAGE_MARGIN = 64;
const SIZES = { title: 18, section: 14, subsection: 12, body: 10.5, table: 9.5 } as const;

/** What a document is made of, in order. */
type Block =
  | { kind: "title"; text: string }
  | { kind: "section"; text: string }
  | { kind: "subsection"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "table"; header: string[]; rows: string[][]; widths: number[]; ruled: boolean };

/** One demo PDF: file name, metadata and content. */
export interface DemoDocument {
  file: string;
  title: string;
  language: "en" | "zh-Hans" | "zh-Hant";
  blocks: Block[];
}

/** CRM releases, exactly as in demo/FACTS.md. */
export const CRM_RELEASES: [string, string, string][] = [
  ["3.1.0", "2023-04-12", "Orders, Reporting"],
  ["3.2.0", "2023-07-20", "Ticketing, Loyalty"],
  ["3.3.0", "2023-09-05", "Service Desk"],
  ["3.4.0", "2023-10-18", "Service Desk, Notifications"],
  ["3.5.0", "2023-12-01", "Loyalty"],
];

/** The 2023 campaigns per quarter; online counts 2, 3, 5, 6 as in demo/FACTS.md. */
export const CAMPAIGNS: Record<"Q1" | "Q2" | "Q3" | "Q4", [string, "Online" | "Offline", string, string][]> =
  {
    Q1: [
      ["New Year Mug Sale", "Online", "2023-01-03", "2023-01-15"],
      ["Spring Desk Refresh", "Online", "2023-03-01", "2023-03-19"],
      ["Store Opening Week East", "Offline", "2023-02-11", "2023-02-19"],
    ],
    Q2: [
      ["Lamp Week", "Online", "2023-04-10", "2023-04-16"],
      ["Mid-Year Member Days", "Online", "2023-05-20", "2023-05-28"],
      ["Storage Box Bundle", "Online", "2023-06-12", "2023-06-25"],
      ["Mall Pop-up North", "Offline", "2023-06-03", "2023-06-11"],
    ],
    Q3: [
      ["Summer Travel Mug", "Online", "2023-07-03", "2023-07-16"],
      ["VIP Double Points", "Online", "2023-07-24", "2023-08-06"],
      ["Back to Study Lamps", "Online", "2023-08-14", "2023-08-31"],
      ["Mid-Autumn Gift Sets", "Online", "2023-09-04", "2023-09-24"],
      ["Loyalty App Launch Offer", "Online", "2023-09-11", "2023-09-30"],
      ["Store Workshop South", "Offline", "2023-08-19", "2023-08-20"],
    ],
    Q4: [
      ["Golden Week Deals", "Online", "2023-10-01", "2023-10-07"],
      ["Singles Day Sale", "Online", "2023-11-01", "2023-11-11"],
      ["Black Friday Lamps", "Online", "2023-11-20", "2023-11-27"],
      ["VIP Winter Preview", "Online", "2023-12-01", "2023-12-07"],
      ["Gift Guide Week", "Online", "2023-12-08", "2023-12-17"],
      ["Year-End Clearance", "Online", "2023-12-20", "2023-12-31"],
      ["Holiday Market East", "Offline", "2023-12-16", "2023-12-17"],
    ],
  };

const POLICY_EN: DemoDocument = {
  file: "return-exchange-policy-en.pdf",
  title: "Lumen Home Return and Exchange Policy",
  language: "en",
  blocks: [
    { kind: "title", text: "Lumen Home Return and Exchange Policy" },
    {
      kind: "paragraph",
      text: "This policy explains how Lumen Home handles returns and exchanges of the products it sells: thermal mugs, desk lamps and storage boxes.",
    },
    { kind: "section", text: "1 Scope" },
    {
      kind: "paragraph",
      text: "The policy applies to every Lumen Home product, including items that carry a custom engraving. Where a rule below names a group of items, it applies to that group only.",
    },
    { kind: "section", text: "2 Exchanges" },
    { kind: "subsection", text: "2.1 Custom-engraved items" },
    {
      kind: "paragraph",
      text: "Custom-engraved items are exchanged only when the store made the error: a wrong name, a misspelling made by the store, or a production defect. An item engraved exactly with the text the customer supplied is not exchanged because of a typo in that text.",
    },
    { kind: "subsection", text: "2.2 Shipping costs" },
    {
      kind: "paragraph",
      text: "Exchanges because of a defect or a store error ship at the store's cost. When an item is returned for the customer's own reasons, the customer pays the shipping.",
    },
    { kind: "subsection", text: "2.3 Replacement items" },
    {
      kind: "paragraph",
      text: "When an exchange is approved, the store sends a replacement item of the same product to the customer.",
    },
    { kind: "section", text: "3 Refunds" },
    { kind: "subsection", text: "3.1 Refund time" },
    {
      kind: "paragraph",
      text: "Refunds are made within 7 business days after the returned item arrives at the store.",
    },
  ],
};

const POLICY_ZH_HANT: DemoDocument = {
  file: "return-exchange-policy-zh-Hant.pdf",
  title: "Lumen Home 退換貨政策",
  language: "zh-Hant",
  blocks: [
    { kind: "title", text: "Lumen Home 退換貨政策" },
    {
      kind: "paragraph",
      text: "本政策說明 Lumen Home 對所售商品（保溫杯、檯燈及收納箱）的退貨與換貨處理方式。",
    },
    { kind: "section", text: "1 適用範圍" },
    {
      kind: "paragraph",
      text: "本政策適用於所有 Lumen Home 商品，包括客製化刻字商品。下列規定若指明某類商品，僅適用於該類商品。",
    },
    { kind: "section", text: "2 換貨" },
    { kind: "subsection", text: "2.1 客製化刻字商品" },
    {
      kind: "paragraph",
      text: "客製化刻字商品僅在本店出錯時予以換貨，例如名字刻錯、本店拼寫錯誤或製造瑕疵。商品已依顧客提供的文字刻字者，不因該文字中顧客本人的錯字而換貨。",
    },
    { kind: "subsection", text: "2.2 運費" },
    {
      kind: "paragraph",
      text: "因商品瑕疵或本店錯誤而換貨時，運費由本店負擔。因顧客個人原因退貨時，運費由顧客自行負擔。",
    },
    { kind: "subsection", text: "2.3 替換商品" },
    { kind: "paragraph", text: "換貨申請核准後，本店將寄出同款替換商品給顧客。" },
    { kind: "section", text: "3 退款" },
    { kind: "subsection", text: "3.1 退款時間" },
    { kind: "paragraph", text: "退回商品送達本店後，本店將於 7 個工作天內退款。" },
  ],
};

const CRM_NOTES: DemoDocument = {
  file: "crm-release-notes.pdf",
  title: "Lumen Home CRM Release Notes 2023",
  language: "en",
  blocks: [
    { kind: "title", text: "Lumen Home CRM Release Notes 2023" },
    {
      kind: "paragraph",
      text: "These notes list the CRM versions released in 2023 and the modules each release changed.",
    },
    { kind: "section", text: "1 Version history" },
    {
      kind: "paragraph",
      text: "The table lists every 2023 release with its release date and the modules it changed.",
    },
    {
      kind: "table",
      header: ["Version", "Release date", "Modules changed"],
      rows: CRM_RELEASES.map((row) => [...row]),
      widths: [90, 110, 200],
      ruled: true,
    },
    { kind: "section", text: "2 Releases" },
    ...CRM_RELEASES.flatMap(([version, date, modules], index): Block[] => [
      { kind: "subsection", text: `2.${index + 1} Version ${version}` },
      { kind: "paragraph", text: `Version ${version} was released on ${date}. Modules changed: ${modules}.` },
    ]),
  ],
};

const CAMPAIGN_CALENDAR: DemoDocument = {
  file: "campaign-calendar-2023.pdf",
  title: "Lumen Home Marketing Campaign Calendar 2023",
  language: "en",
  blocks: [
    { kind: "title", text: "Lumen Home Marketing Campaign Calendar 2023" },
    {
      kind: "paragraph",
      text: "The calendar lists the marketing campaigns of 2023 by quarter. The channel is Online for campaigns in the online shop and Offline for campaigns in stores.",
    },
    ...(Object.entries(CAMPAIGNS) as [string, [string, string, string, string][]][]).flatMap(
      ([quarter, rows], index): Block[] => [
        { kind: "section", text: `${index + 1} ${quarter} 2023` },
        {
          kind: "paragraph",
          text: `${quarter} 2023 had ${rows.filter((row) => row[1] === "Online").length} online campaigns and ${rows.filter((row) => row[1] === "Offline").length} offline campaign${rows.filter((row) => row[1] === "Offline").length === 1 ? "" : "s"}.`,
        },
        {
          kind: "table",
          header: ["Campaign", "Channel", "Start", "End"],
          rows: rows.map((row) => [...row]),
          widths: [170, 70, 80, 80],
          ruled: false,
        },
      ],
    ),
  ],
};

/** All demo documents. */
export const DEMO_DOCUMENTS: DemoDocument[] = [POLICY_ZH_HANT, POLICY_EN, CRM_NOTES, CAMPAIGN_CALENDAR];

function useFont(pdf: PDFKit.PDFDocument, document: DemoDocument, bold: boolean): PDFKit.PDFDocument {
  // A TTC holds several faces: pdfkit (fontkit) picks one by its PostScript name.
  if (document.language !== "en") return pdf.font(CJK_FONT_FILE, CJK_FONT_NAME);
  return pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
}

function ensureSpace(pdf: PDFKit.PDFDocument, height: number): void {
  if (pdf.y + height > pdf.page.height - PAGE_MARGIN) pdf.addPage();
}

function drawTable(
  pdf: PDFKit.PDFDocument,
  document: DemoDocument,
  block: Extract<Block, { kind: "table" }>,
): void {
  const rowHeight = 20;
  const left = PAGE_MARGIN;
  const all = [block.header, ...block.rows];
  ensureSpace(pdf, rowHeight * all.length + 12);
  let top = pdf.y + 4;
  const totalWidth = block.widths.reduce((sum, width) => sum + width, 0);
  all.forEach((row, rowIndex) => {
    let x = left;
    useFont(pdf, document, rowIndex === 0).fontSize(SIZES.table);
    row.forEach((cell, column) => {
      pdf.text(cell, x + 5, top + 6, { width: block.widths[column] - 10, lineBreak: false });
      x += block.widths[column];
    });
    if (block.ruled) {
      pdf.lineWidth(0.75);
      x = left;
      for (const width of block.widths) {
        pdf.rect(x, top, width, rowHeight).stroke();
        x += width;
      }
    } else if (rowIndex === 0) {
      // Unruled tables get only a rule under the header, as many reports print them.
      pdf
        .lineWidth(0.5)
        .moveTo(left, top + rowHeight - 2)
        .lineTo(left + totalWidth, top + rowHeight - 2)
        .stroke();
    }
    top += rowHeight;
  });
  pdf.x = PAGE_MARGIN;
  pdf.y = top + 12;
}

/** Writes one document; resolves when the file is complete. */
export function writeDocument(document: DemoDocument, outputDirectory: string): Promise<string> {
  const target = path.join(outputDirectory, document.file);
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    lang: document.language,
    info: {
      Title: document.title,
      Author: "Lumen Home",
      Subject: document.title,
      Creator: "triangulate demo generator",
      Producer: "PDFKit",
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const stream = createWriteStream(target);
  pdf.pipe(stream);
  const width = pdf.page.width - 2 * PAGE_MARGIN;
  for (const block of document.blocks) {
    switch (block.kind) {
      case "title":
        useFont(pdf, document, true).fontSize(SIZES.title).text(block.text, { width, align: "left" });
        pdf.moveDown(0.8);
        break;
      case "section":
        ensureSpace(pdf, 60);
        pdf.moveDown(0.6);
        useFont(pdf, document, true).fontSize(SIZES.section).text(block.text, PAGE_MARGIN, pdf.y, { width });
        pdf.moveDown(0.4);
        break;
      case "subsection":
        ensureSpace(pdf, 50);
        pdf.moveDown(0.3);
        useFont(pdf, document, true)
          .fontSize(SIZES.subsection)
          .text(block.text, PAGE_MARGIN, pdf.y, { width });
        pdf.moveDown(0.3);
        break;
      case "paragraph":
        useFont(pdf, document, false)
          .fontSize(SIZES.body)
          .text(block.text, PAGE_MARGIN, pdf.y, { width, lineGap: 3 });
        pdf.moveDown(0.6);
        break;
      case "table":
        drawTable(pdf, document, block);
        break;
    }
  }
  pdf.end();
  return new Promise((resolve, reject) => {
    stream.on("finish", () => resolve(target));
    stream.on("error", reject);
  });
}

/** Writes every demo document into the directory (created if missing). */
export async function generateDocuments(outputDirectory: string): Promise<string[]> {
  if (!existsSync(CJK_FONT_FILE))
    throw new Error(`the CJK font ${CJK_FONT_FILE} is missing (Debian package fonts-wqy-zenhei)`);
  await mkdir(outputDirectory, { recursive: true });
  const written: string[] = [];
  for (const document of DEMO_DOCUMENTS) written.push(await writeDocument(document, outputDirectory));
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const output =
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "workspace", "docs");
  for (const file of await generateDocuments(output))
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
