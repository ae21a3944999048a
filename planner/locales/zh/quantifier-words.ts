/**
 * Chinese quantifiers over a dimension's values (各地区, 每个产品), breakdowns (按地区, 分渠道) and
 * the demonstratives 这 / 那, which quantify only with a numeral (这三款产品).
 */
export const chineseQuantifiers: readonly string[] =
  "每一个 每个 各个 按照 每 各 所有 全部 全 按 分 这 那".split(" ");

/** Chinese numerals that count two values (两地, 兩區, 二者): the two the question named. */
export const chinesePairQuantifiers: readonly string[] = ["两", "二", "双"];

/** Words that refer, with no noun, to the two values named (两者中哪个平均延误更长, 二者谁更高). */
export const chinesePairReferences: readonly string[] = [
  "两者",
  "二者",
  "这两者",
  "这两个",
  "那两个",
  "双方",
  "两边",
];

/** The demonstratives that quantify only with a numeral: 这款产品 is one product, 这三款产品 three. */
export const chineseDeterminers: readonly string[] = ["这", "那"];

/** Classifiers between a numeral and its noun (三款产品, 两个区域, 四大区域, 三家门店). */
export const chineseClassifiers: readonly string[] = "个 款 种 家 大 条 类 项 位".split(" ");

/** Words that open a subset of what the clause before counted (其中服务类的有几起). */
export const chineseSubsetWords: readonly string[] = ["其中", "当中", "这其中"];
