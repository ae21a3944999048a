import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Temporary folders made by a test file, removed by cleanup(). */
export class TemporaryFolders {
  private readonly folders: string[] = [];

  /** A new empty folder. */
  make(prefix = "triangulate-test-"): string {
    const folder = mkdtempSync(path.join(tmpdir(), prefix));
    this.folders.push(folder);
    return folder;
  }

  /** A copy of the demo workspace (so runs do not write into the repository). */
  demoWorkspace(): string {
    const folder = this.make("triangulate-demo-");
    cpSync("demo/workspace", folder, {
      recursive: true,
      filter: (source) => !source.includes(".triangulate"),
    });
    return folder;
  }

  /** A folder with the given files (name → content; a name may include subfolders). */
  withFiles(files: Record<string, string | Buffer>): string {
    const folder = this.make();
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), content);
    }
    return folder;
  }

  cleanup(): void {
    for (const folder of this.folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  }
}
