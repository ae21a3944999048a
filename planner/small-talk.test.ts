import { describe, expect, it } from "vitest";
import { normalizeForMatching } from "./normalize-text.js";
import { smallTalkActs, smallTalkReply } from "./small-talk.js";

const acts = (text: string) => smallTalkActs(normalizeForMatching(text));

describe("small talk", () => {
  it.each([
    ["你好，辛苦了", ["greeting", "thanks"]],
    ["在吗？", ["check_in"]],
    ["hey, how's it going?", ["greeting", "check_in"]],
    ["謝啦，今天先這樣", ["thanks", "farewell"]],
    ["哈囉，在嗎？", ["greeting", "check_in"]],
    ["ok thanks, that's all for today", ["acknowledge", "thanks", "farewell"]],
    ["Good evening! Thanks for the help earlier.", ["greeting", "thanks"]],
    ["辛苦了，謝謝你", ["thanks"]],
  ])("%s → %j", (text, expected) => {
    expect(acts(text)).toEqual(expected);
  });

  it.each([
    "hi, what was the return rate in January?",
    "history of returns",
    "你好，上个月的退货率是多少？",
    "thanks, and the complaints in Q3?",
    "今天北京天气怎么样？",
  ])("a message with a question in it is not small talk: %s", (text) => {
    expect(acts(text)).toBeUndefined();
  });

  it("answers each act in the question's language and invites a question only after a greeting", () => {
    expect(smallTalkReply(["thanks", "farewell"], "zh-Hant", "SCOPE")).toBe(
      "不客氣。好的，下次見，隨時再問。",
    );
    expect(smallTalkReply(["greeting", "check_in"], "en", "SCOPE")).toBe("Hello! I'm here and ready. SCOPE");
    expect(smallTalkReply(["thanks"], "zh-Hans", "SCOPE")).not.toContain("SCOPE");
  });
});
