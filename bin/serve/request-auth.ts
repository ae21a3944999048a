import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { isIP } from "node:net";
import { UsageError } from "../cli-output.js";

/** Whether an address to listen on (or a Host header's name) is this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name) === 4) return name.startsWith("127.");
  if (isIP(name) === 6) return name === "::1" || name === "0:0:0:0:0:0:0:1";
  return false;
}

/**
 * The bearer token in a file (first line, surrounding blanks dropped): a typed usage error when the
 * file is missing, empty, or holds a token too short to guess-proof (under 16 characters).
 */
export function readTokenFile(file: string): string {
  let text: string;
  try {
    if (statSync(file).size > 4096)
      throw new UsageError(`--token-file ${file} is over 4 KB: give a file holding just the token`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `--token-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  const token = (text.split(/\r?\n/)[0] ?? "").trim();
  if (token.length < 16)
    throw new UsageError(
      `--token-file ${file} must hold a token of at least 16 characters on its first line (for example: openssl rand -hex 32 > ${file})`,
    );
  return token;
}

/**
 * Whether an Authorization header carries the token: `Bearer <token>`, compared in constant time
 * (both sides hashed first, so neither the length nor a common prefix shows in the timing).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  const given = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, expected) && match !== null;
}
