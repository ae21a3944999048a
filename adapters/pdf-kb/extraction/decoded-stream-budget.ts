import zlib from "node:zlib";
import { DocumentError } from "./document-error.js";

/** How many decoded bytes a document's streams may hold before it is refused. */
export interface DecodedStreamLimit {
  /** The sum over the document's streams, images aside (they are checked by their declared size). */
  maxDecodedBytes: number;
  /** The setting that sets the limit, named in the refusal ("ingest.max_decoded_megabytes"). */
  setting: string;
}

const MEGABYTE = 1024 * 1024;

/** Filters whose output can be far larger than their input; the others are passed through or never decoded for text. */
type CountedFilter = "flate" | "lzw" | "runlength" | "hex" | "ascii85";

const FILTER_NAMES: Record<string, CountedFilter> = {
  FlateDecode: "flate",
  Fl: "flate",
  LZWDecode: "lzw",
  LZW: "lzw",
  RunLengthDecode: "runlength",
  RL: "runlength",
  ASCIIHexDecode: "hex",
  AHx: "hex",
  ASCII85Decode: "ascii85",
  A85: "ascii85",
};

/** One stream of the file: its dictionary's text and where its raw data lies. */
interface RawStream {
  dictionary: string;
  start: number;
  end: number;
}

const STREAM = Buffer.from("stream", "latin1");
const END_STREAM = Buffer.from("endstream", "latin1");

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

/**
 * Every stream in the file's bytes, found the way a repairing reader finds them: a `stream`
 * keyword right after a dictionary's `>>`. The data's end is the dictionary's direct /Length when
 * that points at `endstream`, else the next `endstream` (as pdf.js does for a wrong length); an
 * indirect /Length is read from its object. Streams are never inside object streams, so the raw
 * scan sees them all, whether or not the cross-reference table lists them.
 */
function* rawStreams(bytes: Buffer): Generator<RawStream> {
  let at = bytes.indexOf(STREAM);
  while (at >= 0) {
    const isEnd = at >= 3 && bytes.toString("latin1", at - 3, at) === "end";
    let before = at - 1;
    while (before >= 0 && isWhitespace(bytes[before])) before -= 1;
    if (!isEnd && before >= 1 && bytes[before] === 0x3e && bytes[before - 1] === 0x3e) {
      // Data starts after the keyword's end of line (CRLF or LF; a lone CR is tolerated).
      let start = at + STREAM.length;
      if (bytes[start] === 0x0d) start += 1;
      if (bytes[start] === 0x0a) start += 1;
      const dictionaryStart = Math.max(0, bytes.lastIndexOf("obj", before, "latin1"));
      const dictionary = bytes.toString("latin1", dictionaryStart, before + 1);
      const end = streamEnd(bytes, dictionary, start);
      yield { dictionary, start, end };
      at = bytes.indexOf(STREAM, Math.max(end, at + STREAM.length));
      continue;
    }
    at = bytes.indexOf(STREAM, at + STREAM.length);
  }
}

function streamEnd(bytes: Buffer, dictionary: string, start: number): number {
  let length: number | undefined;
  const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  const indirect = /\/Length\s+(\d+)\s+(\d+)\s+R/.exec(dictionary);
  if (direct) length = Number(direct[1]);
  else if (indirect) {
    const object = new RegExp(`(?:^|[^\\d])${indirect[1]}\\s+${indirect[2]}\\s+obj\\s*(\\d+)`).exec(
      bytes.toString("latin1"),
    );
    if (object) length = Number(object[1]);
  }
  if (length !== undefined && start + length <= bytes.length) {
    let after = start + length;
    while (after < bytes.length && isWhitespace(bytes[after])) after += 1;
    if (bytes.subarray(after, after + END_STREAM.length).equals(END_STREAM)) return start + length;
  }
  const end = bytes.indexOf(END_STREAM, start);
  return end < 0 ? bytes.length : end;
}

function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dictionary);
  if (!match) return [];
  return [...match[1].matchAll(/\/([^\s/<>[\]()]+)/g)].map((name) => name[1]);
}

function isImage(dictionary: string): boolean {
  return /\/Subtype\s*\/Image\b/.test(dictionary);
}

/** The bytes an image's samples take as declared (width × height × 4 bytes a pixel at most), or undefined. */
function declaredImageBytes(dictionary: string): number | undefined {
  const width = /\/(?:Width|W)\s+(\d+)/.exec(dictionary);
  const height = /\/(?:Height|H)\s+(\d+)/.exec(dictionary);
  if (!width || !height) return undefined;
  return Number(width[1]) * Number(height[1]) * 4;
}

/**
 * Inflates `input` in 1 MB pieces, counting the output and keeping it only when `keep` (another
 * filter follows), and stops as soon as more than `limit` bytes came out, so a 1,000:1 stream
 * never holds more than a piece at a time. A damaged stream counts what came out before the
 * damage (pdf.js reads that much too).
 */
function inflate(input: Buffer, limit: number, keep: boolean): Promise<{ bytes: number; output?: Buffer }> {
  return new Promise((resolve) => {
    const inflater = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: MEGABYTE });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve({ bytes, output: keep ? Buffer.concat(chunks) : undefined });
    };
    inflater.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (keep) chunks.push(chunk);
      if (bytes > limit) {
        finish();
        inflater.destroy();
      }
    });
    inflater.on("end", finish);
    inflater.on("error", finish);
    inflater.on("close", finish);
    inflater.end(input);
  });
}

