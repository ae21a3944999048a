import { describe, expect, it } from "vitest";
import { byteForms, Redactor } from "./redactor.js";

const SECRET = "s3cr3t-P@ss w0rd!";
const redactor = new Redactor([SECRET]);

/** Every base64 text that carries the secret after 0, 1 and 2 other bytes, standard and URL-safe. */
function base64Carriers(secret: string): string[] {
  const carriers: string[] = [];
  for (const prefix of ["", "u", "us", "user:"]) {
    const standard = Buffer.from(`${prefix}${secret}`).toString("base64");
    carriers.push(standard, standard.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    carriers.push(Buffer.from(`${prefix}${secret} and more`).toString("base64"));
  }
  return carriers;
}

describe("Redactor", () => {
  it("hides the plain, URL-encoded, form-encoded and JSON-escaped forms", () => {
    const forms = [
      SECRET,
      encodeURIComponent(SECRET),
      new URLSearchParams({ p: SECRET }).toString().slice(2),
      JSON.stringify(`say "${SECRET}"`),
    ];
    for (const form of forms) {
      const shown = redactor.text(`before ${form} after`);
      expect(shown).toContain("***");
      expect(shown).not.toContain("w0rd");
    }
    expect(new Redactor(['pa"ss\\word1']).text(JSON.stringify({ p: 'pa"ss\\word1' }))).toBe('{"p":"***"}');
  });

  it("hides base64 at all three alignments, standard and URL-safe", () => {
    for (const carrier of base64Carriers(SECRET)) {
      const shown = redactor.text(`Authorization-ish ${carrier} end`);
      // What is left are at most the boundary characters, mixed with neighbouring bytes.
      expect(shown).toContain("***");
      const cores = byteForms(SECRET)
        .map(({ form }) => form)
        .filter((form) => /^[A-Za-z0-9+/_-]{8,}$/.test(form));
      expect(cores.length).toBeGreaterThanOrEqual(3);
      for (const core of cores) expect(shown).not.toContain(core.slice(0, 8));
    }
  });

  it("never leaves most of a secret behind when a text was cut mid-secret before redaction", () => {
    const cut = `{"error":"invalid password ${SECRET}"}`.slice(0, 38);
    expect(cut).toContain(SECRET.slice(0, 10));
    const shown = redactor.text(`${cut}…`);
    expect(shown).not.toContain(SECRET.slice(0, 6));
    expect(shown).toContain("***");
  });

  it("redacts before it clips, so a limit cannot split a secret", () => {
    const body = `upstream said: ${SECRET} ${"x".repeat(50)}`;
    const clipped = redactor.clip(body, 25);
    expect(clipped).toBe("upstream said: *** xxxxxx…");
  });

  it("leaves ordinary text alone and does not hunt short secrets in encodings", () => {
    expect(redactor.text("return rate 3.2% in East, January 2024")).toBe(
      "return rate 3.2% in East, January 2024",
    );
    expect(byteForms("abc")).toEqual([]);
    expect(new Redactor(["abc"]).text("abcd %61bc")).toBe("***d %61bc");
  });
});

describe("Redactor and values cut before it", () => {
  it("hides the start of a secret left before the … of a value cut inside a longer message", () => {
    const cell = `note ${SECRET} more`.slice(0, 15);
    const message = `rows 3, 4: value "${cell}…" is not >= 2 (clause 1)`;
    expect(message).toContain(SECRET.slice(0, 9));
    const shown = redactor.text(message);
    expect(shown).not.toContain(SECRET.slice(0, 6));
    expect(shown).toBe('rows 3, 4: value "note ***…" is not >= 2 (clause 1)');
  });

  it("hides an encoded start of a secret cut before the redactor saw it", () => {
    const encoded = encodeURIComponent(SECRET).slice(0, 16);
    expect(encoded).toBe("s3cr3t-P%40ss%20");
    expect(redactor.text(`GET /search?q=${encoded}… failed`)).toBe("GET /search?q=***… failed");
    expect(redactor.text(`{"error":"token ${JSON.stringify(SECRET).slice(1, 12)}`)).toBe(
      '{"error":"token ***',
    );
  });
});

describe("Redactor with several secrets", () => {
  it("hides each, whatever characters they start with", () => {
    const several = new Redactor(["zebra-stripes", "-minus-start", "alpha-beta1", "]bracket-x", "^caret-yy"]);
    expect(several.text("a zebra-stripes b -minus-start c alpha-beta1 e ]bracket-x f ^caret-yy")).toBe(
      "a *** b *** c *** e *** f ***",
    );
  });
});
