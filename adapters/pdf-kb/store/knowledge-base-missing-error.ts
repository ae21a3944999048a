import { englishStepMessage } from "../../../models/step-message-english.js";
import type { IndexProblem } from "../../../models/step-messages/knowledge-base-messages.js";

/** The knowledge base of a source has not been built (or was built with another embedder, or cannot be opened). */
export class KnowledgeBaseMissingError extends Error {
  override readonly name = "KnowledgeBaseMissingError";

  constructor(
    readonly source: string,
    readonly directory: string,
    /** Why, as a code the answer's language says (models/step-messages/knowledge-base-messages.ts). */
    readonly problem: IndexProblem = { reason: "not_built" },
  ) {
    super(englishStepMessage({ code: "index_unusable", source, problem }));
  }
}
