import type { Workspace } from "../../../config/workspace.js";
import type { PdfKnowledgeBaseSource } from "../../../models/sources/pdf-kb-source.js";
import { ModelSettings } from "../../../models/workspace.js";
import type { Embedder } from "./embedder.js";
import { HashedEmbedder } from "./hashed-embedder.js";
import { OllamaEmbedder } from "./ollama-embedder.js";

/** The embedder a pdf_kb source is configured with: `embedding.provider` hashed (default) or ollama. */
export function createEmbedder(source: PdfKnowledgeBaseSource, workspace: Workspace): Embedder {
  if (source.embedding.provider === "ollama") {
    // Without a `model:` section, the section's defaults (host 127.0.0.1:11434, 60 s).
    const settings = workspace.config.model ?? ModelSettings.parse({});
    return new OllamaEmbedder({
      host: settings.host,
      model: source.embedding.model,
      timeoutMs: settings.timeout_seconds * 1000,
    });
  }
  return new HashedEmbedder(source.embedding.dimensions);
}
