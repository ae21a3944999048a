import { parseChineseNumeral } from "../domain/chinese-numerals.js";
import type { NumberReference } from "../models/answer.js";

/** What a token in a text is: a plain number (maybe with a unit), a date or period label, or an identifier. */
export type NumberTokenKind = "number" | "date" | "identifier";

/** One number found in a text. */
export interface NumberToken {
  /** The text as written, e.g. "5.49%", "0.7个百分点", "2024-01-15", "LOG-101". */
  text: string;
  kind: NumberTokenKind;
  /** The numeric value; dates carry yyyymmdd (yyyymm00 for months, yyyy0q0 style for quarters: year*10000+quarter*10). */
  value: number;
  /** Canonical form used for matching: "5.49", "2024-01", "2023-Q3", "Q3", "LOG-101". */
  canonical: string;
  unit?: "%" | "pp";
  /** Decimals written, which decides how close a known value must be. */
  decimals: number;
  /** Offset in the text. */
  index: number;
}

/** A number the answer may use, with where it came from. */
export interface KnownNumber {
  value: number;
  origin: NumberReference["origin"];
  /** Canonical text for dates and identifiers. */
  canonical?: string;
  kind?: NumberTokenKind;
  goal?: string;
  /** Human label of the citation, e.g. "[1] sales_bi returns row 1". */
  citation?: string;
  /** What it is, for the prompt and the trace: "return_rate A/East 2024-01". */
  label?: string;
  /** Evidence read by OCR: the cell's confidence (0–1) and the threshold below which it is doubtful. */
  ocrConfidence?: number;
  ocrThreshold?: number;
}

/** Evidence read by OCR below its threshold: a number it alone supports is flagged. */
export function isLowConfidence(known: KnownNumber): boolean {
  return (
    known.ocrConfidence !== undefined &&
    known.ocrThreshold !== undefined &&
    known.ocrConfidence < known.ocrThreshold
  );
}

/** Outcome of checking every number of a text against the known numbers. */
export interface NumberAuditResult {
  passed: boolean;
  references: NumberReference[];
  /** Tokens with no known number behind them. */
  unmatched: NumberToken[];
  /** Share of numbers in the text that were matched (1 when the text has none). */
  coverage: number;
  /** Tokens whose only evidence was read by OCR below the confidence threshold (traced, but doubtful). */
  lowConfidence: NumberToken[];
}

const QUARTER_WORDS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, "1": 1, "2": 2, "3": 3, "4": 4 };

const pad = (value: number | string) => String(value).padStart(2, "0");

// Alternatives in order of precedence; the first that matches at a position wins.
const PATTERNS: { kind: string; pattern: string }[] = [
  { kind: "marker", pattern: String.raw`\[\d+(?:\s*[,，]\s*\d+)*\]` },
  { kind: "issue", pattern: String.raw`\b[A-Z][A-Z0-9]{1,9}-\d+\b` },
  { kind: "version", pattern: String.raw`\bv?\d+\.\d+\.\d+\b` },
  { kind: "iso-date", pattern: String.raw`\b\d{4}-\d{2}-\d{2}\b` },
  { kind: "year-quarter", pattern: String.raw`\b\d{4}[-\s]?Q[1-4]\b` },
  { kind: "quarter-year", pattern: String.raw`\bQ[1-4]\s+\d{4}\b` },
  { kind: "cjk-quarter", pattern: String.raw`\d{4}\s*年\s*(?:第\s*)?[一二三四1-4]\s*季度?` },
  { kind: "cjk-date", pattern: String.raw`\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?` },
  { kind: "iso-month", pattern: String.raw`\b\d{4}-\d{2}\b` },
  { kind: "quarter", pattern: String.raw`\bQ[1-4]\b` },
  { kind: "cjk-month", pattern: String.raw`\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?` },
  {
    kind: "number",
    pattern: String.raw`[-+−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\s*(?:%|percentage points?|pp\b|个百分点|個百分點|百分点|百分點))?|[-+−]?\d+(?:\.\d+)?(?:\s*(?:%|percentage points?|pp\b|个百分点|個百分點|百分点|百分點))?`,
  },
  {
    kind: "cjk-numeral",
    pattern: String.raw`[一二两兩三四五六七八九十]{1,3}(?=\s*(?:个|個|项|項|条|條|次|天|日|周|週|场|場|起|件|名|位|家|种|種|款|季|份|倍))`,
  },
];
const SCANNER = new RegExp(PATTERNS.map((entry) => `(${entry.pattern})`).join("|"), "gu");

