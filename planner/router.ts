import { toTraditional } from "../domain/chinese-script.js";
import type { Language } from "../domain/language.js";
import { isCapabilityQuestion } from "./capability-question.js";
import { smallTalkActs, smallTalkReply } from "./small-talk.js";

/** Where a question goes: a short direct reply, or retrieval through a plan. */
export type Route = "direct" | "retrieve";
/** How much work a question needs; picks the strategy under --strategy auto. */
export type Complexity = "simple" | "complex";
/** Why the router chose its route. */
export type RouteReason =
  | "greeting"
  | "thanks"
  | "help"
  | "out_of_scope"
  | "data"
  | "policy"
  | "unknown_terms";

/** The router's decision, with the reply for direct routes. */
export interface RouteDecision {
  route: Route;
  complexity: Complexity;
  reason: RouteReason;
  /** The reply shown without any fetch (direct routes only). */
  reply?: string;
}

/** What the router needs to know about a question (computed once by the planner). */
export interface RouterInput {
  normalized: string;
  language: Language;
  /** Catalog terms found (metrics, dimension values, events, topics). */
  catalogMentions: number;
  hasTopic: boolean;
  unknownTerms: number;
  subQuestions: number;
  /** Distinct needs (metrics + events + topics) and entities (A/East and B/North are two; so are A和B), from the catalog planner. */
  needs: number;
  frames: number;
  compareOrCorrelate: boolean;
  /** Metric, event and topic labels for the direct reply, per language. */
  scope: { en: string[]; zh: string[] };
  /** The same labels by kind, for the help reply that lists what the catalog holds. */
  holdings?: Record<"en" | "zh", CatalogHoldings>;
  /**
   * Whether text speaks of business data though no catalog term matched: shared words of each
   * language and the workspace's own catalog words (planner/data-cues.ts).
   */
  isDataCue: (text: string) => boolean;
}

/** What a workspace's catalog holds, as display labels of one language. */
export interface CatalogHoldings {
  metrics: string[];
  events: string[];
  topics: string[];
}

const GREETING =
  /^(?:(?:你好|您好|哈喽|哈啰|哈囉|嗨|喂|早上好|早安|午安|晚上好|晚安|大家好|hello|hi|hey|hiya|howdy|good(?:morning|afternoon|evening|day)|greetings|yo)(?:呀|啊|哦)?)+$/u;
const THANKS =
  /^(?:谢谢|多谢|感谢|谢啦|谢了|辛苦了|thanks?|thankyou|thx|ty|cheers|muchappreciated|manythanks)(?:你|您|啦|了|alot|somuch|verymuch)?$/u;
const HELP =
  /^(?:你(?:能|可以)做什么|你是谁|你会什么|怎么用|帮助|help|whatcanyoudo|whoareyou|howdoiuse(?:this|you))$/u;
