import fs from "node:fs";
import PDFDocument from "pdfkit";

/** The CJK font on the machine (Debian's fonts-wqy-zenhei) and the PostScript name of the face pdfkit picks from the TTC. */
export const cjkFont = { path: "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", family: "WenQuanYiZenHei" };

/** A section of a test PDF: a heading in a heading size and paragraphs in body size. */
export interface TestSection {
  heading: string;
  paragraphs: string[];
}

/** Options of a generated test PDF. */
export interface TestPdfOptions {
  title: string;
  sections: TestSection[];
  /** Use the CJK font for Chinese text. */
  cjk?: boolean;
  /** Encrypt with this user password. */
  password?: string;
  /** Start each section on a new page. */
  pagePerSection?: boolean;
}

/** Writes a real PDF with pdfkit: a title, numbered headings and body text. */
export async function writeTestPdf(file: string, options: TestPdfOptions): Promise<void> {
  const document = new PDFDocument({
    size: "A4",
    margin: 64,
    info: { Title: options.title },
    ...(options.password
      ? {
          userPassword: options.password,
          ownerPassword: `${options.password}-owner`,
          pdfVersion: "1.7" as const,
        }
      : {}),
  });
  const done = new Promise<void>((resolve, reject) => {
    const stream = fs.createWriteStream(file);
    stream.on("finish", () => resolve());
    stream.on("error", reject);
    document.pipe(stream);
  });
  if (options.cjk) document.registerFont("body", cjkFont.path, cjkFont.family);
  const font = options.cjk ? "body" : "Helvetica";
  const bold = options.cjk ? "body" : "Helvetica-Bold";
  document.font(bold).fontSize(20).text(options.title);
  document.moveDown();
  options.sections.forEach((section, index) => {
    if (options.pagePerSection && index > 0) document.addPage();
    document.font(bold).fontSize(15).text(section.heading);
    document.moveDown(0.4);
    for (const paragraph of section.paragraphs) {
      document.font(font).fontSize(10.5).text(paragraph);
      document.moveDown(0.6);
    }
  });
  document.end();
  await done;
}

/** Writes a PDF with only a drawing on it: no text layer, as a scan would be. */
export async function writeImageOnlyPdf(file: string): Promise<void> {
  const document = new PDFDocument({ size: "A4" });
  const done = new Promise<void>((resolve, reject) => {
    const stream = fs.createWriteStream(file);
    stream.on("finish", () => resolve());
    stream.on("error", reject);
    document.pipe(stream);
  });
  document.rect(80, 80, 300, 200).fill("#888888");
  document.end();
  await done;
}
