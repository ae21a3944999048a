/**
 * The words a language asks what is allowed with (能退吗, "can I return it"), read by
 * planner/modal-topic-verbs.ts (a modal with a topic's verb is a policy question) and by the
 * decomposer (a modal ends the subject a later ask continues). Folded: lower case, Simplified.
 */
export interface ModalWords {
  /** Modals, longest first where one holds another (可不可以 before 可以; can, may). */
  modals: readonly string[];
  /** Adverbs between the modal (or its subject) and the verb (能再退吗; "can I still return it"). */
  adverbs: readonly string[];
  /** The people a modal asks for, between it and the verb ("can I", "may we"); empty where none stands there. */
  subjects: readonly string[];
  /** Particles that may close the verb (能退吗, 可以换不); empty where a verb needs none. */
  particles: readonly string[];
  /** An aspect particle between the verb and its closing particle (能退了吗). */
  aspects: readonly string[];
  /** Words right after the verb that send it somewhere ("return to the dashboard"): no topic's verb then. */
  directions: readonly string[];
}
