import type { Answer, Citation } from "../models/answer.js";
import type { TraceEvent } from "../models/trace-event.js";
import { messageCatalog } from "../reflector/messages/render-message.js";
import { colors } from "./cli-output.js";

// How an answer reads on a terminal: `ask` (local or from a worker) and `demo` print it. Its own
// module, so that `ask --queue --json` (which prints JSON only) never loads the message catalogs.

/** The answer's citations in their [n] order (each was registered while writing one item). */
export function orderedCitations(answer: Answer): Citation[] {
  return answer.items.flatMap((item) => item.citations);
}

/** Prints an answer for a person: status, text (conflicts, broadened, gaps included), sources. */
export function printAnswer(answer: Answer, options: { runDirectory?: string } = {}): void {
  const c = colors();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const words = messageCatalog(answer.language).footer;
  const statusWord = words.statuses[answer.status];
  const status =
    answer.status === "answered" || answer.status === "direct" ? c.green(statusWord) : c.yellow(statusWord);
  // English keeps "status answered" (a space after the heading); Chinese headings end in "：".
  out(`${c.bold(words.status)}${/[:：]$/.test(words.status) ? "" : " "}${status}`);
  out("");
  out(answer.text);
  const citations = orderedCitations(answer);
  if (citations.length > 0) {
    out("");
    out(c.bold(words.sources));
    for (const [index, citation] of citations.entries()) out(`  [${index + 1}] ${citation.label}`);
  }
  // "N numbers audited" only when all N were; otherwise the failure is printed (the text says it too).
  if (answer.audit.untraced.length > 0)
    out(
      c.yellow(
        `\n${words.auditFailed(answer.audit.untraced.length, answer.audit.numbers, answer.audit.untraced.join(", "))}`,
      ),
    );
  else if (answer.numbers.length > 0) out(c.dim(`\n${words.audited(answer.numbers.length)}`));
  if (options.runDirectory) out(c.dim(words.run(options.runDirectory)));
}

/** Prints the compact trace lines. */
export function printTrace(events: TraceEvent[]): void {
  const c = colors();
  process.stdout.write(`\n${c.bold("Trace:")}\n`);
  for (const event of events) process.stdout.write(`  ${c.dim(String(event.t).padStart(5))} ${event.line}\n`);
}
