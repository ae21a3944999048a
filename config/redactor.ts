/** The placeholder every hidden value becomes. */
const HIDDEN = "***";
/** Secrets shorter than this are not hunted in encoded forms: the fragments would hit ordinary text. */
const MIN_ENCODED_SECRET = 6;
/** A cut-off end of a secret (a text truncated mid-secret) is hidden when at least this long. */
const MIN_SECRET_FRAGMENT = 6;

/**
 * Every form in which a secret value can appear in text the tool writes: as itself, URL-encoded
 * (encodeURIComponent and form encoding, which differ on spaces and `!'()*`), JSON-escaped, and
 * base64 (standard and URL-safe) at each of the three byte alignments a secret can have inside a
 * longer encoded value (`Basic base64(user:password)` puts the password at any offset).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  if (secret.length >= MIN_ENCODED_SECRET) {
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
    forms.add(JSON.stringify(secret).slice(1, -1));
    const bytes = Buffer.from(secret, "utf8");
    for (let skipped = 0; skipped < 3; skipped += 1) {
      // Bytes from `skipped` on, in whole 3-byte groups, encode to the same characters wherever
      // the group boundary falls in the surrounding value; the ends mix with neighbouring bytes.
      const whole = Math.floor((bytes.length - skipped) / 3) * 3;
      if (whole < 3) continue;
      const core = bytes.subarray(skipped, skipped + whole).toString("base64");
      forms.add(core);
      forms.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return [...forms].filter((form) => form.length >= 3);
}

/** Replaces every known secret value, in every encoding, and common credential shapes, with a placeholder. */
export class Redactor {
  private readonly secrets: string[];
  /** Every form of every secret, longest first so a form containing another is replaced whole. */
  private readonly forms: string[];

  constructor(secrets: Iterable<string> = []) {
    this.secrets = [...new Set([...secrets].filter((secret) => secret.length >= 3))];
    this.forms = [...new Set(this.secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
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
    let result = value;
    for (const form of this.forms) if (result.includes(form)) result = result.split(form).join(HIDDEN);
    result = this.hideCutEnds(result);
    return result
      .replace(/(authorization\s*[:=]\s*)(bearer|basic|token)?\s*[^\s"',;]+/gi, "$1$2 ***")
      .replace(/(cookie\s*[:=]\s*)[^\n"]+/gi, "$1***")
      .replace(/([?&](?:token|access_token|api_key|apikey|password|key)=)[^&#\s"]+/gi, "$1***")
      .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, "$1***@");
  }

  /**
   * Redacts, then cuts to `limit` characters (with an ellipsis). Redacting first means a cut can
   * never land inside a secret and leave most of it behind.
   */
  clip(value: string, limit: number): string {
    const redacted = this.text(value);
    return redacted.length > limit ? `${redacted.slice(0, limit)}…` : redacted;
  }

  /**
   * A text somebody cut before it reached the redactor may end in the first characters of a
   * secret. Those fragments are hidden too: a cut must not leave
   * 10 of a password's 16 characters readable.
   */
  private hideCutEnds(text: string): string {
    let result = text;
    for (const secret of this.secrets) {
      if (secret.length < MIN_SECRET_FRAGMENT + 1) continue;
      const tail = /(…|\.\.\.)?("?\s*[}\]]*\s*)$/.exec(result);
      const bodyEnd = tail ? result.length - tail[0].length : result.length;
      for (let length = secret.length - 1; length >= MIN_SECRET_FRAGMENT; length -= 1) {
        if (result.slice(0, bodyEnd).endsWith(secret.slice(0, length))) {
          result = `${result.slice(0, bodyEnd - length)}${HIDDEN}${result.slice(bodyEnd)}`;
          break;
        }
      }
    }
    return result;
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

/** Keys whose string values are always hidden, wherever they appear. */
export const SECRET_KEY =
  /^(authorization|cookie|set-cookie|password|passwd|token|access_token|api_key|apikey|secret|client_secret|proxy-authorization)$/i;
