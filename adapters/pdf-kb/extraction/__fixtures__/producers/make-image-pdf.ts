// Rebuilds a page image as an image-only PDF (no text layer), as a scanner's PDF is: one A4 page
// filled by the image. Usage: npx tsx make-image-pdf.ts page.png scanned.pdf
import fs from "node:fs";
import PDFDocument from "pdfkit";

const [image, output] = process.argv.slice(2);
if (!image || !output) throw new Error("usage: make-image-pdf.ts <page.png> <output.pdf>");
const document = new PDFDocument({ size: "A4", margin: 0, info: { Producer: "pdfkit (page image only)" } });
const written = new Promise<void>((resolve, reject) => {
  const stream = fs.createWriteStream(output);
  stream.on("finish", () => resolve());
  stream.on("error", reject);
  document.pipe(stream);
});
document.image(image, 0, 0, { width: document.page.width, height: document.page.height });
document.end();
await written;
