import pc from "picocolors";
import { cellText } from "../domain/cell-text.js";

/** Exit codes: 0 done, 1 could not run (bad config, bad plan, usage), 2 ran but partial or failed steps. */
export const ExitCode = { ok: 0, couldNotRun: 1, partial: 2, needsClarification: 3 } as const;

/** A question needs a letter, digit or Han character: empty or punctuation-only input is a usage error. */
export function hasWords(question: string): boolean {
  return /[\p{L}\p{N}]/u.test(question);
}

/** Colour and progress only for a person at a terminal: a TTY, not CI, not NO_COLOR. */
export function isInteractive(stream: NodeJS.WriteStream = process.stdout): boolean {
  return Boolean(stream.isTTY) && !process.env.NO_COLOR && !process.env.CI;
}

/** Colours that turn into plain text when output is not interactive. */
export function colors(stream: NodeJS.WriteStream = process.stdout) {
  return pc.createColors(isInteractive(stream));
}

let printedJson = false;

/** Whether this process already printed its JSON object (an error after it must not add a second). */
export function jsonWasPrinted(): boolean {
  return printedJson;
}

/** Prints machine-readable output: the JSON and nothing else on stdout. */
export function printJson(value: unknown): void {
  printedJson = true;
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Renders rows as an aligned text table (CJK characters count as two columns). */
export function formatTable(headers: string[], rows: unknown[][]): string {
  const width = (text: string) =>
    [...text].reduce(
      (sum, character) =>
        sum +
        (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
          character,
        )
          ? 2
          : 1),
      0,
    );
  const texts = [headers, ...rows.map((row) => row.map((value) => cellText(value)))];
  const widths = headers.map((_, column) =>
    Math.min(60, Math.max(...texts.map((row) => width(row[column] ?? "")))),
  );
  const line = (row: string[]) =>
    row
      .map((text, column) => {
        const clipped =
          width(text) > widths[column] ? `${[...text].slice(0, widths[column] - 1).join("")}…` : text;
        return clipped + " ".repeat(Math.max(0, widths[column] - width(clipped)));
      })
      .join("  ")
      .trimEnd();
  return [
    line(texts[0]),
    widths.map((size) => "-".repeat(size)).join("  "),
    ...texts.slice(1).map(line),
  ].join("\n");
}

/** An error the CLI reports as "could not run" with a clear message and exit code 1. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * A question must hold at least one letter or digit (in any script): an empty or
 * punctuation-only question is a usage mistake, not something to greet and answer with exit 0.
 */
export function requireQuestion(question: string | undefined): string {
  if (question === undefined || !/[\p{L}\p{N}]/u.test(question))
    throw new UsageError(
      `the question ${JSON.stringify(question ?? "")} has no words; ask e.g. triangulate ask "How did <a metric of your workspace> change last month?"`,
    );
  return question;
}
