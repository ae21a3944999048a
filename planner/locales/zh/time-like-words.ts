/**
 * Chinese words that say a question names a time, though the time grammar may not read them (今天,
 * 上周, 两天前, 年初至今). Grain words (每月, 每个季度) are not here. When a default period would
 * apply and one of these stands outside every time span read, the period is asked back.
 */
export const chineseTimeLikeWords: readonly string[] = (
  "今天 昨天 前天 明天 后天 今日 昨日 上周 下周 本周 这周 上星期 下星期 这星期 星期 礼拜 周末 " +
  "天前 周前 星期前 至今 目前为止 年初 全年 上半年 下半年"
).split(" ");
