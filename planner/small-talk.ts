import type { Language } from "../domain/language.js";

/**
 * What a message made only of small talk does: greets, checks the assistant is there, thanks,
 * sympathises ("辛苦了"), acknowledges ("好的") or closes the conversation ("今天先这样").
 */
export type SmallTalkAct = "greeting" | "check_in" | "thanks" | "acknowledge" | "farewell";

// Phrases in the normalised question (lower case, Simplified, half-width). Longer ones first
// inside each list does not matter: every list is tried at each position and the longest wins.
const PHRASES: Record<SmallTalkAct, string[]> = {
  greeting: [
    "你好",
    "您好",
    "哈喽",
    "哈啰",
    "哈罗",
    "嗨",
    "喂",
    "早上好",
    "早安",
    "早",
    "午安",
    "下午好",
    "晚上好",
    "晚安",
    "大家好",
    "hello",
    "hi",
    "hey",
    "hiya",
    "howdy",
    "good morning",
    "good afternoon",
    "good evening",
    "good day",
    "greetings",
    "yo",
  ],
  check_in: [
    "在吗",
    "在不在",
    "有人吗",
    "你在吗",
    "还在吗",
    "最近好吗",
    "你好吗",
    "最近怎么样",
    "怎么样",
    "how's it going",
    "how is it going",
    "how are you",
    "how are you doing",
    "how are things",
    "what's up",
    "whats up",
    "sup",
    "are you there",
    "you there",
    "anyone there",
  ],
  thanks: [
    "谢谢",
    "谢谢你",
    "谢谢您",
    "多谢",
    "感谢",
    "谢啦",
    "谢了",
    "辛苦了",
    "辛苦啦",
    "辛苦",
    "麻烦你了",
    "thanks",
    "thank you",
    "thanks a lot",
    "thank you so much",
    "thanks so much",
    "many thanks",
    "thx",
    "ty",
    "cheers",
    "much appreciated",
    "appreciate it",
    "for the help",
    "for your help",
    "for the help earlier",
    "for your help earlier",
  ],
  acknowledge: [
    "好的",
    "好",
    "好吧",
    "行",
    "嗯",
    "嗯嗯",
    "哦",
    "明白了",
    "知道了",
    "收到",
    "了解",
    "ok",
    "okay",
    "got it",
    "great",
    "cool",
    "nice",
    "alright",
    "sure",
    "perfect",
  ],
  farewell: [
    "再见",
    "拜拜",
    "回头见",
    "下次见",
    "今天先这样",
    "先这样",
    "就这样",
    "今天就到这里",
    "就到这里",
    "bye",
    "goodbye",
    "see you",
    "see you later",
    "that's all",
    "that's all for today",
    "that's all for now",
    "that's it",
    "that's it for now",
    "that's it for today",
    "talk later",
    "have a nice day",
  ],
};

// Particles and punctuation between phrases: "你好呀，辛苦了～", "hey, how's it going?".
const SEPARATOR =
  /^[\s,.!?;:，。！？；：、~～…'"“”‘’()（）\-—]+|^(?:呀|啊|哦|啦|呢|哈|哈哈|哈哈哈|嘛|吧|了)(?![\u4e00-\u9fff]{2})/u;
// Words that may stand beside a greeting without making it a question.
const ADDRESS =
  /^(?:there|everyone|all|again|team|bot|assistant|triangulate|小助手|助手|朋友们|朋友|大家|你|您)/u;

const ENTRIES = Object.entries(PHRASES)
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
