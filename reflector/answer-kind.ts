import { foldText } from "../domain/text-folding.js";
import type { AskedAspect } from "../models/plan.js";

/** The kind of answer a sub-question asks for. */
export type AnswerKind =
  | "who_pays"
  | "how_long"
  | "amount"
  | "count"
  | "date"
  | "reason"
  | "procedure"
  | "yes_no"
  | "general";

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
  // After how_long and amount: 多少天 asks how long and 多少钱 how much; any other 多少 asks how many.
  ["count", /how many|number of|多少|几(个|件|次|家|种|条|位|名|项|款|笔)|数量/],
  ["date", /什么时候|何时|哪天|几号|哪一天|\bwhen\b|what date|which date/],
  ["reason", /为什么|为何|什么原因|原因是|\bwhy\b|what caused|for what reason/],
  [
    "procedure",
    /如何|怎么|怎样|流程|步骤|手续|how (do|can|should|would) (i|we|you|a customer)|how to|what (are the )?steps|procedure|process (for|to)/,
  ],
  [
    "yes_no",
    /可以|可否|能否|能不能|是否|吗|\bcan\b|\bmay\b|\bis it\b|\bare .* allowed|allowed|possible|\bdo(es)? (you|they|i|we)\b/,
  ],
];

/** The aspect a plan records (models/plan.ts Asked) for each kind of question, and back. */
const ASPECT_OF_KIND: Record<AnswerKind, AskedAspect> = {
  who_pays: "who_pays",
  how_long: "duration",
  amount: "amount",
  count: "count",
  date: "date",
  reason: "reason",
  procedure: "procedure",
  yes_no: "eligibility",
  general: "general",
};

export function aspectOfKind(kind: AnswerKind): AskedAspect {
  return ASPECT_OF_KIND[kind];
}

export function kindOfAspect(aspect: AskedAspect): AnswerKind {
  return (
    (Object.keys(ASPECT_OF_KIND) as AnswerKind[]).find((kind) => ASPECT_OF_KIND[kind] === aspect) ?? "general"
  );
}

