import { RuleSyntaxError } from "./rule-syntax-error.js";
import type { RuleToken } from "./rule-token.js";

/** Words that are operators or literals wherever they appear, in any letter case. */
const KEYWORDS = new Set(["and", "or", "not", "in", "matches", "true", "false", "null"]);

const IDENTIFIER_START = /[\p{L}_]/u;
const IDENTIFIER_PART = /[\p{L}\p{N}_]/u;
const DIGIT = /[0-9]/;

const STRING_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', n: "\n", t: "\t" };

/**
 * Splits a rule into tokens. Unknown escapes in strings stay as written (`'\d+'` keeps its
 * backslash) so regular expressions read naturally.
 */
export function tokenizeRule(rule: string): RuleToken[] {
  const tokens: RuleToken[] = [];
  let index = 0;
  const length = rule.length;
  while (index < length) {
    const character = rule[index];
    if (/\s/.test(character)) {
      index += 1;
      continue;
    }
    const start = index;
    if (character === "'" || character === '"') {
      index += 1;
      let text = "";
      let closed = false;
      while (index < length) {
        const next = rule[index];
        if (next === character) {
          closed = true;
          index += 1;
          break;
        }
        if (next === "\\" && index + 1 < length) {
          const escaped = rule[index + 1];
          text += Object.hasOwn(STRING_ESCAPES, escaped) ? STRING_ESCAPES[escaped] : `\\${escaped}`;
          index += 2;
          continue;
        }
        text += next;
        index += 1;
      }
      if (!closed)
        throw new RuleSyntaxError(`unterminated string: add the closing ${character}`, rule, start);
      tokens.push({ kind: "string", text, start, end: index });
      continue;
    }
    if (character === "`") {
      const close = rule.indexOf("`", index + 1);
      if (close === -1)
        throw new RuleSyntaxError("unterminated `column name`: add the closing `", rule, start);
      const name = rule.slice(index + 1, close);
      if (name.trim() === "") throw new RuleSyntaxError("empty `column name`", rule, start);
      index = close + 1;
      tokens.push({ kind: "quoted_identifier", text: name, start, end: index });
      continue;
    }
    // An unquoted ISO date, month or quarter (2024-01-15, 2024-01, 2024-Q1) is a date literal:
    // the language has no arithmetic, so 2024-01 can only mean January 2024.
    const isoDate = DIGIT.test(character)
      ? /^\d{4}-(?:\d{2}-\d{2}|\d{2}|Q[1-4])(?![\p{L}\p{N}_-])/u.exec(rule.slice(index, index + 12))
      : null;
    if (isoDate) {
      index += isoDate[0].length;
      tokens.push({ kind: "string", text: isoDate[0], start, end: index });
      continue;
    }
    const startsNumber =
      DIGIT.test(character) ||
      (character === "." && DIGIT.test(rule[index + 1] ?? "")) ||
      (character === "-" && /[0-9.]/.test(rule[index + 1] ?? ""));
    if (startsNumber) {
      const match = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/.exec(
        rule.slice(index, index + 400),
      );
      if (!match) throw new RuleSyntaxError("malformed number", rule, start);
      index += match[0].length;
      const value = Number(match[0]);
      if (!Number.isFinite(value)) throw new RuleSyntaxError(`number out of range: ${match[0]}`, rule, start);
      if (index < length && IDENTIFIER_PART.test(rule[index]) && !/[eE]/.test(rule[index])) {
        throw new RuleSyntaxError(`unexpected '${rule[index]}' after the number ${match[0]}`, rule, index);
      }
      if (rule[index] === "%") {
        index += 1;
        tokens.push({ kind: "percent", text: rule.slice(start, index), number: value, start, end: index });
      } else {
        tokens.push({ kind: "number", text: match[0], number: value, start, end: index });
      }
      continue;
    }
    if (IDENTIFIER_START.test(character)) {
      index += 1;
      while (index < length && IDENTIFIER_PART.test(rule[index])) index += 1;
      const word = rule.slice(start, index);
      const lower = word.toLowerCase();
      if (KEYWORDS.has(lower)) tokens.push({ kind: "keyword", text: lower, start, end: index });
      else tokens.push({ kind: "identifier", text: word, start, end: index });
      continue;
    }
    const two = rule.slice(index, index + 2);
    if (two === "<=" || two === ">=" || two === "!=" || two === "==" || two === "<>") {
      index += 2;
      tokens.push({
        kind: "operator",
        text: two === "==" ? "=" : two === "<>" ? "!=" : two,
        start,
        end: index,
      });
      continue;
    }
    if (character === "=" || character === "<" || character === ">") {
      index += 1;
      tokens.push({ kind: "operator", text: character, start, end: index });
      continue;
    }
    if (character === "&" && rule[index + 1] === "&") {
      index += 2;
      tokens.push({ kind: "keyword", text: "and", start, end: index });
      continue;
    }
    if (character === "|" && rule[index + 1] === "|") {
      index += 2;
      tokens.push({ kind: "keyword", text: "or", start, end: index });
      continue;
    }
    if ("()[],:".includes(character)) {
      index += 1;
      tokens.push({ kind: "punctuation", text: character, start, end: index });
      continue;
    }
    const codePoint = rule.codePointAt(index) ?? 0;
    // Control characters are invisible in a message: name them by code point instead.
    const shown =
      codePoint < 32 || codePoint === 127
        ? `U+${codePoint.toString(16).padStart(4, "0")}`
        : String.fromCodePoint(codePoint);
    throw new RuleSyntaxError(`unexpected character '${shown}'`, rule, start);
  }
  tokens.push({ kind: "end", text: "", start: length, end: length });
  return tokens;
}
