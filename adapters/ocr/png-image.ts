import { inflateSync } from "node:zlib";
import type { RasterImage } from "./ocr-engine.js";
import { OcrError } from "./ocr-error.js";

// PNG decoding for the images OCR reads: Chromium screenshots and pdftoppm pages. Both are 8-bit,
// non-interlaced, grey / RGB / RGBA (with or without alpha). Decoded here (zlib + the five row
// filters) so OCR needs no native image library; anything else is a clear unreadable_image.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decodes an 8-bit, non-interlaced PNG to RGBA. */
export function decodePng(bytes: Uint8Array): RasterImage {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 33 || !buffer.subarray(0, 8).equals(SIGNATURE))
    throw new OcrError({ code: "image_unreadable", why: "not_png" });
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const compressed: Buffer[] = [];
  while (offset + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString("latin1", offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      colourType = data[9];
      const interlace = data[12];
      if (depth !== 8 || CHANNELS[colourType] === undefined || interlace !== 0)
        throw new OcrError({
          code: "image_unreadable",
          why: "unsupported_png",
          format: { depth, colourType, interlace },
        });
    } else if (type === "IDAT") compressed.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (width === 0 || height === 0 || compressed.length === 0)
    throw new OcrError({ code: "image_unreadable", why: "no_image_data" });
  const channels = CHANNELS[colourType];
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(compressed));
  } catch (cause) {
    throw new OcrError({ code: "image_unreadable", why: "corrupt" }, { cause });
  }
  if (raw.length < (stride + 1) * height) throw new OcrError({ code: "image_unreadable", why: "truncated" });
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const target = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[source + x];
      const left = x >= channels ? pixels[target + x - channels] : 0;
      const up = y > 0 ? pixels[target - stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[target - stride + x - channels] : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const toLeft = Math.abs(estimate - left);
        const toUp = Math.abs(estimate - up);
        const toUpLeft = Math.abs(estimate - upLeft);
        predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
      } else if (filter !== 0)
        throw new OcrError({ code: "image_unreadable", why: "unknown_filter", row: y });
      pixels[target + x] = (value + predicted) & 0xff;
    }
  }
  // Transparent pixels (a canvas nobody painted) are laid on white, as a page shows them.
  const rgba = new Uint8Array(width * height * 4);
  const hasAlpha = channels === 2 || channels === 4;
  for (let index = 0; index < width * height; index += 1) {
    const from = index * channels;
    const to = index * 4;
    const alpha = hasAlpha ? pixels[from + channels - 1] / 255 : 1;
    for (let channel = 0; channel < 3; channel += 1) {
      const value = channels <= 2 ? pixels[from] : pixels[from + channel];
      rgba[to + channel] = Math.round(value * alpha + 255 * (1 - alpha));
    }
    rgba[to + 3] = 255;
  }
  return { width, height, data: rgba };
}
