import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Command, Option } from "commander";
import { WORKSPACE_FILE } from "../../config/load-workspace.js";
import { printJson, UsageError } from "../cli-output.js";
import { INIT_KINDS, type InitKind, templateFiles, workspaceTemplate } from "../init/workspace-templates.js";

/** `triangulate init [dir] [--kind …]`: a commented starting workspace that passes config check. */
export function registerInitCommand(program: Command): void {
  program
    .command("init")
    .description("write a commented starting workspace (triangulate.yaml) that passes config check")
    .argument("[dir]", "folder for the workspace (created when missing)", ".")
    .addOption(
      new Option("--kind <kind>", "the first source's kind").choices([...INIT_KINDS]).default("file"),
    )
    .option("--json", "print the files written as JSON")
    .action((directory: string, options: { kind: InitKind; json?: boolean }) => {
      const root = path.resolve(directory);
      const file = path.join(root, WORKSPACE_FILE);
      // Never overwrite: a workspace someone wrote is worth more than a template.
      if (existsSync(file))
        throw new UsageError(`${file} exists already; init writes only into a folder without one`);
      const files: Record<string, string> = {
        [WORKSPACE_FILE]: workspaceTemplate(options.kind, path.basename(root) || "workspace"),
        ...templateFiles(options.kind),
      };
      for (const name of Object.keys(files))
        if (existsSync(path.join(root, name)))
          throw new UsageError(`${path.join(root, name)} exists already`);
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), content, { flag: "wx" });
      }
      const written = Object.keys(files).map((name) => path.join(root, name));
      if (options.json) printJson({ workspace: root, kind: options.kind, files: written });
      else
        process.stdout.write(
          `wrote ${written.map((name) => path.relative(process.cwd(), name) || name).join(", ")}\nnext: triangulate config check -w ${path.relative(process.cwd(), root) || "."}\n`,
        );
    });
}
