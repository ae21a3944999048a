import { stripVTControlCharacters } from "node:util";
import { printAnswer } from "../../bin/print-answer.js";
import type { Answer } from "../../models/answer.js";

/**
 * Everything a person reads about an answer, line by line: what `triangulate ask` prints (status,
 * text, sources, audit, run folder), the planner's notes it prints to stderr, the items, and each
 * gap's words and check as `--json` readers show them.
 */
export function readerLines(answer: Answer, warnings: string[] = []): string[] {
  const printed: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    printAnswer(answer, { runDirectory: "/tmp/run" });
  } finally {
    process.stdout.write = write;
  }
  return [
    ...printed.join("").split("\n"),
    ...warnings,
    ...answer.items.map((item) => item.text),
    ...answer.gaps.flatMap((gap) => [gap.missing, gap.check]),
  ]
    .map((line) => stripVTControlCharacters(line))
    .filter((line) => line.trim() !== "");
}
