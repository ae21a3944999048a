/**
 * Chinese nouns (Simplified) that name a document of rules (政策, 规定, 手册): a clause asking what
 * one says is a document ask, whether or not the workspace has a topic for it.
 */
export const chineseDocumentNouns: readonly string[] = [
  "政策",
  "规定",
  "规则",
  "条款",
  "制度",
  "手册",
  "规范",
];