const FILLER =
  /[\s,.!?;:，。！？；：、~～…'"“”‘’()（）]+|\b(?:there|everyone|all|again|for (?:your|the) help|(?:for )?(?:that|this)|team|bot|assistant|triangulate)\b|小助手|助手|朋友们?|们/gu;

function bare(normalized: string): string {
  return normalized.replace(FILLER, "").trim();
}

/** Strips greeting and thanks phrases; what is left is the question proper. */
function withoutPleasantries(normalized: string): string {
  return normalized
    .replace(/^(?:你好|您好|嗨|hello|hi|hey|good (?:morning|afternoon|evening))[\s,，!！。.]*/u, "")
    .replace(/[\s,，!！。.]*(?:谢谢|多谢|thanks|thank you)[\s!！。.]*$/u, "")
    .trim();
}

const REPLIES: Record<
  Exclude<RouteReason, "data" | "policy" | "unknown_terms">,
  Record<Language, (scope: string) => string>
> = {
  greeting: {
    en: (scope) => `Hello! Ask me about ${scope}, and I will fetch, check and cite the figures.`,
    "zh-Hans": (scope) => `您好！可以问我关于${scope}的问题，我会查询、核对并注明出处。`,
    "zh-Hant": (scope) => `您好！可以問我關於${scope}的問題，我會查詢、核對並註明出處。`,
  },
  thanks: {
    en: () => "You're welcome. Ask again any time.",
    "zh-Hans": () => "不客气，随时再问。",
    "zh-Hant": () => "不客氣，隨時再問。",
  },
  help: {
    en: (scope) =>
      `I answer questions about this workspace's data. ${scope}. Every number comes with its source.`,
    "zh-Hans": (scope) => `我回答本工作区数据的问题。${scope}。每个数字都注明来源。`,
    "zh-Hant": (scope) => `我回答本工作區資料的問題。${scope}。每個數字都註明來源。`,
  },
  out_of_scope: {
    en: (scope) => `That is outside what this workspace covers. I can answer questions about ${scope}.`,
    "zh-Hans": (scope) => `这个问题超出了本工作区的范围。我可以回答关于${scope}的问题。`,
    "zh-Hant": (scope) => `這個問題超出了本工作區的範圍。我可以回答關於${scope}的問題。`,
  },
};

const SCOPE_SENTENCE: Record<Language, (scope: string) => string> = {
  en: (scope) => `Ask me about ${scope}, and I will fetch, check and cite the figures.`,
  "zh-Hans": (scope) => `可以问我关于${scope}的问题，我会查询、核对并注明出处。`,
  "zh-Hant": (scope) => `可以問我關於${scope}的問題，我會查詢、核對並註明出處。`,
};

// "Return rate" → "return rate", but "VIP repurchase rate", "CRM release" and "RevPAR" keep their capitals.
const lowerLabel = (label: string) =>
  /^[A-Z][a-z]*(?:[\s-]|$)/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

function scopeText(language: Language, scope: RouterInput["scope"]): string {
  if (language === "en") {
    const items = scope.en.map(lowerLabel);
    return items.length > 1
      ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`
      : (items[0] ?? "its data");
  }
  const text = scope.zh.join("、") || "数据";
  // Catalog synonyms are usually written in Simplified first: a Traditional question gets them converted.
  return language === "zh-Hant" ? toTraditional(text) : text;
}

const HOLDING_WORDS: Record<Language, Record<keyof CatalogHoldings, string>> = {
  en: { metrics: "metrics", events: "events", topics: "document topics" },
  "zh-Hans": { metrics: "指标", events: "事件", topics: "文档主题" },
  "zh-Hant": { metrics: "指標", events: "事件", topics: "文件主題" },
};

/** The catalog by kind ("metrics: return rate, complaints; events: …"), empty kinds left out. */
function holdingsText(language: Language, holdings: Record<"en" | "zh", CatalogHoldings>): string {
  const own = holdings[language === "en" ? "en" : "zh"];
  const parts = (["metrics", "events", "topics"] as const)
    .filter((kind) => own[kind].length > 0)
    .map((kind) =>
      language === "en"
        ? `${kind === "metrics" ? "Metrics" : HOLDING_WORDS.en[kind]}: ${own[kind].map(lowerLabel).join(", ")}`
        : `${HOLDING_WORDS[language][kind]}：${own[kind].join("、")}`,
    );
  const text = parts.join(language === "en" ? "; " : "；");
  return language === "zh-Hant" ? toTraditional(text) : text;
}

/**
 * Routes a question. Direct: greetings, thanks, "what can you do" and "what data do you have"
 * (`capability-question.ts`: the reply lists the catalog by kind), and questions with no catalog
 * term, no unknown measure and no business-data cue (out of scope). Everything else retrieves.
 * Complex when it splits into several sub-questions or frames, needs several things, or compares
 * or correlates; simple otherwise.
 */
export function routeQuestion(input: RouterInput): RouteDecision {
  const stripped = bare(input.normalized);
  const direct = (reason: Exclude<RouteReason, "data" | "policy" | "unknown_terms">): RouteDecision => ({
    route: "direct",
    complexity: "simple",
    reason,
    // Asked what it can do, the reply lists the catalog by kind; elsewhere one short list.
    reply: REPLIES[reason][input.language](
      reason === "help" && input.holdings
        ? holdingsText(input.language, input.holdings)
        : scopeText(input.language, input.scope),
    ),
  });
  if (input.catalogMentions === 0 && input.unknownTerms === 0) {
    if (stripped === "" || GREETING.test(stripped)) return direct("greeting");
    if (THANKS.test(stripped)) return direct("thanks");
    // Combinations ("你好，辛苦了", "hey, how's it going?", "謝啦，今天先這樣"): one answer per act.
    const acts = smallTalkActs(input.normalized);
    if (acts) {
      const greets = acts.includes("greeting") || acts.includes("check_in");
      return {
        route: "direct",
        complexity: "simple",
        reason: greets ? "greeting" : "thanks",
        reply: smallTalkReply(
          acts,
          input.language,
          SCOPE_SENTENCE[input.language](scopeText(input.language, input.scope)),
        ),
      };
    }
    if (
      HELP.test(bare(withoutPleasantries(input.normalized))) ||
      HELP.test(stripped) ||
      isCapabilityQuestion(withoutPleasantries(input.normalized))
    )
      return direct("help");
    if (!input.isDataCue(withoutPleasantries(input.normalized))) return direct("out_of_scope");
  }
  const complex = input.subQuestions > 1 || input.frames > 1 || input.needs > 1 || input.compareOrCorrelate;
  const reason: RouteReason =
    input.catalogMentions === 0 ? "unknown_terms" : input.hasTopic && input.needs === 1 ? "policy" : "data";
  return { route: "retrieve", complexity: complex ? "complex" : "simple", reason };
}
