/**
 * The regular expression that finds one secret in text however it was written: each character
 * as itself or escaped (percent-encoded once or twice in either case, `\uXXXX` and `\/` JSON
 * escapes, HTML entities named, decimal or hex), and with whitespace or an encoded line break
 * between any two characters (an upstream that wraps or splits what it echoes).
 */

/** HTML's named character references for the ASCII characters that have one (HTML5 list). */
const NAMED_ENTITIES: Record<string, string[]> = {
  "\t": ["Tab"],
  "\n": ["NewLine"],
  "!": ["excl"],
  '"': ["quot", "QUOT"],
  "#": ["num"],
  $: ["dollar"],
  "%": ["percnt"],
  "&": ["amp", "AMP"],
  "'": ["apos"],
  "(": ["lpar"],
  ")": ["rpar"],
  "*": ["ast", "midast"],
  "+": ["plus"],
  ",": ["comma"],
  ".": ["period"],
  "/": ["sol"],
  ":": ["colon"],
  ";": ["semi"],
  "<": ["lt", "LT"],
  "=": ["equals"],
  ">": ["gt", "GT"],
  "?": ["quest"],
  "@": ["commat"],
  "[": ["lsqb", "lbrack"],
  "\\": ["bsol"],
  "]": ["rsqb", "rbrack"],
  "^": ["Hat"],
  _: ["lowbar", "UnderBar"],
  "`": ["grave", "DiacriticalGrave"],
  "{": ["lcub", "lbrace"],
  "|": ["verbar", "vert", "VerticalLine"],
  "}": ["rcub", "rbrace"],
  "\u00a0": ["nbsp", "NonBreakingSpace"],
};

/**
 * What may stand between two characters of a secret that was split: whitespace, a JSON-escaped or
 * percent-encoded line break, tab or space, a numeric HTML reference to one, `<br>`, and `+`
 * (form encoding's space).
 */
const GAP =
  "(?:\\s|\\\\{1,2}[nrt]|\\\\{1,2}u00(?:0[9aAdD]|20)|%(?:25)?(?:0[9aAdD]|20)|&#(?:0*(?:9|10|13|32)|[xX]0*(?:[9aAdD]|20));?|&(?:NewLine|Tab);|<br\\s*/?>|\\+)";

/** At most this many gap pieces between two characters (a CRLF and an indentation). */
const MAX_GAP = 16;

/**
 * What every encoded character and every gap above but a plain one (the character itself,
 * whitespace) begins with: `%` and a hex digit, a backslash, `&` and a letter or `#`, `<br`, `+`.
 * In a text where this finds nothing, only those plain alternatives can match, so the much smaller
 * `plain` patterns find exactly what the full ones find: the regular expression engine need not
 * compile the full ones (tens of milliseconds each, on every command that prints) for ordinary
 * output. Keep it in step with GAP and characterPattern (config/secret-pattern.test.ts checks it).
 */
export const ENCODING_MARK = /%[0-9A-Fa-f]|\\|&[#A-Za-z]|<br|\+/i;

/** A hexadecimal number matched in either case, at least `width` digits (zero-padded). */
function hexDigits(value: number, width: number): string {
  return [...value.toString(16).padStart(width, "0")]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join("");
}

/** Escapes a text so a regular expression matches it literally. */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Every way one character may be written: itself (either case when `caseless`), its UTF-8 bytes
 * percent-encoded (once, twice or three times), its UTF-16 units as `\uXXXX` (behind one to four
 * backslashes: JSON inside JSON), a backslash escape (`\/`, `\"`), an HTML reference.
 */
function characterPattern(character: string, caseless: boolean, plain = false): string {
  if (plain) return plainCharacterPattern(character, caseless);
  const codePoint = character.codePointAt(0) ?? 0;
  // Longest first: the engine takes the first alternative that fits, and `%` must not stop short
  // of `%25`, nor a backslash pair short of the `\\u005c` it begins.
  const alternatives = new Set<string>();
  alternatives.add(
    [...Buffer.from(character, "utf8")].map((byte) => `%(?:25){0,2}${hexDigits(byte, 2)}`).join(""),
  );
  const units = [];
  for (let index = 0; index < character.length; index += 1)
    units.push(`\\\\{1,4}u${hexDigits(character.charCodeAt(index), 4)}`);
  alternatives.add(units.join(""));
  const references = [`#0*${codePoint}(?![0-9])`, `#[xX]0*${hexDigits(codePoint, 1)}(?![0-9a-fA-F])`];
  for (const name of NAMED_ENTITIES[character] ?? []) references.push(name);
  alternatives.add(`&(?:amp;)?(?:${references.join("|")});?`);
  // A backslash escapes in pairs and a quote behind an odd run, so a cut never splits an escape.
  if (character === "\\") alternatives.add("(?:\\\\\\\\){1,4}");
  if (character === '"' || character === "'") alternatives.add(`\\\\(?:\\\\\\\\){0,3}${character}`);
  if (character === "/") alternatives.add("\\\\{1,8}/");
  if (character === " ") alternatives.add("\\+");
  alternatives.add(plainCharacterPattern(character, caseless));
  return `(?:${[...alternatives].join("|")})`;
}

/** One character as itself, in either case when `caseless`: the alternative a text without encodings can hold. */
function plainCharacterPattern(character: string, caseless: boolean): string {
  const lower = character.toLowerCase();
  const upper = character.toUpperCase();
  return caseless && lower !== upper && lower.length === 1 && upper.length === 1
    ? `[${literalPattern(lower)}${literalPattern(upper)}]`
    : literalPattern(character);
}

/** What may stand between two characters, at most MAX_GAP times; only whitespace when `plain`. */
function gapPattern(plain: boolean): string {
  return `${plain ? "\\s" : GAP}{0,${MAX_GAP}}`;
}

/**
 * The pattern source that matches `text` in any of the character encodings above, with gaps
 * allowed between characters. `caseless` is for hex, whose letters may come in either case.
 * `token` is for base64 and hex forms: their letters and digits are matched only as themselves
 * (nobody percent-encodes a base64 letter), which keeps the expression small and fast. `plain`
 * keeps only what a text without ENCODING_MARK can hold (each character as itself, whitespace gaps).
 */
export function encodedTextPattern(
  text: string,
  options: { caseless?: boolean; token?: boolean; plain?: boolean } = {},
): string {
  return [...text]
    .map((character) =>
      options.token && /[A-Za-z0-9]/.test(character)
        ? options.caseless && /[A-Za-z]/.test(character)
          ? `[${character.toLowerCase()}${character.toUpperCase()}]`
          : character
        : characterPattern(character, options.caseless === true, options.plain === true),
    )
    .join(gapPattern(options.plain === true));
}

/**
 * The pattern source that matches the first `minimum` to `text.length - 1` characters of `text`,
 * encoded as in encodedTextPattern: what is left of a secret when a value was cut inside it.
 */
export function encodedPrefixPattern(
  text: string,
  minimum: number,
  options: { plain?: boolean } = {},
): string {
  const parts = [...text].map((character) => characterPattern(character, false, options.plain === true));
  const gap = gapPattern(options.plain === true);
  let optional = "";
  for (let index = parts.length - 2; index >= minimum; index -= 1)
    optional = `(?:${gap}${parts[index]}${optional})?`;
  return `${parts.slice(0, minimum).join(gap)}${optional}`;
}
