import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { secretEncodings } from "../test/support/secret-encodings.js";
import { ENCODING_MARK, encodedPrefixPattern, encodedTextPattern } from "./secret-pattern.js";

/** Printable ASCII, whitespace and some non-ASCII letters: secrets and the text around them. */
const CHARACTERS = [
  ...Array.from({ length: 94 }, (_, index) => String.fromCharCode(33 + index)),
  " ",
  "\n",
  "\t",
  "é",
  "华",
];
const secrets = fc
  .array(fc.constantFrom(...CHARACTERS.filter((character) => character.trim() !== "")), {
    minLength: 6,
    maxLength: 24,
  })
  .map((characters) => characters.join(""));

/** A text around a secret: pieces of it, split by whitespace, cut, beside random characters. */
function textsAround(secret: string) {
  const filler = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 12 }).map((parts) => parts.join(""));
  const gap = fc.constantFrom("", " ", "\n", "\r\n  ", "\t");
  const pieces = fc.oneof(
    filler,
    fc.constant(secret),
    fc
      .array(gap, { minLength: secret.length, maxLength: secret.length })
      .map((gaps) => [...secret].map((character, index) => `${character}${gaps[index]}`).join("")),
    fc.integer({ min: 1, max: secret.length }).map((length) => secret.slice(0, length)),
    fc.constant(Buffer.from(secret).toString("base64")),
    fc.constant(Buffer.from(secret).toString("hex").toUpperCase()),
  );
  return fc.array(pieces, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(""));
}

/** Every match of a pattern source: where it starts and what it covers. */
function matches(source: string, text: string): string[] {
  return [...text.matchAll(new RegExp(source, "g"))].map((match) => `${match.index}:${match[0]}`);
}

describe("plain secret patterns (the cold start's small expressions)", () => {
  it("find exactly what the full patterns find in every text without an encoding mark", () => {
    fc.assert(
      fc.property(
        secrets.chain((secret) => fc.tuple(fc.constant(secret), textsAround(secret))),
        ([secret, text]) => {
          fc.pre(!ENCODING_MARK.test(text));
          expect(matches(encodedTextPattern(secret, { plain: true }), text)).toEqual(
            matches(encodedTextPattern(secret), text),
          );
          const prefix = (plain: boolean) => `(?:${encodedPrefixPattern(secret, 6, { plain })})$`;
          expect(matches(prefix(true), text)).toEqual(matches(prefix(false), text));
          const base64 = Buffer.from(secret).toString("base64");
          const hex = Buffer.from(secret).toString("hex");
          expect(matches(encodedTextPattern(base64, { token: true, plain: true }), text)).toEqual(
            matches(encodedTextPattern(base64, { token: true }), text),
          );
          expect(
            matches(encodedTextPattern(hex, { token: true, caseless: true, plain: true }), text),
          ).toEqual(matches(encodedTextPattern(hex, { token: true, caseless: true }), text));
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it("are found plain in the ordinary text a command prints", () => {
    expect(
      ENCODING_MARK.test("g1  sales_bi/returns  return_rate  region=East product=A  month 2024-01"),
    ).toBe(false);
    expect(
      ENCODING_MARK.test('{"question":"2024年1月华东区A产品的退货率是多少？","as_of":"2024-06-30"}'),
    ).toBe(false);
  });

  it("mark every encoded form of a secret a redactor must hide, so those texts get the full patterns", () => {
    fc.assert(
      fc.property(secrets, (secret) => {
        for (const [name, form] of Object.entries(secretEncodings(secret))) {
          // The forms that are the secret's own characters, split by whitespace or not, are plain.
          if ([...form].every((character) => secret.includes(character) || /\s/.test(character))) continue;
          // Base64 and hex tokens are matched by their own patterns, plain when unmarked.
          if (/^(Basic )?[A-Za-z0-9/_-]+=*$/.test(form)) continue;
          expect(ENCODING_MARK.test(form), `${name} of ${JSON.stringify(secret)}: ${form}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
