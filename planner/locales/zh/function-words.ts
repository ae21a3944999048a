/**
 * Chinese words that carry no qualifier of their own in a data question: particles, question
 * words, analysis verbs, generic nouns, grain words, generic people (客户, 用户). Simplified only:
 * Traditional questions are folded before matching.
 */
export const chineseFunctionWords: readonly string[] = (
  "的 了 是 在 和 与 及 跟 或 以及 并 并且 还 还有 也 都 就 把 被 对 对于 关于 从 到 至 中 里 内 上 下 前 后 " +
  "请问 请 查询 查 查一下 查查 看看 看 帮我 给我 告诉 我 我们 你 您 想 想知道 知道 一下 能 可以 吗 呢 吧 啊 " +
  "多少 几 什么 哪 哪些 哪个 哪一个 哪一 一个 如何 怎么 怎样 怎么样 为什么 为何 是否 有没有 有 没有 多久 是不是 " +
  "对比 比较 相比 比 分析 统计 计算 列出 显示 展示 说明 解释 结合 关系 关联 相关 有关 影响 原因 可能 导致 " +
  // "because of" before the kind it names (因天气原因取消, 由于服务类问题)
  "因 因为 由于 " +
  "变化 走势 趋势 情况 表现 数据 数值 指标 记录 结果 水平 高 低 多 少 上升 下降 增加 减少 增长 升高 降低 波动 " +
  // Comparatives between the items named (哪一个的平均延误更长, 两者中哪个较高).
  "更长 较长 更短 较短 更多 较多 更少 较少 更高 较高 更低 较低 更大 较大 更小 较小 更好 较好 更差 较差 " +
  "更快 较快 更慢 较慢 最长 最短 最快 最慢 " +
  "下滑 上涨 下跌 提升 回落 量 找 找找 上线 推出 收到 开展 举办 进行 " +
  "整体 总体 平均 总 合计 分别 各自 同期 期间 之间 时候 时 当时 以后 之后 以前 之前 发生 出现 " +
  "两地 两个 两款 两种 三个 这 那 这个 那个 这些 那些 其 其中 数量 次数 个数 数 份 月份 季度 年度 " +
  "另外 此外 同时 同样 一样 然后 再 又 及其 所有 全部 每个 各 各个 每 类 方面 " +
  // Contrast between two clauses (爆管上升而投诉下降, 但是, 却).
  "而 而且 但 但是 却 然而 " +
  // Asking for a date inside the period asked (是哪天生效的, 哪一天, 哪个月): question words.
  "哪天 哪一天 哪日 哪一日 哪周 哪一周 哪个月 哪一个月 哪月 哪年 哪一年 几号 几日 什么时候 何时 " +
  // A follow-up that swaps in another value (换成华北区呢, 改成B产品呢, 如果是华南呢).
  "换成 改成 换作 换做 改为 如果 如果是 若是 那么 " +
  // Since, compared with (自年初以来, 自从, 较上月).
  "自 自从 较 " +
  // Grain words (每个月的安装量, 逐月): how to break the figures down, no qualifier of their own.
  "月 每月 每个月 各月 逐月 每季 每个季度 一共 总共 共 " +
  // Who is counted, in general: no qualifier (客户复购的比例, 用户流失率).
  "客户 顾客 用户 会员 消费者 买家 人 大家 人们"
).split(" ");

/**
 * Measure words of a count (多少张报修单, 几辆车, 几间房, 多少笔退款): a closed class of the
 * grammar, so listed whole.
 */
export const chineseCountClassifiers: readonly string[] =
  "个 件 次 起 条 单 家 项 笔 份 场 台 张 辆 间 位 名 本 批 趟 部 只 处 例 宗 架 架次 班 班次".split(" ");

/** The words a count is asked with; the segmenter may join each with a classifier (几次, 多少个). */
export const chineseCountQuestionWords: readonly string[] = ["几", "多少"];

/**
 * Locative suffixes: right after a place value (华东那边, 川渝這邊, 长三角一带) they point at that place
 * and add nothing; anywhere else (那边的退货率) they point at something unsaid.
 */
export const chineseLocatives: readonly string[] =
  "那边 这边 那里 这里 那块 这块 一带 附近 周边 地带 片区 区域内".split(" ");

/** The assistant addressed (你这边能查什么, 您那边华东区的退货率): a locative after one is the assistant's side. */
export const chineseAddressees: readonly string[] = ["你", "您", "你们", "您们"];

/**
 * General words for a place: after an unknown word (上海地区, 广州市) they make it a place the
 * catalog lacks; alone (哪个地区) they name none.
 */
export const chinesePlaceNouns: readonly string[] = ["地区", "区", "区域", "市", "省", "州"];
