import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leakedForms, secretEncodings } from "../test/support/secret-encodings.js";
import { Redactor } from "./redactor.js";

/** Characters secrets are drawn from: printable ASCII, a space, and some non-ASCII letters. */
const SECRET_CHARACTERS = [
  ...Array.from({ length: 94 }, (_, index) => String.fromCharCode(33 + index)),
  " ",
  "é",
  "ß",
  "华",
  "語",
];

/** Secrets as people configure them: 8–40 characters, no whitespace at either end. */
const secrets = fc
  .array(fc.constantFrom(...SECRET_CHARACTERS), { minLength: 8, maxLength: 40 })
  .map((characters) => characters.join(""))
  .filter((secret) => secret.trim() === secret && new Set(secret).size >= 4);

describe("every encoded form of a random secret (issue 26.2)", () => {
  it("is hidden whole in text, leaving the text around it as it was", () => {
    fc.assert(
      fc.property(secrets, (secret) => {
        const redactor = new Redactor([secret]);
        for (const [name, form] of Object.entries(secretEncodings(secret))) {
          const shown = redactor.text(`before: ${form} :after`);
          const expected = name === "basic_pair" ? "before: Basic *** :after" : "before: *** :after";
          expect(shown, `${name} of ${JSON.stringify(secret)}`).toBe(expected);
        }
      }),
      { numRuns: 150 },
    );
  }, 180_000);

  it("is hidden in JSON documents, whether the value or the serialised text is redacted", () => {
    fc.assert(
      fc.property(secrets, (secret) => {
        const redactor = new Redactor([secret]);
        for (const [name, form] of Object.entries(secretEncodings(secret))) {
          const document = { issue: { note: `said ${form} here`, echoed: [form] } };
          const throughValue = redactor.text(JSON.stringify(redactor.value(document), null, 2));
          const throughText = redactor.text(JSON.stringify(document));
          for (const output of [throughValue, throughText]) {
            expect(leakedForms(output, secret), `${name} of ${JSON.stringify(secret)}: ${output}`).toEqual(
              [],
            );
            expect(JSON.parse(output).issue.note).toMatch(/^said (Basic )?\*\*\* here$/);
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 180_000);

  it("masks an echoed Basic header whole, so no prefix decodes to the user name", () => {
    const password = "Pa55word-2024";
    const redactor = new Redactor([password]);
    const header = `Basic ${Buffer.from(`analyst:${password}`).toString("base64")}`;
    for (const echo of [`{"authorization":"${header}"}`, `Authorization: ${header}`, `echo ${header}`]) {
      const shown = redactor.text(echo);
      expect(shown).not.toMatch(/Basic [A-Za-z0-9+/]{4,}/);
      expect(shown).toContain("Basic ***");
    }
  });
});
