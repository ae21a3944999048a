/**
 * Finds the runnable examples in Markdown: every fenced block that holds `$ ` command lines.
 * An HTML comment right before the fence annotates it (docs/tested-examples.md):
 *   <!-- example: servers=demo expect="auth_error: sales_bi" skip="needs an Ollama model" -->
 */

/** One command of a block and the output the page shows under it. */
export interface ExampleCommand {
  command: string;
  shown: string[];
  line: number;
}

/** A runnable block: where it is, its commands and its annotation. */
export interface DocExample {
  file: string;
  /** Line of the opening fence (1-based). */
  line: number;
  commands: ExampleCommand[];
  /** Servers the block needs: "demo" starts the demo BI portal and ticket server. */
  servers?: "demo";
  /** Substrings that must appear in the block's output (stdout and stderr), in this order. */
  expect: string[];
  /** Why the block is not run (printed by the test). */
  skip?: string;
  /** Shell lines run in the sandbox before the commands (not shown as part of the example). */
  setup?: string;
  timeoutSeconds: number;
}

const ANNOTATION = /^<!--\s*example:(.*?)-->\s*$/;
const ATTRIBUTE = /([a-z]+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))/g;

/** Parses the `key=value key="quoted value"` list of an annotation; repeated keys accumulate. */
export function parseAnnotation(text: string): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3];
    const key = match[1];
    attributes[key] ??= [];
    attributes[key].push(value);
  }
  return attributes;
}

const KNOWN_KEYS = new Set(["servers", "expect", "skip", "setup", "timeout"]);

/** The runnable examples of one Markdown text; throws on an annotation it cannot understand. */
export function findExamples(file: string, markdown: string): DocExample[] {
  const lines = markdown.split("\n");
  const examples: DocExample[] = [];
  let pending: { attributes: Record<string, string[]>; line: number } | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index];
    const annotation = ANNOTATION.exec(text.trim());
    if (annotation) {
      pending = { attributes: parseAnnotation(annotation[1]), line: index + 1 };
      for (const key of Object.keys(pending.attributes))
        if (!KNOWN_KEYS.has(key))
          throw new Error(
            `${file}:${index + 1}: unknown example annotation key ${key} (known: ${[...KNOWN_KEYS].join(", ")})`,
          );
      continue;
    }
    const fence = /^(\s*)(```+)/.exec(text);
    if (!fence) {
      if (text.trim() !== "") pending = undefined;
      continue;
    }
    const start = index;
    const indent = fence[1].length;
    const body: { text: string; line: number }[] = [];
    for (index += 1; index < lines.length && !lines[index].trim().startsWith(fence[2]); index += 1)
      body.push({ text: lines[index].slice(indent), line: index + 1 });
    const commands: ExampleCommand[] = [];
    for (let at = 0; at < body.length; at += 1) {
      if (!body[at].text.startsWith("$ ")) {
        commands.at(-1)?.shown.push(body[at].text);
        continue;
      }
      let command = body[at].text.slice(2);
      const line = body[at].line;
      while (command.endsWith("\\") && at + 1 < body.length) {
        at += 1;
        // The backslash stays: bash joins the lines as the reader's shell would.
        command = `${command}\n${body[at].text}`;
      }
      commands.push({ command, shown: [], line });
    }
    const attributes = pending?.attributes ?? {};
    pending = undefined;
    if (commands.length === 0) continue;
    const servers = attributes.servers?.[0];
    if (servers !== undefined && servers !== "demo")
      throw new Error(`${file}:${start + 1}: servers=${servers}: only servers=demo is known`);
    examples.push({
      file,
      line: start + 1,
      commands,
      ...(servers ? { servers: "demo" as const } : {}),
      expect: attributes.expect ?? [],
      ...(attributes.skip ? { skip: attributes.skip[0] } : {}),
      ...(attributes.setup ? { setup: attributes.setup.join("\n") } : {}),
      timeoutSeconds: Number(attributes.timeout?.[0] ?? 120),
    });
  }
  return examples;
}

/**
 * The exit code the page implies for each command: N when its shown output has a line
 * `(exit code N)`, any when the next command prints `$?` (the page shows it), else 0.
 */
export function expectedExitCodes(example: DocExample): (number | "any")[] {
  return example.commands.map((command, index) => {
    const shown = command.shown.map((line) => /^\(exit code (\d+)\)$/.exec(line.trim())).find(Boolean);
    if (shown) return Number(shown[1]);
    if (/\$\?/.test(command.command)) return "any";
    return /^echo .*\$\?/.test(example.commands[index + 1]?.command ?? "") ? "any" : 0;
  });
}
