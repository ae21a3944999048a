import { ENCODING_MARK, encodedPrefixPattern, encodedTextPattern, literalPattern } from "./secret-pattern.js";

/** The placeholder every hidden value becomes. */
const HIDDEN = "***";
/** Secrets shorter than this are not hunted in encoded forms: the fragments would hit ordinary text. */
const MIN_ENCODED_SECRET = 6;
/** A cut-off end of a secret (a text truncated mid-secret) is hidden when at least this long. */
const MIN_SECRET_FRAGMENT = 6;

/** Where a text was cut: an ellipsis, or its end (before closing quotes and brackets). */
const CUT_MARK = `(?=…|\\.\\.\\.|"?\\s*[}\\]]*\\s*$)`;
/** Characters a base64 (standard or URL-safe) token is made of, padding aside. */
const BASE64_CHARACTER = /[A-Za-z0-9+/_-]/;
/** Characters a hex token is made of. */
const HEX_CHARACTER = /[0-9A-Fa-f]/;

/**
 * The byte encodings of a secret, each of which the character encodings of `secret-pattern.ts`
 * apply to in turn: base64 (standard and URL-safe) at each of the three byte alignments a secret
 * can have inside a longer encoded value (`Basic base64(user:password)` puts the password at any
 * offset), and hex. Only the whole 3-byte groups of a base64 form are listed: the characters at
 * either end mix with neighbouring bytes, which is why a match is widened to its whole token.
 */
