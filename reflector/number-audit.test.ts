import { describe, expect, it } from "vitest";
import { auditNumbers, extractNumbers, type KnownNumber, knownNumbersInText } from "./number-audit.js";

describe("extractNumbers", () => {
  it("reads percents, percentage points and CJK forms", () => {
    const tokens = extractNumbers("退货率 5.49%，高 2.39 个百分点；0.7 pp；13.5 % relative；５.２％");
    expect(tokens.map((token) => [token.value, token.unit])).toEqual([
      [5.49, "%"],
      [2.39, "pp"],
      [0.7, "pp"],
      [13.5, "%"],
      [5.2, "%"],
    ]);
  });
  it("reads dates, quarters and identifiers as such", () => {
    const tokens = extractNumbers(
      "LOG-101 on 2024-01-15 (2024年1月), 2023-Q3 vs Q4 2023, 2023年第三季度, CRM 3.3.0",
    );
    expect(tokens.map((token) => [token.kind, token.canonical])).toEqual([
      ["identifier", "LOG-101"],
      ["date", "2024-01-15"],
      ["date", "2024-01"],
      ["date", "2023-Q3"],
      ["date", "2023-Q4"],
      ["date", "2023-Q3"],
      ["identifier", "3.3.0"],
    ]);
  });
  it("reads spelled-out Chinese counts and skips citation markers", () => {
    const tokens = extractNumbers("共三个子问题 [1] [2, 3]，7个工作天");
    expect(tokens.map((token) => token.value)).toEqual([3, 7]);
  });
});

describe("auditNumbers", () => {
  const known: KnownNumber[] = [
    { value: 5.2, origin: "evidence", goal: "g1", citation: "[1]" },
    { value: 5.9, origin: "evidence", goal: "g2", citation: "[2]" },
    { value: 5.4897, origin: "computed" },
    { value: 20240115, origin: "evidence", kind: "date", canonical: "2024-01-15", citation: "[3]" },
    ...knownNumbersInText("对比A产品在华东区2024年1月的退货率", "question"),
  ];
  it("matches every number with rounding and names its origin", () => {
    const audit = auditNumbers("2024-01: 5.2% and 5.9%, fused 5.49%; change on 2024-01-15.", known);
    expect(audit.passed).toBe(true);
    expect(audit.coverage).toBe(1);
    expect(audit.references.map((reference) => reference.origin)).toEqual([
      "evidence",
      "evidence",
      "evidence",
      "computed",
      "evidence",
    ]);
  });
  it("rejects an invented number", () => {
    const audit = auditNumbers("The rate was 7.3% against 5.2%.", known);
    expect(audit.passed).toBe(false);
    expect(audit.unmatched.map((token) => token.text)).toEqual(["7.3%"]);
  });
  it("accepts a coarser rounding but not a different number", () => {
    expect(auditNumbers("5.5%", known).passed).toBe(true);
    expect(auditNumbers("5.6%", known).passed).toBe(false);
    expect(auditNumbers("5.48%", known).passed).toBe(false);
    expect(auditNumbers("5.49%", known).passed).toBe(true);
  });
});

describe("numbers read by OCR in the audit", () => {
  const ocr = (value: number, confidence: number) => ({
    value,
    origin: "evidence" as const,
    goal: "g1",
    ocrConfidence: confidence,
    ocrThreshold: 0.9,
  });

  it("carries the OCR confidence and flags a number whose only evidence is below the threshold", () => {
    const result = auditNumbers("East 5.2%, North 3.1%", [ocr(5.2, 0.42), ocr(3.1, 0.98)]);
    expect(result.passed).toBe(true);
    expect(result.lowConfidence.map((token) => token.text)).toEqual(["5.2%"]);
    expect(result.references).toEqual([
      {
        text: "5.2%",
        value: 5.2,
        origin: "evidence",
        goal: "g1",
        ocr_confidence: 0.42,
        low_confidence: true,
      },
      { text: "3.1%", value: 3.1, origin: "evidence", goal: "g1", ocr_confidence: 0.98 },
    ]);
  });

  it("does not flag a doubtful OCR number that other evidence (a DOM table) also shows", () => {
    const result = auditNumbers("East 5.2%", [
      ocr(5.2, 0.42),
      { value: 5.2, origin: "evidence", goal: "g2" },
    ]);
    expect(result.lowConfidence).toEqual([]);
    expect(result.references[0]).toEqual({ text: "5.2%", value: 5.2, origin: "evidence", goal: "g2" });
  });
});
