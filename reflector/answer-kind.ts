import { foldText } from "../domain/text-folding.js";

/** The kind of answer a sub-question asks for. */
export type AnswerKind = "who_pays" | "how_long" | "amount" | "date" | "yes_no" | "general";

// Cues are matched on folded text (Simplified, lower case). Order matters: "多久能收到" holds 能 but asks how long.
const QUESTION_CUES: [AnswerKind, RegExp][] = [
  [
    "who_pays",
    /谁出|谁付|谁负担|谁承担|谁支付|由谁|谁来付|who pays|who covers|who bears|whose (cost|expense)|who is responsible for (the )?(shipping|cost)/,
  ],
  [
    "how_long",
    /多久|多长时间|几天|多少天|多长|how long|how many (business |working )?days|how soon|when will .* (arrive|ship|receive)/,
  ],
  ["amount", /多少钱|金额|费用多少|多少费用|how much|what does it cost|what is the (price|fee|cost)/],
  ["date", /什么时候|何时|哪天|几号|哪一天|\bwhen\b|what date|which date/],
  [
    "yes_no",
    /可以|可否|能否|能不能|是否|吗|\bcan\b|\bmay\b|\bis it\b|\bare .* allowed|allowed|possible|\bdo(es)? (you|they|i|we)\b/,
  ],
];

/** What a passage must contain to answer each kind (besides the question's own terms). */
const ANSWER_PATTERNS: Record<Exclude<AnswerKind, "general">, (sentence: string) => boolean> = {
  who_pays: (sentence) =>
    /本店|店家|本公司|我们|顾客|客户|买家|消费者|卖家|商家|customer|buyer|store|seller|\bwe\b|\bus\b|\bour\b/.test(
      sentence,
    ) && /运费|负担|承担|支付|费用|shipping|postage|cost|expense|\bpay/.test(sentence),
  how_long: (sentence) =>
    /\d+\s*(个)?\s*(天|日|工作天|工作日|小时|周|星期|个月)|[一二三四五六七八九十两]+\s*(个)?\s*(天|日|工作天|工作日|周|星期|个月)|\d+\s*(business|working|calendar)?\s*(days?|weeks?|hours?|months?)\b/.test(
      sentence,
    ),
  amount: (sentence) => /\d[\d,.]*\s*(元|块|美元|新台币|nt\$|usd|rmb|twd|dollars?)|[$¥]\s*\d/.test(sentence),
  date: (sentence) =>
    /\d{4}-\d{2}-\d{2}|\d{4}年\d{1,2}月|\d{1,2}月\d{1,2}日|(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d/.test(
      sentence,
    ),
  yes_no: (sentence) =>
    /可以|可|能|得以|予以|不予|允许|接受|仅限|only|\bmay\b|\bcan\b|cannot|not allowed|allowed|eligible|will be (exchanged|replaced|refunded)|are (exchanged|replaced)|is (exchanged|replaced)/.test(
      sentence,
    ),
};

/** The kind of answer a (sub-)question asks for, from its question words. */
export function answerKindOf(question: string): AnswerKind {
  const folded = foldText(question);
  for (const [kind, cue] of QUESTION_CUES) if (cue.test(folded)) return kind;
  return "general";
}

/** Whether a folded sentence carries an answer of this kind. */
export function sentenceAnswers(kind: AnswerKind, foldedSentence: string): boolean {
  return kind === "general" ? true : ANSWER_PATTERNS[kind](foldedSentence);
}

/**
 * The clause of a compound question that holds the question word ("多久能收到新品" of
 * "客製化保溫杯刻錯名字，多久能收到新品？"): its terms are what an answering sentence must mention.
 */
export function focusClause(question: string, kind: AnswerKind): string {
  const clauses = question
    .split(/[，,。；;？?！!]/)
    .map((clause) => clause.trim())
    .filter(Boolean);
  if (kind === "general" || clauses.length <= 1) return question.trim();
  const cue = QUESTION_CUES.find(([candidate]) => candidate === kind)?.[1];
  const match = [...clauses].reverse().find((clause) => cue?.test(foldText(clause)));
  return match ?? clauses.at(-1) ?? question.trim();
}

/** Words naming each kind of missing answer, in English (gaps are also rendered per language by the templates). */
export const KIND_DESCRIPTIONS: Record<AnswerKind, string> = {
  who_pays: "who bears the cost",
  how_long: "a time frame (how long it takes)",
  amount: "an amount",
  date: "a date",
  yes_no: "whether it is allowed",
  general: "an answer",
};
