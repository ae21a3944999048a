import { randomBytes } from "node:crypto";

/**
 * Class names the way CSS-in-JS and CSS modules generate them: a readable stem plus a hash that
 * changes on every server start, so a locator that relies on a class name breaks at once.
 */
export class HashedClassNames {
  /** The random suffix of this server start. */
  readonly suffix: string;
  private readonly names = new Map<string, string>();

  constructor(suffix: string = randomBytes(4).toString("hex")) {
    this.suffix = suffix;
  }

  /** The hashed class name for a stem, e.g. "table" → "table_9f3a1c2e". */
  of(stem: string): string {
    let name = this.names.get(stem);
    if (!name) {
      name = `${stem}_${this.suffix}`;
      this.names.set(stem, name);
    }
    return name;
  }

  /** Every stem → hashed name handed out so far, for the pages' scripts. */
  toJson(): Record<string, string> {
    return Object.fromEntries(this.names);
  }
}
