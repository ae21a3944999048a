/** Kinds of token the rule tokenizer produces. */
export type RuleTokenKind =
  | "identifier"
  | "quoted_identifier"
  | "keyword"
  | "number"
  | "percent"
  | "string"
  | "operator"
  | "punctuation"
  | "end";

/** One token with its place in the rule text (offsets are 0-based, `end` exclusive). */
export interface RuleToken {
  kind: RuleTokenKind;
  /** The token's value: a name, a keyword in lower case, an operator, a string's decoded text. */
  text: string;
  /** For numbers and percents: the numeric value (5% → 5). */
  number?: number;
  start: number;
  end: number;
}
