/**
 * Every form in which an upstream may echo a secret back (issue 26.2): the tests and the
 * redaction bench generate them from one list, so "leaked forms" means the same thing everywhere.
 */

/** The UTF-8 bytes of a text, each as `%XX`. */
function percentEveryByte(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`)
    .join("");
}

/** Lower-cases the hex digits of percent escapes (`%2F` → `%2f`). */
function lowerEscapes(text: string): string {
  return text.replace(/%[0-9A-F]{2}/g, (percentEscape) => percentEscape.toLowerCase());
}

/** HTML's named references for the characters that have a short one; the rest as they are. */
const NAMED: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "/": "&sol;",
  "+": "&plus;",
  "=": "&equals;",
  "!": "&excl;",
  ":": "&colon;",
};

/** A text with a break inserted in the middle. */
function splitBy(text: string, gap: string): string {
  const middle = Math.max(1, Math.floor(text.length / 2));
  return `${text.slice(0, middle)}${gap}${text.slice(middle)}`;
}

/** The user name a Basic-auth pair is built with in these forms. */
export const BASIC_USER = "analyst";

/** Each named form of a secret, as an echoing upstream would write it. */
export function secretEncodings(secret: string): Record<string, string> {
  const bytes = Buffer.from(secret, "utf8");
  const units = [...secret].flatMap((character) =>
    [...Array(character.length).keys()].map((index) => character.charCodeAt(index)),
  );
  return {
    plain: secret,
    base64: bytes.toString("base64"),
    base64_after_1: Buffer.from(`:${secret}`).toString("base64"),
    base64_after_2: Buffer.from(`u:${secret}`).toString("base64"),
    base64url: bytes.toString("base64url"),
    hex_lower: bytes.toString("hex"),
    hex_upper: bytes.toString("hex").toUpperCase(),
    percent: encodeURIComponent(secret),
    percent_lower: lowerEscapes(encodeURIComponent(secret)),
    percent_every_byte: percentEveryByte(secret),
    percent_every_byte_lower: percentEveryByte(secret).toLowerCase(),
    percent_double: encodeURIComponent(encodeURIComponent(secret)),
    form: new URLSearchParams({ t: secret }).toString().slice(2),
    json_escaped: JSON.stringify(secret).slice(1, -1).replace(/\//g, "\\/"),
    json_unicode: units.map((unit) => `\\u${unit.toString(16).padStart(4, "0")}`).join(""),
    json_unicode_upper: units
      .map((unit) => `\\u${unit.toString(16).padStart(4, "0").toUpperCase()}`)
      .join(""),
    html_named: [...secret].map((character) => NAMED[character] ?? character).join(""),
    html_decimal: [...secret].map((character) => `&#${character.codePointAt(0)};`).join(""),
    html_hex: [...secret].map((character) => `&#x${(character.codePointAt(0) ?? 0).toString(16)};`).join(""),
    basic_pair: `Basic ${Buffer.from(`${BASIC_USER}:${secret}`).toString("base64")}`,
    split_newline: splitBy(secret, "\n"),
    split_crlf_indent: splitBy(secret, "\r\n    "),
    split_space: splitBy(secret, " "),
    split_newline_percent: encodeURIComponent(splitBy(secret, "\n")),
  };
}

/**
 * The names of the forms of `secret` found in `text`: each form itself, the middle of each base64
 * form (which survives any alignment), any 8-character run of the plain secret, and a Basic
 * token that still decodes to the user name (the issue's `Basic YW5hbHlzdDpQ***`).
 */
export function leakedForms(text: string, secret: string): string[] {
  const found = new Set<string>();
  const forms = secretEncodings(secret);
  for (const [name, form] of Object.entries(forms)) if (text.includes(form)) found.add(name);
  for (const [name, form] of Object.entries(forms))
    if (name.startsWith("base64") && form.length >= 16 && text.includes(form.slice(4, 16)))
      found.add(`${name} (middle)`);
  for (let start = 0; start + 8 <= secret.length; start += 1)
    if (text.includes(secret.slice(start, start + 8))) found.add("plain (fragment)");
  for (const match of text.matchAll(/Basic\s+([A-Za-z0-9+/]{8,})/g))
    if (Buffer.from(match[1], "base64").toString("utf8").startsWith(`${BASIC_USER}:`))
      found.add("basic_pair (user name decodable)");
  return [...found];
}