/** What a passage must contain to answer each kind (besides the question's own terms). */
const ANSWER_PATTERNS: Record<Exclude<AnswerKind, "general">, (sentence: string) => boolean> = {
  // A party and a cost ("运费由本店负担", "shipping at the store's cost"), or any party with a paying verb
  // ("the patient pays the fee"): the party need not be one this workspace's documents happen to name.
  who_pays: (sentence) =>
    (/本店|店家|本公司|我们|顾客|客户|买家|消费者|卖家|商家|customer|buyer|store|seller|\bwe\b|\bus\b|\bour\b/.test(
      sentence,
    ) &&
      /运费|负担|承担|支付|费用|shipping|postage|cost|expense|\bpay/.test(sentence)) ||
    /\b(pays?|paid (by|for)|bears?|borne by|covers?|covered by|charged to|billed to)\b|at (the )?[a-z]+('s)? (own )?(cost|expense)|由.{1,8}(负担|承担|支付|付)/.test(
      sentence,
    ),
  how_long: (sentence) =>
    /\d+\s*(个)?\s*(天|日|工作天|工作日|小时|周|星期|个月)|[一二三四五六七八九十两]+\s*(个)?\s*(天|日|工作天|工作日|周|星期|个月)|\d+\s*(business|working|calendar)?\s*(days?|weeks?|hours?|months?)\b/.test(
      sentence,
    ),
  // A Chinese unit needs no word boundary after it (JavaScript's \b is ASCII-only, so "800元赔偿"
  // never matched one); a currency code may stand before the number ("CNY 25") as well as after.
  // A share of something ("10% of the monthly fee", 百分之十) is an amount too: a credit, a fee, a deposit.
  amount: (sentence) =>
    /\d[\d,.]*\s*(%|％|percent\b|per cent\b)|百分之|\d[\d,.]*\s*(元|块|美元|新台币|台币|港币|欧元|英镑|日元)|\d[\d,.]*\s*(nt\$|usd|rmb|cny|twd|eur|gbp|hkd|yuan|euros?|pounds?|dollars?)\b|\b(nt\$?|usd|rmb|cny|twd|eur|gbp|hkd)\s*\d|[$¥€£]\s*\d|人民币\s*\d/.test(
      sentence,
    ),
  date: (sentence) =>
    /\d{4}-\d{2}-\d{2}|\d{4}年\d{1,2}月|\d{1,2}月\d{1,2}日|(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d/.test(
      sentence,
    ),
  // A charge stated as free or not ("免收人工费", "free of charge") says whether it is charged.
  yes_no: (sentence) =>
    /免收|免费|不收|收取|free of charge|no charge|at no (extra )?cost|可以|不可|可(办理|申请|享|获|退|换|修)|能够|不能|无法|得以|予以|不予|恕不|允许|接受|仅限|仅在|\bonly\b|\bmay\b|\bcan\b|cannot|not allowed|allowed|eligible|will be (exchanged|replaced|refunded)|are (not )?(exchanged|replaced|refunded)|is (not )?(exchanged|replaced|refunded)/.test(
      sentence,
    ),
  count: (sentence) =>
    /\d|[一二三四五六七八九十两]+\s*(个|件|次|家|种|条|位|名|项|款)|\b(one|two|three|four|five|six|seven|eight|nine|ten)\b/.test(
      sentence,
    ),
  reason: (sentence) =>
    /because|due to|caused by|as a result|owing to|the reason|因为|由于|导致|造成|所以|因此|原因/.test(
      sentence,
    ),
  procedure: (sentence) =>
    /\b(first|then|step|submit|contact|fill in|send|visit|apply|return the|bring|call|email|log in|open)\b|提交|联系|填写|寄回|申请|携带|首先|然后|步骤|致电|登录/.test(
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
export function sentenceAnswers(kind: AnswerKind, foldedSentence: string, question = ""): boolean {
  if (kind === "general") return true;
  return ANSWER_PATTERNS[kind](foldedSentence) || answersConditionally(kind, foldedSentence, question);
}

/**
 * Whether a folded sentence answers a yes/no question only under its own terms: "is it still under
 * warranty?" is answered by "the warranty lasts 24 months from acceptance", "is the visit charged?"
 * by "a visit costs 300 yuan". The limit it states (a duration, an amount) is the condition.
 */
export function answersConditionally(kind: AnswerKind, foldedSentence: string, question = ""): boolean {
  if (kind !== "yes_no" || ANSWER_PATTERNS.yes_no(foldedSentence)) return false;
  // Whether something is charged is answered by a price, not by how long it takes.
  if (CHARGE_CUE.test(foldText(question))) return ANSWER_PATTERNS.amount(foldedSentence);
  return ANSWER_PATTERNS.how_long(foldedSentence) || ANSWER_PATTERNS.amount(foldedSentence);
}

/** A yes/no question about a charge ("要收费吗", "is the visit charged"). */
const CHARGE_CUE = /收费|收钱|付费|要钱|花钱|charged?\b|fees?\b|cost|\bpay/;

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

/**
 * The words of a question that name what it is about, without its question words ("repair" of
 * "how long does the repair take", not "long"): an answering sentence must mention them.
 */
export function subjectTerms(
  question: string,
  kind: AnswerKind,
  terms: (text: string) => string[],
): string[] {
  const clause = focusClause(question, kind);
  const cue = QUESTION_CUES.find(([candidate]) => candidate === kind)?.[1];
  const folded = foldText(clause);
  const withoutCue = cue ? folded.replace(new RegExp(cue.source, "g"), " ") : folded;
  const cueTerms = new Set(cue ? terms((folded.match(new RegExp(cue.source, "g")) ?? []).join(" ")) : []);
  return terms(withoutCue).filter((term) => !cueTerms.has(term));
}

/**
 * What a count question counts: the noun after its question word ("积分" of "能获得多少积分",
 * "points" of "how many points"). An answering sentence must put a number right before it.
 */
export function countedNoun(question: string): string | undefined {
  const folded = foldText(question);
  const english = folded.match(/(?:how many|number of)\s+([a-z][a-z-]+)/);
  if (english) return english[1];
  const chinese = folded.match(/(?:多少|几)(?:个|件|次|家|种|条|位|名|项|款|笔)?([\u4e00-\u9fff]{2})/);
  return chinese?.[1];
}

/** Whether a folded sentence gives a number of the counted noun ("12 points", "5个积分", "积分5个" is not). */
export function statesCount(foldedSentence: string, noun: string): boolean {
  const escaped = noun.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `(\\d+|[一二三四五六七八九十两百千]+)\\s*(个|件|次|家|种|条|位|名|项|款|笔|份)?\\s*${escaped}`,
  ).test(foldedSentence);
}

/** Words naming each kind of missing answer, in English (gaps are also rendered per language by the templates). */
export const KIND_DESCRIPTIONS: Record<AnswerKind, string> = {
  who_pays: "who bears the cost",
  how_long: "a time frame (how long it takes)",
  amount: "an amount",
  date: "a date",
  count: "a count (how many)",
  reason: "a reason (why)",
  procedure: "a procedure (how to do it)",
  yes_no: "whether it is allowed",
  general: "an answer",
};
