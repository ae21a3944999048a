/** Turns texts into vectors of a fixed dimension for the knowledge base's vector search. */
export interface Embedder {
  /**
   * Identifies the vector space ("hashed-v2:384", "ollama:nomic-embed-text"); vectors from
   * embedders with different ids are not comparable, so a change forces a rebuild of the index.
   */
  readonly id: string;
  /** Length of every vector, or undefined until the first call when the model decides it. */
  readonly dimensions: number | undefined;
  /** One vector per text, in order. Documents and queries go through the same call. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
