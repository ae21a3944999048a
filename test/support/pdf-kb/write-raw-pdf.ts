// A small PDF writer for test documents that pdfkit will not make: a content stream that
// inflates to gigabytes, a page tree of thousands of empty pages, hand-written content streams.
import fs from "node:fs";
import zlib from "node:zlib";

/** Writes a PDF from its numbered objects' bodies (object 1 is the catalog), with a correct xref table. */
export function writeRawPdf(file: string, objects: (string | Buffer)[]): void {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  fs.writeFileSync(file, Buffer.concat(parts));
}

/**
 * A zlib stream of `megabytes` MB of zero bytes, built from one flushed 16 MB block repeated
 * (deflate blocks after a full flush are byte-aligned and independent), so making a 1.6 GB
 * bomb costs one 16 MB deflate. Zero bytes are whitespace to a PDF content parser.
 */
export function zeroBombStream(megabytes: number): Buffer {
  const blockBytes = 16 * 1024 * 1024;
  const blocks = Math.max(1, Math.round(megabytes / 16));
  const block = zlib.deflateRawSync(Buffer.alloc(blockBytes), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const final = zlib.deflateRawSync(Buffer.alloc(0));
  // Adler-32 of n zero bytes: A stays 1, B adds 1 per byte.
  const total = blocks * blockBytes;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) >>> 0) + 1);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: blocks }, () => block),
    final,
    adler,
  ]);
}

/** Writes a one-page PDF whose content stream (FlateDecode) inflates to `megabytes` MB of zeros. */
export function writeInflationBombPdf(file: string, megabytes = 1600): void {
  const stream = zeroBombStream(megabytes);
  writeRawPdf(file, [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>",
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      stream,
      Buffer.from("\nendstream", "latin1"),
    ]),
  ]);
}

/** Writes a PDF of `pages` empty pages (each its own page object sharing one empty content stream). */
export function writeManyPagesPdf(file: string, pages = 10_000): void {
  const first = 4;
  const kids = Array.from({ length: pages }, (_, index) => `${first + index} 0 R`).join(" ");
  writeRawPdf(file, [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    "<< /Length 0 >>\nstream\n\nendstream",
    ...Array.from(
      { length: pages },
      () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R /Resources << >> >>",
    ),
  ]);
}
