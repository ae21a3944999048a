/** Chinese verbs that, with an event's object, name a change event (换快递, 物流商更换). */
// 更新 / 修改 / 改动 too: X的Y有没有更新 asks for a change of Y as much as 有没有调整 does.
export const chineseChangeVerbs: readonly string[] = [
  "变更",
  "更换",
  "变动",
  "切换",
  "调整",
  "替换",
  "换",
  "更新",
  "修改",
  "改动",
  "改变",
];

/**
 * Words between an event's object and its change verb, or between the verb and the object, with
 * no content of their own: auxiliaries, adverbs and the asks 是否 / 有没有 / 哪些 / 几 (物流商是否有更换,
 * 两地物流商有没有更换, 有没有换过物流商, 换过哪些供应商).
 */
export const chineseChangeGapWords: readonly string[] =
  "也 都 有 没有 有没有 是否 是不是 有无 又 曾 曾经 已 已经 了 过 一下 个 家 次 是 在 什么时候 何时 哪天 几时 哪个月 哪些 哪 几 什么".split(
    " ",
  );
