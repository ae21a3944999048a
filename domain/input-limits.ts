import { statSync } from "node:fs";

/**
 * Size and depth limits on what the tool reads from people and from upstream systems, so that a
 * huge or absurdly nested input ends with a typed error naming the limit instead of exhausting
 * the heap (a 200 MB triangulate.yaml) or the stack (a ticket response 100,000 objects deep).
 */

/** Largest workspace, job or plan file read; a real one is a few kilobytes to a megabyte. */
export const MAX_CONFIG_FILE_BYTES = 8 * 1024 * 1024;

/** Deepest nesting of arrays and objects read from JSON; real responses nest a few dozen levels. */
export const MAX_JSON_NESTING = 512;

/** A number of bytes for a message: "200.0 MB", "8 MB". */
export function byteSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${megabytes.toFixed(1)} MB`;
}

/**
 * Why a configuration file must not be read (it is over MAX_CONFIG_FILE_BYTES), or undefined when
 * it may. Checked on the file's size before a byte of it is read.
 */
export function oversizedFileProblem(file: string, limit = MAX_CONFIG_FILE_BYTES): string | undefined {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return undefined; // the caller's own read reports a missing or unreadable file
  }
  if (size <= limit) return undefined;
  return `the file is ${byteSize(size)}; files over ${byteSize(limit)} are not read (the limit on workspace, job and plan files)`;
}

/**
 * Where a JSON text nests arrays and objects deeper than `limit`: the character offset of the
 * first bracket past it, or undefined when it stays within. One pass over the text, brackets
 * inside strings ignored, before anything parses or walks it recursively.
 */
export function jsonNestingPastLimit(text: string, limit = MAX_JSON_NESTING): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > limit) return index;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return undefined;
}
