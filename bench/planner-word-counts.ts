// Measure: how much language lives in planner code rather than in per-locale data (issue 25).
// Walks the syntax tree of every non-test .ts file of a planner folder, outside its locales/
// folder, and counts:
//   - regular expressions (literals and `new RegExp(...)` / `compiled(...)` patterns), and those
//     with words inside (a Han character, or two Latin letters in a row outside escapes and
//     character classes);
//   - word-list entries: strings in array literals and in `"a b c".split(" ")` lists;
//   - pattern fragments with words: other string literals written as regular expression source (an
//     alternation `|` or a group `(?`) with words inside, which rules splice into their patterns
//     (const MODALS = "可以|能"). With the regular expressions with words, these are the
//     "word-bearing patterns" of planner code.
// --list prints where each word-bearing pattern is (file:line and its first characters).
// Prints the counts of this checkout's planner/ beside another checkout's (--before DIR).
// Run: npx tsx bench/planner-word-counts.ts [--before DIR]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

interface Counts {
  regexes: number;
  regexesWithWords: number;
  wordListEntries: number;
  patternFragmentsWithWords: number;
  files: number;
  /** Where each word-bearing pattern is: file:line and its start. */
  places: string[];
}

const HAN = /[\u3400-\u9fff]/u;

/** Words in a pattern: escapes (\b, \s, \p{…}) and character classes ([a-z]) are not words. */
function hasWords(pattern: string): boolean {
  const stripped = pattern
    .replace(/\\p\{[^}]*\}/gu, "")
    .replace(/\\[a-zA-Z]/g, "")
    .replace(/\[(?:\\.|[^\]])*\]/g, "")
    .replace(/\(\?<[a-zA-Z]+>/g, "(");
  return HAN.test(pattern) || /[a-zA-Z]{2,}/.test(stripped);
}

function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => span.literal.text).join("");
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textOf(node.left);
    const right = textOf(node.right);
    return left !== undefined || right !== undefined ? `${left ?? ""}${right ?? ""}` : undefined;
  }
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  return undefined;
}

function countFile(file: string, counts: Counts): void {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const inPattern = new Set<ts.Node>();
  const place = (node: ts.Node, text: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    counts.places.push(
      `${path.relative(process.cwd(), file)}:${line}  ${text.slice(0, 60).replaceAll("\n", " ")}`,
    );
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = (node as ts.RegularExpressionLiteral).text;
      counts.regexes += 1;
      if (hasWords(literal.slice(1, literal.lastIndexOf("/")))) {
        counts.regexesWithWords += 1;
        place(node, literal);
      }
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === "RegExp" || node.expression.text === "compiled") &&
      node.arguments?.[0]
    ) {
      counts.regexes += 1;
      const pattern = textOf(node.arguments[0]);
      const visitInside = (inner: ts.Node): void => {
        inPattern.add(inner);
        ts.forEachChild(inner, visitInside);
      };
      visitInside(node.arguments[0]);
      if (pattern !== undefined && hasWords(pattern)) {
        counts.regexesWithWords += 1;
        place(node, pattern);
      }
    } else if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)) &&
      !inPattern.has(node) &&
      !ts.isArrayLiteralExpression(node.parent) &&
      !(ts.isPropertyAccessExpression(node.parent) && node.parent.name.text === "split")
    ) {
      const text = textOf(node) ?? "";
      if (/\||\(\?/.test(text) && hasWords(text)) {
        counts.patternFragmentsWithWords += 1;
        place(node, text);
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) {
        const text = textOf(element);
        if (text !== undefined && (HAN.test(text) || /[a-zA-Z]{2,}/.test(text))) counts.wordListEntries += 1;
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "split" &&
      textOf(node.expression.expression) !== undefined
    ) {
      const list = textOf(node.expression.expression) ?? "";
      counts.wordListEntries += list.split(/\s+/).filter((word) => word !== "").length;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  counts.files += 1;
}

/** The counts of one checkout's planner folder (locales/ and tests excluded), or of its locales/ alone. */
export function plannerWordCounts(checkout: string, localesOnly = false): Counts {
  const counts: Counts = {
    regexes: 0,
    regexesWithWords: 0,
    wordListEntries: 0,
    patternFragmentsWithWords: 0,
    files: 0,
    places: [],
  };
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        if (name !== "templates" && (localesOnly || name !== "locales")) walk(full);
      } else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) countFile(full, counts);
    }
  };
  const start = path.join(checkout, "planner", localesOnly ? "locales" : "");
  if (existsSync(start)) walk(start);
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const index = process.argv.indexOf("--before");
  const before = index > 0 ? path.resolve(process.argv[index + 1]) : undefined;
  const after = plannerWordCounts(root);
  const rows: [string, Exclude<keyof Counts, "places">][] = [
    ["files (planner/, no tests, no locales/)", "files"],
    ["regular expressions", "regexes"],
    ["  of which with words inside", "regexesWithWords"],
    ["pattern fragments with words (strings)", "patternFragmentsWithWords"],
    ["word-list entries in code", "wordListEntries"],
  ];
  const old = before ? plannerWordCounts(before) : undefined;
  console.log(`${"".padEnd(42)}${old ? "before".padStart(8) : ""}${"after".padStart(8)}`);
  for (const [label, key] of rows)
    console.log(
      `${label.padEnd(42)}${old ? String(old[key]).padStart(8) : ""}${String(after[key]).padStart(8)}`,
    );
  // Where the words went: per-language data files, which a new language copies and translates.
  const data = plannerWordCounts(root, true);
  const oldData = before ? plannerWordCounts(before, true) : undefined;
  console.log(
    `${"word-list entries in planner/locales/ (data)".padEnd(42)}${oldData ? String(oldData.wordListEntries).padStart(8) : ""}${String(data.wordListEntries).padStart(8)}`,
  );
  if (process.argv.includes("--list")) for (const where of after.places) console.log(where);
}
