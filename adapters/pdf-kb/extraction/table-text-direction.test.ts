import { describe, expect, it } from "vitest";
import { hasRightToLeft, visualToLogical } from "./table-text-direction.js";

describe("right-to-left table text", () => {
  it("turns Hebrew read in visual order into logical order", () => {
    // Lines as tabula-java 0.9 reads them from tabula's indictb1h_14.pdf (visual order).
    expect(visualToLogical("לכה ךס")).toBe("סך הכל");
    expect(visualToLogical("אמייק-ינב םירצומ")).toBe("מוצרים בני-קיימא");
    expect(visualToLogical("לכה ךס : קשמה יפנע")).toBe("ענפי המשק : סך הכל");
  });
  it("keeps digits and Latin runs in their own order and mirrors brackets around them", () => {
    expect(visualToLogical("(םימולהי אלל) היישעת")).toBe("תעשייה (ללא יהלומים)");
    expect(visualToLogical("שפנל (1) תילאודיבידניא")).toBe("אינדיבידואלית (1) לנפש");
    expect(visualToLogical("ABC 2014-2015 לכה ךס")).toBe("סך הכל ABC 2014-2015");
  });
  it("leaves left-to-right text alone", () => {
    expect(hasRightToLeft("Total 12.5 (net)")).toBe(false);
    expect(visualToLogical("Total 12.5 (net)")).toBe("Total 12.5 (net)");
    expect(visualToLogical("売上高（純額)")).toBe("売上高（純額)");
  });
});