/** The decoded length of LZW data (PDF's variant: early change on), tracking only string lengths. */
function lzwLength(input: Buffer, limit: number): number {
  const lengths = new Uint32Array(4096);
  for (let code = 0; code < 256; code += 1) lengths[code] = 1;
  let next = 258;
  let width = 9;
  let previous = -1;
  let total = 0;
  let bits = 0;
  let buffer = 0;
  for (const byte of input) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      bits -= width;
      const code = (buffer >>> bits) & ((1 << width) - 1);
      buffer &= (1 << bits) - 1;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return total;
      let length: number;
      if (code < next) length = lengths[code];
      else if (previous >= 0) length = lengths[previous] + 1;
      else return total;
      total += length;
      if (total > limit) return total;
      if (previous >= 0 && next < 4096) {
        lengths[next] = lengths[previous] + 1;
        next += 1;
      }
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width += 1;
    }
  }
  return total;
}

/** The decoded length of RunLength data. */
function runLengthLength(input: Buffer): number {
  let total = 0;
  for (let at = 0; at < input.length; ) {
    const length = input[at];
    if (length === 128) break;
    if (length < 128) {
      total += length + 1;
      at += length + 2;
    } else {
      total += 257 - length;
      at += 2;
    }
  }
  return total;
}

/**
 * Decodes one stream's filter chain far enough to know its decoded size, up to `limit` bytes:
 * the text filters (hex, ASCII85) are decoded, Flate is inflated (kept only when another filter
 * follows), LZW and RunLength are measured without building their output. A filter that text
 * extraction never decodes (images' DCT, JPX, CCITT, JBIG2) ends the chain.
 */
async function decodedLength(data: Buffer, filters: string[], limit: number): Promise<number> {
  let current = data;
  for (const [index, name] of filters.entries()) {
    const filter = FILTER_NAMES[name];
    const last = index === filters.length - 1 || !FILTER_NAMES[filters[index + 1]];
    if (filter === "flate") {
      const result = await inflate(current, limit, !last);
      if (last || result.bytes > limit) return result.bytes;
      current = result.output!;
    } else if (filter === "lzw") return lzwLength(current, limit);
    else if (filter === "runlength") return runLengthLength(current);
    else if (filter === "hex") {
      const digits = current.toString("latin1").replace(/[^0-9a-fA-F]/g, "");
      current = Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex");
    } else if (filter === "ascii85") current = decodeAscii85(current);
    else return current.length;
  }
  return current.length;
}

function decodeAscii85(input: Buffer): Buffer {
  const text = input.toString("latin1").replace(/\s/g, "");
  const end = text.indexOf("~>");
  const body = (end >= 0 ? text.slice(0, end) : text).replace(/^<~/, "");
  const out: number[] = [];
  let group: number[] = [];
  for (const character of body) {
    if (character === "z" && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const value = character.charCodeAt(0) - 33;
    if (value < 0 || value > 84) continue;
    group.push(value);
    if (group.length === 5) {
      const number = group.reduce((sum, digit) => sum * 85 + digit, 0);
      out.push((number >>> 24) & 255, (number >>> 16) & 255, (number >>> 8) & 255, number & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const count = group.length - 1;
    while (group.length < 5) group.push(84);
    const number = group.reduce((sum, digit) => sum * 85 + digit, 0);
    out.push(
      ...[(number >>> 24) & 255, (number >>> 16) & 255, (number >>> 8) & 255, number & 255].slice(0, count),
    );
  }
  return Buffer.from(out);
}

/**
 * Refuses a document whose streams decode to more than the limit, before any reader (pdf.js,
 * tabula-java's PDFBox, poppler) decodes them: a 1.5 MB file whose one Flate stream inflates to
 * 1.6 GB took pdf.js to 3.4 GB of memory. Each stream is decoded once, counted and dropped; the
 * whole check stops at the limit, so its cost is bounded by the limit too. An image is measured
 * by its declared size (readers take no more samples than width × height), not decoded.
 */
export async function checkDecodedStreams(
  absolutePath: string,
  bytes: Buffer,
  limit: DecodedStreamLimit,
): Promise<void> {
  let total = 0;
  for (const stream of rawStreams(bytes)) {
    const length = isImage(stream.dictionary)
      ? (declaredImageBytes(stream.dictionary) ?? 0)
      : await decodedLength(
          bytes.subarray(stream.start, stream.end),
          filtersOf(stream.dictionary),
          limit.maxDecodedBytes - total,
        );
    total += length;
    if (total > limit.maxDecodedBytes)
      throw new DocumentError(
        "too_large",
        absolutePath,
        `its streams decode to more than ${Math.round(limit.maxDecodedBytes / MEGABYTE)} MB (the stream at byte ${stream.start} alone to ${length > limit.maxDecodedBytes ? "more than that" : `${Math.round(length / MEGABYTE)} MB`}); raise ${limit.setting} if the document is genuine`,
        { budget: { setting: limit.setting, limit: Math.round(limit.maxDecodedBytes / MEGABYTE) } },
      );
  }
}
