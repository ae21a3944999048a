/**
 * Reads the saved response `sources test --sample <file>` maps. A sample must be the JSON body
 * of one response; what people save instead (an HTML error or login page, a download cut short,
 * a CSV export) gets a message with the file, the line:column where it stops being JSON, what
 * was found there and what to do, instead of "records path … matched nothing".
 */
import { readFileSync } from "node:fs";
import { UsageError } from "../cli-output.js";

/** Where and why a text stops being JSON (offsets in UTF-16 code units of the text). */
export interface JsonProblem {
  offset: number;
  line: number;
  column: number;
  /** "unexpected `<`", "the text ends inside an object", … */
  reason: string;
}

/**
 * The first place where `text` is not JSON (RFC 8259), or undefined when it is. Node 20's
 * JSON.parse does not always say where it failed ("Unexpected end of JSON input"), so the text
 * is scanned here once it has been refused.
 */
export function findJsonProblem(text: string): JsonProblem | undefined {
  let index = 0;
  const fail = (reason: string, at = index): never => {
    throw Object.assign(new Error(reason), { offset: at });
  };
  const describe = (at: number) =>
    at >= text.length ? "the end of the file" : `\`${String.fromCodePoint(text.codePointAt(at) ?? 0)}\``;
  const space = () => {
    while (index < text.length && " \t\n\r".includes(text[index])) index += 1;
  };
  const literal = (word: string) => {
    for (let i = 0; i < word.length; i += 1)
      if (text[index + i] !== word[i]) fail(`unexpected ${describe(index + i)} in \`${word}\``, index + i);
    index += word.length;
  };
  const string = () => {
    index += 1;
    while (index < text.length) {
      const character = text[index];
      if (character === '"') {
        index += 1;
        return;
      }
      if (character === "\\") {
        const next = text[index + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) fail("a bad \\u escape");
          index += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) index += 2;
        else fail(`a bad escape ${describe(index + 1)}`, index);
        continue;
      }
      if (character < " ")
        fail("a control character inside a string (a line break before the closing quote?)");
      index += 1;
    }
    fail("the text ends inside a string");
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
    if (!match || match[0] === "-") fail(`unexpected ${describe(index)}`);
    index += (match as RegExpExecArray)[0].length;
  };
  const value = (depth: number, inside: string) => {
    space();
    if (index >= text.length) fail(`the text ends ${inside}`);
    if (depth > 2000) fail("nesting deeper than 2000 levels");
    const character = text[index];
    if (character === "{") {
      index += 1;
      space();
      if (text[index] === "}") {
        index += 1;
        return;
      }
      for (;;) {
        space();
        if (index >= text.length) fail("the text ends inside an object");
        if (text[index] !== '"') fail(`unexpected ${describe(index)} where a quoted property name should be`);
        string();
        space();
        if (index >= text.length) fail("the text ends inside an object");
        if (text[index] !== ":")
          fail(`unexpected ${describe(index)} where \`:\` should follow a property name`);
        index += 1;
        value(depth + 1, "inside an object");
        space();
        if (index >= text.length) fail("the text ends inside an object");
        if (text[index] === "}") {
          index += 1;
          return;
        }
        if (text[index] !== ",") fail(`unexpected ${describe(index)} where \`,\` or \`}\` should be`);
        index += 1;
      }
    }
    if (character === "[") {
      index += 1;
      space();
      if (text[index] === "]") {
        index += 1;
        return;
      }
      for (;;) {
        value(depth + 1, "inside an array");
        space();
        if (index >= text.length) fail("the text ends inside an array");
        if (text[index] === "]") {
          index += 1;
          return;
        }
        if (text[index] !== ",") fail(`unexpected ${describe(index)} where \`,\` or \`]\` should be`);
        index += 1;
      }
    }
    if (character === '"') return string();
    if (character === "t") return literal("true");
    if (character === "f") return literal("false");
    if (character === "n") return literal("null");
    if (character === "-" || (character >= "0" && character <= "9")) return number();
    fail(`unexpected ${describe(index)}`);
  };
  try {
    value(0, "before any value (the file is empty)");
    space();
    if (index < text.length) fail(`unexpected ${describe(index)} after the end of the JSON value`);
    return undefined;
  } catch (error) {
    const offset = (error as { offset?: number }).offset ?? 0;
    const before = text.slice(0, offset).split("\n");
    return {
      offset,
      line: before.length,
      column: Array.from(before[before.length - 1]).length + 1,
      reason: (error as Error).message,
    };
  }
}

/** What the start of a non-JSON file looks like, and what to do about it. */
function diagnose(text: string, problem: JsonProblem): { found: string; advice: string } {
  const start = text.trimStart();
  const firstLine = start.split(/\r?\n/, 1)[0] ?? "";
  if (start === "")
    return { found: "an empty file", advice: "save the response body again: nothing was written" };
  if (/^<(!doctype|html|head|body|\?xml|[a-z])/i.test(start)) {
    const title = /<title[^>]*>([^<]{0,120})/i.exec(start)?.[1]?.trim();
    return {
      found: `${/^<(!doctype html|html)/i.test(start) ? "an HTML page" : "markup (HTML or XML)"}${title ? ` titled "${title}"` : ""}`,
      advice:
        "that is what the server or a proxy sends instead of the API's answer (an error, a login or SSO page, a wrong URL); request the API URL itself with the Accept: application/json header and your credentials (curl -sf -H 'Accept: application/json' … URL > sample.json), check that the file starts with { or [, and run again",
    };
  }
  if (problem.reason.startsWith("the text ends"))
    return {
      found: `JSON that stops short (${text.length} characters, ${problem.reason})`,
      advice:
        "the file was cut off (an interrupted download, a size limit, a copy from a terminal that truncated it); save the whole response body again",
    };
  if (!/^[{[]/.test(start) && /^[^,;\t]+([,;\t][^,;\t]*)+$/.test(firstLine))
    return {
      found: "delimited text (a CSV or TSV export?)",
      advice:
        "--sample maps the JSON the search's request returns; for a CSV export use a `file` source, or save the API's JSON response",
    };
  return {
    found: `${JSON.stringify(Array.from(start).slice(0, 60).join(""))}${Array.from(start).length > 60 ? "…" : ""}`,
    advice:
      "save the JSON body of one response of the search (the file must start with { or [) and run again",
  };
}

/**
 * The parsed sample. A file that is not JSON is a UsageError:
 * `sample <file> is not JSON: line L, column C: <reason>; found <what>; <what to do>`.
 */
export function readSampleJson(file: string): unknown {
  const raw = readFileSync(file, "utf8");
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  try {
    return JSON.parse(text);
  } catch (error) {
    const problem = findJsonProblem(text) ?? {
      offset: 0,
      line: 1,
      column: 1,
      reason: (error as Error).message,
    };
    const { found, advice } = diagnose(text, problem);
    const lines = text.split("\n");
    const shown = lines[problem.line - 1] ?? "";
    const context = Array.from(shown.replace(/\r$/, ""));
    const from = Math.max(0, problem.column - 1 - 30);
    const excerpt = context.slice(from, from + 70).join("");
    throw new UsageError(
      [
        `sample ${file} is not JSON: line ${problem.line}, column ${problem.column}: ${problem.reason}`,
        `  found: ${found}`,
        ...(excerpt.trim() !== ""
          ? [
              `  ${problem.line} | ${excerpt}`,
              `  ${" ".repeat(String(problem.line).length)} | ${" ".repeat(Math.max(0, problem.column - 1 - from))}^`,
            ]
          : []),
        `  what to do: ${advice}`,
      ].join("\n"),
    );
  }
}
