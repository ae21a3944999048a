/** Replaces every known secret value, and common credential shapes, with a placeholder. */
export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Iterable<string> = []) {
    // Longest first so a secret containing another is replaced whole.
    this.secrets = [...new Set([...secrets].filter((secret) => secret.length >= 3))].sort(
      (a, b) => b.length - a.length,
    );
  }

  /** Returns a copy of this redactor that also hides the given values. */
  with(secrets: Iterable<string>): Redactor {
    return new Redactor([...this.secrets, ...secrets]);
  }

  /** Redacts a string. */
  text(value: string): string {
    let result = value;
    for (const secret of this.secrets) {
      if (result.includes(secret)) result = result.split(secret).join("***");
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret && result.includes(encoded)) result = result.split(encoded).join("***");
    }
    return result
      .replace(/(authorization\s*[:=]\s*)(bearer|basic|token)?\s*[^\s"',;]+/gi, "$1$2 ***")
      .replace(/(cookie\s*[:=]\s*)[^\n"]+/gi, "$1***")
      .replace(/([?&](?:token|access_token|api_key|apikey|password|key)=)[^&#\s"]+/gi, "$1***")
      .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, "$1***@");
  }

  /** Redacts every string inside a JSON-like value, and values under secret-looking keys. */
  value<T>(input: T): T {
    return this.walk(input, undefined) as T;
  }

  private walk(input: unknown, key: string | undefined): unknown {
    if (typeof input === "string") {
      return key !== undefined && SECRET_KEY.test(key) && input.length > 0 ? "***" : this.text(input);
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
