import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext } from "playwright-core";

/** Playwright's storage state: cookies and local storage of a signed-in browser context. */
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Keeps a source's signed-in session in <workspace>/.triangulate/sessions/<source>.json (mode 0600)
 * so the next run skips the login. The file holds cookies: it is never logged or copied into runs.
 */
export class SessionStore {
  /** Absolute path of the session file. */
  readonly file: string;

  constructor(stateDirectory: string, sourceName: string) {
    this.file = path.join(stateDirectory, "sessions", `${sourceName}.json`);
  }

  /** The stored state, or undefined when there is none or it is unreadable. */
  async load(): Promise<StorageState | undefined> {
    try {
      const value = JSON.parse(await readFile(this.file, "utf8")) as StorageState;
      return Array.isArray(value?.cookies) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Saves the context's state atomically, readable by the owner only. */
  async save(context: BrowserContext): Promise<void> {
    const state = await context.storageState();
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, JSON.stringify(state), { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.file);
  }

  /** Forgets the stored session (after it turned out to be expired). */
  async clear(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