function decimalsOf(text: string): number {
  const match = /\.(\d+)/.exec(text);
  return match ? match[1].length : 0;
}

/** Finds every number, date, period label and identifier in a text, with its unit. */
export function extractNumbers(input: string): NumberToken[] {
  // NFKC turns full-width digits and ％ into ASCII so 5.2％ reads like 5.2%.
  const text = input.normalize("NFKC");
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(SCANNER)) {
    const groupIndex = match.slice(1).findIndex((group) => group !== undefined);
    const kind = PATTERNS[groupIndex].kind;
    const raw = match[0];
    const index = match.index ?? 0;
    const digits = raw.match(/\d+/g) ?? [];
    // Every token but a plain number is written without decimals where it stands.
    const push = (tokenKind: NumberTokenKind, value: number, canonical: string) =>
      tokens.push({ text: raw, kind: tokenKind, value, canonical, decimals: 0, index });
    switch (kind) {
      case "marker":
        break;
      case "issue":
      case "version":
        push("identifier", Number.NaN, raw.replace(/^v/, ""));
        break;
      case "iso-date":
      case "cjk-date": {
        const [year, month, day] = digits.map(Number);
        if (day === undefined) push("date", year * 10000 + month * 100, `${year}-${pad(month)}`);
        else push("date", year * 10000 + month * 100 + day, `${year}-${pad(month)}-${pad(day)}`);
        break;
      }
      case "iso-month": {
        const [year, month] = digits.map(Number);
        if (month >= 1 && month <= 12) push("date", year * 10000 + month * 100, `${year}-${pad(month)}`);
        else push("identifier", Number.NaN, raw);
        break;
      }
      case "year-quarter":
      case "quarter-year": {
        const year = Number(digits.find((value) => value.length === 4));
        const quarter = Number(/Q([1-4])/.exec(raw)?.[1]);
        push("date", year * 10000 + quarter * 10, `${year}-Q${quarter}`);
        break;
      }
      case "cjk-quarter": {
        const year = Number(digits[0]);
        const quarterCharacter = /年\s*(?:第\s*)?([一二三四1-4])/.exec(raw)?.[1] ?? "1";
        const quarter = QUARTER_WORDS[quarterCharacter];
        push("date", year * 10000 + quarter * 10, `${year}-Q${quarter}`);
        break;
      }
      case "quarter": {
        const quarter = Number(raw.slice(1));
        push("date", quarter * 10, `Q${quarter}`);
        break;
      }
      case "cjk-month": {
        const [month, day] = digits.map(Number);
        push(
          "date",
          month * 100 + (day ?? 0),
          day === undefined ? `--${pad(month)}` : `--${pad(month)}-${pad(day)}`,
        );
        break;
      }
      case "number": {
        const unit = /%/.test(raw) ? "%" : /pp|percentage|百分/.test(raw) ? "pp" : undefined;
        const numeric = raw.replace(/[^\d.+\-−]/g, "").replace("−", "-");
        const value = Number(numeric);
        if (Number.isFinite(value)) {
          tokens.push({
            text: raw.trim(),
            kind: "number",
            value,
            canonical: String(value),
            ...(unit ? { unit } : {}),
            decimals: decimalsOf(numeric),
            index,
          });
        }
        break;
      }
      case "cjk-numeral": {
        const value = parseChineseNumeral(raw);
        if (value !== undefined) push("number", value, String(value));
        break;
      }
    }
  }
  return tokens;
}