export function byteForms(secret: string): { form: string; caseless: boolean }[] {
  if (secret.length < MIN_ENCODED_SECRET) return [];
  const forms = new Map<string, boolean>();
  const bytes = Buffer.from(secret, "utf8");
  for (let skipped = 0; skipped < 3; skipped += 1) {
    const whole = Math.floor((bytes.length - skipped) / 3) * 3;
    if (whole < 3) continue;
    const core = bytes.subarray(skipped, skipped + whole).toString("base64");
    forms.set(core, false);
    forms.set(core.replace(/\+/g, "-").replace(/\//g, "_"), false);
  }
  forms.set(bytes.toString("hex"), true);
  return [...forms].map(([form, caseless]) => ({ form, caseless }));
}

/** One regular expression of many alternatives, longest first so a longer form wins; undefined for none. */
function alternation(patterns: { source: string; length: number; first: string[] }[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  const sorted = [...patterns].sort((a, b) => b.length - a.length);
  // Every encoding of a first character starts with it, `%`, `\\`, `&` or (a space) `+`: a
  // lookahead on those lets the engine skip the rest of the text quickly.
  const first = new Set<string>(["%", "\\\\", "&", "+"]);
  for (const pattern of patterns)
    for (const character of pattern.first) first.add(literalPattern(character).replace("-", "\\-"));
  return new RegExp(
    `(?=[${[...first].join("")}])(?:${[...new Set(sorted.map((pattern) => pattern.source))].join("|")})`,
    "g",
  );
}

/** The regular expressions one Redactor hides its secrets with. */
interface SecretPatterns {
  /** Every secret as text, in any character encoding, split or not. */
  text: RegExp | undefined;
  /** The start of every secret longer than MIN_SECRET_FRAGMENT, in any character encoding, where a text was cut. */
  cut: RegExp | undefined;
  /** Every secret's base64 forms, then its hex forms, each with the characters of its tokens; a match hides its whole token. */
  bytes: { pattern: RegExp; tokenCharacter: RegExp }[];
}

/**
 * The patterns for `secrets`; `plain` ones for texts without ENCODING_MARK, where they find
 * exactly what the full ones find and cost the regular expression engine a fraction to compile.
 */
function secretPatterns(secrets: string[], plain: boolean): SecretPatterns {
  const text = alternation(
    secrets.map((secret) => ({
      source:
        secret.length >= MIN_ENCODED_SECRET ? encodedTextPattern(secret, { plain }) : literalPattern(secret),
      length: secret.length,
      first: [secret[0]],
    })),
  );
  const cut = alternation(
    secrets
      .filter((secret) => secret.length > MIN_SECRET_FRAGMENT)
      .map((secret) => ({
        source: encodedPrefixPattern(secret, MIN_SECRET_FRAGMENT, { plain }),
        length: secret.length,
        first: [secret[0]],
      })),
  );
  const forms = secrets.flatMap(byteForms);
  const bytes = [
    { forms: forms.filter((form) => !form.caseless), tokenCharacter: BASE64_CHARACTER },
    { forms: forms.filter((form) => form.caseless), tokenCharacter: HEX_CHARACTER },
  ].flatMap(({ forms: group, tokenCharacter }) => {
    const pattern = alternation(
      group.map(({ form, caseless }) => ({
        source: encodedTextPattern(form, { caseless, token: true, plain }),
        length: form.length,
        first: caseless ? [form[0].toLowerCase(), form[0].toUpperCase()] : [form[0]],
      })),
    );
    return pattern ? [{ pattern, tokenCharacter }] : [];
  });
  return { text, cut: cut && new RegExp(`(?:${cut.source})${CUT_MARK}`, "g"), bytes };
}

/** Replaces every known secret value, in every encoding, and common credential shapes, with a placeholder. */
export class Redactor {
  private readonly secrets: string[];
  /** Built on first use: most processes print only plain text, and many redact nothing at all. */
  private full: SecretPatterns | undefined;
  private plain: SecretPatterns | undefined;

  constructor(secrets: Iterable<string> = []) {
    this.secrets = [...new Set([...secrets].filter((secret) => secret.length >= 3))];
  }

  /** The patterns for a text: the plain ones when it holds no encoding, which then find the same. */
  private patterns(value: string): SecretPatterns {
    if (ENCODING_MARK.test(value)) {
      this.full ??= secretPatterns(this.secrets, false);
      return this.full;
    }
    this.plain ??= secretPatterns(this.secrets, true);
    return this.plain;
  }

  /** The secret values this redactor hides (to combine redactors; never to print). */
  secretValues(): string[] {
    return [...this.secrets];
  }

  /** Returns a copy of this redactor that also hides the given values. */
  with(secrets: Iterable<string>): Redactor {
    return new Redactor([...this.secrets, ...secrets]);
  }

  /** Redacts a string. */
  text(value: string): string {
    const patterns = this.patterns(value);
    let result = this.hideWholeTokens(value, patterns);
    if (patterns.text) result = result.replace(patterns.text, HIDDEN);
    // A value cut before it reached the redactor may end in the first characters of a secret, at
    // the text's end or before the `…` that marks a cut inside a message: hide those too, so a
    // cut never leaves 10 of a password's 16 characters readable.
    if (patterns.cut) result = result.replace(patterns.cut, HIDDEN);
    return result
      .replace(BASIC_CREDENTIALS, (match, scheme: string, gap: string, token: string) =>
        isCredentialPair(token) ? `${scheme}${gap}${HIDDEN}` : match,
      )
      .replace(/(authorization"?\s*[:=]\s*"?)(bearer|basic|token)?\s*[^\s"',;]+/gi, "$1$2 ***")
      .replace(/(cookie\s*[:=]\s*)[^\n"]+/gi, "$1***")
      .replace(/([?&](?:token|access_token|api_key|apikey|password|key)=)[^&#\s"]+/gi, "$1***")
      .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, "$1***@");
  }

  /**
   * Hides every base64 or hex form of a secret together with the rest of the token it sits in:
   * the characters around a base64 core encode the neighbouring bytes, so `Basic
   * base64(user:password)` masked at the core alone would still decode to the user name and the
   * password's first character.
   */
  private hideWholeTokens(text: string, patterns: SecretPatterns): string {
    let result = text;
    for (const { pattern, tokenCharacter } of patterns.bytes)
      result = hideTokens(result, pattern, tokenCharacter);
    return result;
  }

  /**
   * Redacts, then cuts to `limit` characters (with an ellipsis). Redacting first means a cut can
   * never land inside a secret and leave most of it behind.
   */
  clip(value: string, limit: number): string {
    const redacted = this.text(value);
    return redacted.length > limit ? `${redacted.slice(0, limit)}…` : redacted;
  }

  /** Redacts every string inside a JSON-like value, and values under secret-looking keys. */
  value<T>(input: T): T {
    return this.walk(input, undefined) as T;
  }

  private walk(input: unknown, key: string | undefined): unknown {
    if (typeof input === "string") {
      return key !== undefined && SECRET_KEY.test(key) && input.length > 0 ? HIDDEN : this.text(input);
    }
    if (Array.isArray(input)) return input.map((item) => this.walk(item, undefined));
    if (input !== null && typeof input === "object") {
      const output: Record<string, unknown> = Object.create(null);
      for (const [childKey, childValue] of Object.entries(input))
        output[childKey] = this.walk(childValue, childKey);
      return output;
    }
    return input;
  }
}

/** Replaces each match of `pattern`, widened over the token characters around it, with the placeholder. */
function hideTokens(text: string, pattern: RegExp, tokenCharacter: RegExp): string {
  pattern.lastIndex = 0;
  let result = "";
  let copied = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    let start = match.index;
    let end = start + match[0].length;
    if (end === start) {
      pattern.lastIndex += 1;
      continue;
    }
    while (start > copied && tokenCharacter.test(text[start - 1])) start -= 1;
    while (end < text.length && tokenCharacter.test(text[end])) end += 1;
    while (end < text.length && text[end] === "=") end += 1;
    result += `${text.slice(copied, start)}${HIDDEN}`;
    copied = end;
    pattern.lastIndex = end;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** `Basic <base64>` as an Authorization header or its echo carries it. */
const BASIC_CREDENTIALS = /\b(Basic)(\s+|%20|\+)([A-Za-z0-9+/_-]{4,}={0,2})/gi;

/** Whether a base64 token decodes to `user:password` text (what Basic authentication sends). */
function isCredentialPair(token: string): boolean {
  const decoded = Buffer.from(token.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
  const printable = [...decoded].every((character) => character >= " " && character !== "\ufffd");
  return printable && decoded.indexOf(":") > 0;
}

/** Keys whose string values are always hidden, wherever they appear. */
export const SECRET_KEY =
  /^(authorization|cookie|set-cookie|password|passwd|token|access_token|api_key|apikey|secret|client_secret|proxy-authorization)$/i;
