import type { Command } from "commander";
import { DEMO_AS_OF, FLAGSHIP_QUESTIONS, startDemo } from "../../demo/run-demo.js";
import { askQuestion } from "../../planner/ask.js";
import { colors, ExitCode, isInteractive, printJson } from "../cli-output.js";
import { printAnswer, printTrace } from "../print-answer.js";

interface DemoCommandOptions {
  serve?: boolean;
  json?: boolean;
}

/** `triangulate demo`: starts the demo sources, ingests the PDFs, answers the flagship questions; --serve keeps them up. */
export function registerDemoCommand(program: Command): void {
  program
    .command("demo")
    .description(
      "start the demo BI portal and ticket server, ingest the demo PDFs and answer the flagship questions",
    )
    .option("--serve", "keep the demo sources running for `triangulate ask` until Ctrl-C")
    .option("--json", "print the answers as JSON only")
    .action(async (options: DemoCommandOptions) => {
      const c = colors();
      const err = (line: string) => process.stderr.write(`${line}\n`);
      const controller = new AbortController();
      let interrupted = false;
      const onInterrupt = () => {
        interrupted = true;
        controller.abort(new Error("interrupted"));
      };
      process.on("SIGINT", onInterrupt);
      const demo = await startDemo({
        signal: controller.signal,
        onProgress: (message) => (options.json ? undefined : err(c.dim(`… ${message}`))),
      });
      try {
        const results: unknown[] = [];
        let worst: number = ExitCode.ok;
        for (const { id, question } of FLAGSHIP_QUESTIONS) {
          if (controller.signal.aborted) break;
          const result = await askQuestion(question, demo.workspace, {
            adapters: demo.adapters,
            asOf: DEMO_AS_OF,
            signal: controller.signal,
          });
          worst = Math.max(worst, result.exitCode === 0 ? ExitCode.ok : ExitCode.partial);
          if (options.json) {
            results.push({
              id,
              question,
              answer: result.answer,
              trace: result.trace.map((event) => event.line),
              exit_code: result.exitCode,
            });
            continue;
          }
          process.stdout.write(`\n${c.bold(c.cyan(`■ ${id}`))} ${c.bold(question)}\n`);
          printAnswer(result.answer);
          printTrace(result.trace);
          process.stdout.write(`${c.dim(`exit code ${result.exitCode}`)}\n`);
        }
        if (options.json)
          printJson({ workspace: demo.directory, environment: demo.environment, questions: results });
        // Partial answers are expected in the demo (question 2 has a gap): the demo itself succeeded.
        process.exitCode = interrupted ? ExitCode.couldNotRun : ExitCode.ok;
        void worst;
        if (options.serve && !interrupted) {
          const lines = [
            ...Object.entries(demo.environment).map(([name, value]) => `export ${name}=${value}`),
            // The demo's own first question (demo/run-demo.ts), as a command to paste.
            `triangulate ask --workspace ${demo.directory} ${JSON.stringify(FLAGSHIP_QUESTIONS[0].question)}`,
          ];
          err(`\n${c.bold("Demo sources are running.")} In another terminal:`);
          for (const line of lines) err(`  ${line}`);
          err(c.dim(isInteractive(process.stderr) ? "Ctrl-C stops them." : "Send SIGINT to stop them."));
          await new Promise<void>((resolve) => {
            if (controller.signal.aborted) resolve();
            controller.signal.addEventListener("abort", () => resolve(), { once: true });
          });
          process.exitCode = ExitCode.ok;
        }
      } finally {
        process.removeListener("SIGINT", onInterrupt);
        await demo.close();
      }
    });
}
