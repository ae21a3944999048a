import type { Workspace } from "../../../config/workspace.js";
import type { PdfKnowledgeBaseSource } from "../../../models/sources/pdf-kb-source.js";
import type { Embedder } from "./embedder.js";
import { HashedEmbedder } from "./hashed-embedder.js";
import { OllamaEmbedder } from "./ollama-embedder.js";

const defaultOllamaHost = "http://127.0.0.1:11434";

/** The embedder a pdf_kb source is configured with: `embedding.provider` hashed (default) or ollama. */
export function createEmbedder(source: PdfKnowledgeBaseSource, workspace: Workspace): Embedder {
  if (source.embedding.provider === "ollama") {
    return new OllamaEmbedder({
      host: workspace.config.model?.host ?? defaultOllamaHost,
      model: source.embedding.model,
      ...(workspace.config.model ? { timeoutMs: workspace.config.model.timeout_seconds * 1000 } : {}),
    });
  }
  return new HashedEmbedder(source.embedding.dimensions);
}
