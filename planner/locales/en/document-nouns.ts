/**
 * English nouns that name a document of rules (policy, rules, handbook): a clause asking what one
 * says is a document ask, whether or not the workspace has a topic for it.
 */
export const englishDocumentNouns: readonly string[] = [
  "policy",
  "policies",
  "rule",
  "rules",
  "handbook",
  "guidelines",
  "terms and conditions",
  "regulations",
];