function numberMatches(token: NumberToken, known: KnownNumber): boolean {
  if (known.kind === "date" || known.kind === "identifier") return false;
  const candidates = [known.value, -known.value];
  // A value written with d decimals matches a known value that rounds to it (5.49 ← 5.4897).
  const tolerance = 0.5 * 10 ** -token.decimals + 1e-9;
  return candidates.some((candidate) => Math.abs(candidate - token.value) <= tolerance);
}

function dateMatches(token: NumberToken, known: KnownNumber): boolean {
  const canonical = known.canonical;
  if (!canonical) return false;
  if (canonical === token.canonical) return true;
  // A month or quarter label matches a known date inside it (2024-01 ← 2024-01-15 is not allowed; the
  // reverse is): a coarser label in the text is fine when the evidence has a finer date in it.
  if (canonical.startsWith(`${token.canonical}-`)) return true;
  // "Q3" and "1月" without a year match any known period with that quarter or month.
  if (token.canonical.startsWith("Q") && canonical.endsWith(`-${token.canonical}`)) return true;
  if (token.canonical.startsWith("--") && canonical.slice(4).startsWith(token.canonical.slice(1)))
    return true;
  return false;
}

/** Finds the known number behind one token, preferring evidence, then computed, then question. */
function tokenMatches(token: NumberToken, entry: KnownNumber): boolean {
  if (token.kind === "number") {
    // A bare year (2023) may also be a date's year.
    if (numberMatches(token, entry)) return true;
    return (
      token.decimals === 0 &&
      /^(19|20)\d{2}$/.test(token.canonical) &&
      (entry.canonical ?? "").startsWith(token.canonical)
    );
  }
  if (token.kind === "date") return dateMatches(token, entry);
  return entry.canonical !== undefined && entry.canonical.toLowerCase() === token.canonical.toLowerCase();
}

/**
 * Finds the known number behind one token, preferring evidence, then computed, then question; among
 * evidence, evidence read with confidence (not by OCR, or by OCR at or above its threshold) first.
 */
export function findKnownNumber(token: NumberToken, known: readonly KnownNumber[]): KnownNumber | undefined {
  const order: NumberReference["origin"][] = ["evidence", "computed", "question"];
  for (const origin of order) {
    const matches = known.filter((entry) => entry.origin === origin && tokenMatches(token, entry));
    const match = matches.find((entry) => !isLowConfidence(entry)) ?? matches[0];
    if (match) return match;
  }
  return undefined;
}

/** Checks each number of a text against the evidence, the computed summaries and the question. */
export function auditNumbers(text: string, known: readonly KnownNumber[]): NumberAuditResult {
  const tokens = extractNumbers(text);
  const references: NumberReference[] = [];
  const unmatched: NumberToken[] = [];
  const lowConfidence: NumberToken[] = [];
  for (const token of tokens) {
    const match = findKnownNumber(token, known);
    if (!match) {
      unmatched.push(token);
      continue;
    }
    // Evidence read by OCR counts only with its confidence: below the threshold the number is
    // traced but flagged (the answer shows it with a caveat).
    const low = isLowConfidence(match);
    if (low) lowConfidence.push(token);
    references.push({
      text: token.text,
      value: Number.isFinite(token.value) ? token.value : match.value,
      origin: match.origin,
      ...(match.goal ? { goal: match.goal } : {}),
      ...(match.citation ? { citation: match.citation } : {}),
      ...(match.origin === "computed" && match.label ? { derivation: match.label } : {}),
      ...(match.ocrConfidence !== undefined ? { ocr_confidence: match.ocrConfidence } : {}),
      ...(low ? { low_confidence: true } : {}),
    });
  }
  return {
    passed: unmatched.length === 0,
    references,
    unmatched,
    coverage: tokens.length === 0 ? 1 : references.length / tokens.length,
    lowConfidence,
  };
}

/** Known numbers for every value in a text (passages, the question): numbers, dates and identifiers. */
export function knownNumbersInText(
  text: string,
  origin: NumberReference["origin"],
  extra: Omit<KnownNumber, "value" | "origin"> = {},
): KnownNumber[] {
  return extractNumbers(text).map((token) => ({
    ...extra,
    value: token.value,
    origin,
    kind: token.kind,
    canonical: token.canonical,
  }));
}
