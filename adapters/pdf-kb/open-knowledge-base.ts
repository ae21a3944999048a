import type { Workspace } from "../../config/workspace.js";
import type { PdfKnowledgeBaseSource } from "../../models/sources/pdf-kb-source.js";
import { createEmbedder } from "./embedding/create-embedder.js";
import type { Embedder } from "./embedding/embedder.js";
import { KnowledgeBase, knowledgeBaseDirectory } from "./store/knowledge-base.js";

/** Names of the workspace's pdf_kb sources, in YAML order. */
export function knowledgeBaseSourceNames(workspace: Workspace): string[] {
  return Object.entries(workspace.config.sources)
    .filter(([, source]) => source.kind === "pdf_kb")
    .map(([name]) => name);
}

/**
 * The pdf_kb source a command means: the one named, or the only one. Throws a RangeError that
 * names the choices when the name is unknown or several sources leave it open.
 */
export function pickKnowledgeBaseSource(
  workspace: Workspace,
  name: string | undefined,
): { name: string; source: PdfKnowledgeBaseSource } {
  const names = knowledgeBaseSourceNames(workspace);
  if (names.length === 0) throw new RangeError(`${workspace.file} has no source of kind pdf_kb`);
  const chosen = name ?? (names.length === 1 ? names[0] : undefined);
  if (chosen === undefined)
    throw new RangeError(
      `the workspace has several pdf_kb sources (${names.join(", ")}); pick one with --source`,
    );
  if (!names.includes(chosen))
    throw new RangeError(`no pdf_kb source named ${chosen}; the workspace has ${names.join(", ")}`);
  workspace.requireVariablesOf(chosen);
  return { name: chosen, source: workspace.config.sources[chosen] as PdfKnowledgeBaseSource };
}

/** Opens a source's index read-only; throws KnowledgeBaseMissingError when `triangulate ingest` has not run. */
export function openKnowledgeBase(
  workspace: Workspace,
  name: string,
  source: PdfKnowledgeBaseSource,
  embedder: Embedder = createEmbedder(source, workspace),
): Promise<KnowledgeBase> {
  return KnowledgeBase.open(name, knowledgeBaseDirectory(workspace.stateDirectory, name), embedder);
}
