import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeText } from "./decode-text.js";

describe("decodeText (auto)", () => {
  it("reads a Big5 CSV as Big5, not as GB18030 mojibake (華東 → 地狥)", () => {
    const bytes = iconv.encode("region,return_rate\n華東,3.2\n華北,2.9\n", "big5");
    const { text, encoding } = decodeText(bytes, "auto", "r.csv");
    expect(encoding).toBe("big5");
    expect(text).toContain("華東");
  });

  it("still reads a GB18030 CSV as GB18030", () => {
    const bytes = iconv.encode("region,return_rate\n华东,3.2\n华北,2.9\n西南,1.1\n", "gb18030");
    const { text, encoding } = decodeText(bytes, "auto", "r.csv");
    expect(encoding).toBe("gb18030");
    expect(text).toContain("华东");
  });

  it("recognises UTF-16LE and UTF-16BE without a BOM", () => {
    const csv = "region,return_rate\nEast,3.2\n华东,2.9\n";
    for (const encoding of ["utf-16le", "utf-16be"] as const) {
      const decoded = decodeText(iconv.encode(csv, encoding), "auto", "r.csv");
      expect(decoded.encoding).toBe(encoding);
      expect(decoded.text).toBe(csv);
    }
  });
});
