import { createWriteStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import PDFDocument from "pdfkit";

function finish(pdf: PDFKit.PDFDocument, target: string): Promise<string> {
  const stream = createWriteStream(target);
  pdf.pipe(stream);
  pdf.end();
  return new Promise((resolve, reject) => {
    stream.on("finish", () => resolve(target));
    stream.on("error", reject);
  });
}

/** Writes the broken fixtures (corrupt, encrypted with password "secret", image-only) into a folder. */
export async function writeBrokenPdfs(
  directory: string,
): Promise<{ corrupt: string; truncated: string; encrypted: string; imageOnly: string }> {
  const corrupt = path.join(directory, "corrupt.pdf");
  await writeFile(
    corrupt,
    "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nthis is not a PDF body\n%%EOF\n",
  );
  const encrypted = await finish(
    (() => {
      const pdf = new PDFDocument({ userPassword: "secret", ownerPassword: "owner", pdfVersion: "1.7" });
      pdf.fontSize(12).text("Encrypted policy text.");
      return pdf;
    })(),
    path.join(directory, "encrypted.pdf"),
  );
  const imageOnly = await finish(
    (() => {
      const pdf = new PDFDocument();
      // A drawn shape and no text: what a scanned page looks like to a text extractor.
      pdf.rect(100, 100, 300, 200).fill("#777777");
      pdf.circle(250, 500, 80).stroke();
      return pdf;
    })(),
    path.join(directory, "image-only.pdf"),
  );
  // A real PDF cut in half: the cross-reference table and most objects are gone.
  const whole = await finish(
    (() => {
      const pdf = new PDFDocument();
      pdf.fontSize(12).text("A document that will be truncated.");
      return pdf;
    })(),
    path.join(directory, "whole.pdf"),
  );
  const bytes = await import("node:fs/promises").then((fs) => fs.readFile(whole));
  const truncated = path.join(directory, "truncated.pdf");
  await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 3)));
  return { corrupt, truncated, encrypted, imageOnly };
}
