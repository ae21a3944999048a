/**
 * Chinese words that may stand between the parts of a catalog term written apart (订票App有没有发布新
 * 版本 is the term 订票App版本): verbs of making a thing public or available, "new", aspect particles,
 * adverbs of a total (售票系统总共升级了几次 is the term 售票系统升级).
 * They name nothing a catalog holds; a word that is a catalog term itself is never skipped.
 */
export const chineseTermGapWords: readonly string[] =
  "一共 总共 共 总计 合计 发布 发行 发 推出 推送 上线 上架 出 出了 做 做了 更新 升级 新 最新 新的 全新 了 过 的 一个 一版 个 款 次".split(
    " ",
  );
