/** The knowledge base of a source has not been built (or was built with another embedder). */
export class KnowledgeBaseMissingError extends Error {
  override readonly name = "KnowledgeBaseMissingError";

  constructor(
    readonly source: string,
    readonly directory: string,
    detail = "has not been built yet",
  ) {
    super(`the knowledge base of source ${source} ${detail}: run \`triangulate ingest\` in the workspace`);
  }
}
