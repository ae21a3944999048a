import type { Language } from "../domain/language.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";
import type { SmallTalkAct } from "./locales/small-talk-phrases.js";

export type { SmallTalkAct } from "./locales/small-talk-phrases.js";

// Phrases in the normalised question, per language (planner/locales/<code>/small-talk.ts). Every
// list is tried at each position and the longest phrase wins.
const PHRASES = LANGUAGE_LOCALES.map((locale) => locale.smallTalk);

// Particles and punctuation between phrases: "你好呀，辛苦了～", "hey, how's it going?".
const SEPARATOR =
  /^[\s,.!?;:，。！？；：、~～…'"“”‘’()（）\-—]+|^(?:呀|啊|哦|啦|呢|哈|哈哈|哈哈哈|嘛|吧|了)(?![\u4e00-\u9fff]{2})/u;
// Words that may stand beside a greeting without making it a question.
const ADDRESS =
  /^(?:there|everyone|all|again|team|bot|assistant|triangulate|小助手|助手|朋友们|朋友|大家|你|您)/u;

const ENTRIES = PHRASES.flatMap((phrases) => Object.entries(phrases))
  .flatMap(([act, phrases]) => phrases.map((phrase) => ({ act: act as SmallTalkAct, phrase })))
  .sort((a, b) => b.phrase.length - a.phrase.length);

/**
 * The small-talk acts a message consists of, in order, or undefined when anything else is in it
 * (a question proper). Latin phrases must end at a word boundary ("hi" is not "history").
 */
export function smallTalkActs(normalized: string): SmallTalkAct[] | undefined {
  const acts: SmallTalkAct[] = [];
  let rest = normalized.replace(/’/g, "'").trim();
  while (rest.length > 0) {
    const entry = ENTRIES.find(
      ({ phrase }) => rest.startsWith(phrase) && !/^[a-z0-9]/.test(rest.slice(phrase.length)),
    );
    if (entry) {
      if (acts[acts.length - 1] !== entry.act) acts.push(entry.act);
      rest = rest.slice(entry.phrase.length);
      continue;
    }
    const separator = SEPARATOR.exec(rest);
    if (separator) {
      rest = rest.slice(separator[0].length);
      continue;
    }
    const address = ADDRESS.exec(rest);
    if (
      address &&
      address[0].length > 0 &&
      acts.length > 0 &&
      !/^[a-z]/.test(rest.slice(address[0].length))
    ) {
      rest = rest.slice(address[0].length);
      continue;
    }
    return undefined;
  }
  return acts.length > 0 ? acts : undefined;
}

const SENTENCES: Record<SmallTalkAct, Record<Language, string>> = {
  greeting: { en: "Hello!", "zh-Hans": "您好！", "zh-Hant": "您好！" },
  check_in: {
    en: "I'm here and ready.",
    "zh-Hans": "我在，随时可以开始。",
    "zh-Hant": "我在，隨時可以開始。",
  },
  thanks: { en: "You're welcome.", "zh-Hans": "不客气。", "zh-Hant": "不客氣。" },
  acknowledge: { en: "Okay.", "zh-Hans": "好的。", "zh-Hant": "好的。" },
  farewell: {
    en: "Goodbye — ask again any time.",
    "zh-Hans": "好的，下次见，随时再问。",
    "zh-Hant": "好的，下次見，隨時再問。",
  },
};

/**
 * A reply that answers each act once, in order; a greeting or check-in ends with what the
 * assistant can be asked (the workspace's scope), a closing does not.
 */
export function smallTalkReply(acts: SmallTalkAct[], language: Language, scopeSentence: string): string {
  const parts = acts.map((act) => SENTENCES[act][language]);
  const invites = acts.some((act) => act === "greeting" || act === "check_in") && !acts.includes("farewell");
  if (invites) parts.push(scopeSentence);
  return parts.join(language === "en" ? " " : "");
}
