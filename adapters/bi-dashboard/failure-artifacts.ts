import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import type { Redactor } from "../../config/redactor.js";

/** Paths (relative to the run directory) of what was saved about a failure. */
export interface FailureArtifacts {
  screenshot?: string;
  html?: string;
}

// Artefacts are a help, not the point: bound them so a wedged page cannot delay the error.
const ARTIFACT_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref()),
  ]);
}

/**
 * Saves a screenshot and the page's HTML (secrets redacted) as <run>/artifacts/<goal>-<attempt>.png/.html.
 * Never throws: a failure to save is itself not worth failing the step over.
 */
export async function saveFailureArtifacts(
  page: Page,
  runDirectory: string,
  goalId: string,
  attempt: number,
  redactor: Redactor,
): Promise<FailureArtifacts> {
  const directory = path.join(runDirectory, "artifacts");
  const stem = `${goalId.replace(/[^A-Za-z0-9_-]/g, "_")}-${attempt}`;
  const saved: FailureArtifacts = {};
  try {
    await mkdir(directory, { recursive: true });
    // In parallel: a page stuck in navigation may answer neither quickly.
    const [image, html] = await Promise.all([
      withTimeout(
        page.screenshot({ fullPage: true, timeout: ARTIFACT_TIMEOUT_MS }).catch(() => undefined),
        ARTIFACT_TIMEOUT_MS,
      ),
      withTimeout(
        page.content().catch(() => undefined),
        ARTIFACT_TIMEOUT_MS,
      ),
    ]);
    if (image) {
      await writeFile(path.join(directory, `${stem}.png`), image);
      saved.screenshot = path.join("artifacts", `${stem}.png`);
    }
    if (html !== undefined) {
      await writeFile(path.join(directory, `${stem}.html`), redactor.text(html), { mode: 0o600 });
      saved.html = path.join("artifacts", `${stem}.html`);
    }
  } catch {
    // Disk full or read-only run directory: report the step's own error instead.
  }
  return saved;
}
