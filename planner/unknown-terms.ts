import { distance } from "fastest-levenshtein";
import { nearestName } from "../config/nearest-name.js";
import type { Mention, Vocabulary } from "./vocabulary.js";

/** A term that looks like a metric or a dimension value but is not in the catalog. */
export interface UnknownTerm {
  /** As the user wrote it. */
  text: string;
  kind: "metric" | "dimension_value";
  /** For dimension values: which dimension it looks like (product, region). */
  dimension?: string;
  /** A catalog name it may be a typo of. */
  suggestion?: string;
}

// Business measures people ask about that a workspace may not hold. Only used to recognise that a
// question asks for a measure: a hit that no catalog term covers is reported, never planned.
const MEASURE_WORDS =
  /[\u4e00-\u9fff]{1,4}率|销售额|营业额|销量|利润|毛利|库存|订单量|客单价|收入|营收|成本|流量|gmv|\bnps\b|\b(?:[a-z]+ ){0,2}rate\b|\brevenue\b|\bsales\b|\bprofits?\b|\bmargins?\b|\binventory\b|\bstock levels?\b|\border volume\b|\bbasket size\b|\bincome\b|\bcosts?\b|\bheadcount\b|\btraffic\b/gu;

function overlaps(start: number, end: number, mentions: Mention[]): boolean {
  return mentions.some((mention) => mention.start < end && start < mention.end);
}

/**
 * Finds terms that look like catalog entries but are not: "product Z", "Z产品", "华中区",
 * "Central China", "churn rate", "毛利率". Reported to the user instead of being guessed.
 */
export function findUnknownTerms(
  original: string,
  normalized: string,
  mentions: Mention[],
  vocabulary: Vocabulary,
): UnknownTerm[] {
  const unknown: UnknownTerm[] = [];
  const seen = new Set<string>();
  const report = (start: number, end: number, term: Omit<UnknownTerm, "text">) => {
    const text = original.slice(start, end).trim();
    if (text.length === 0 || seen.has(text.toLowerCase()) || overlaps(start, end, mentions)) return;
    seen.add(text.toLowerCase());
    unknown.push({ text, ...term });
  };
  const dimensions = vocabulary.catalog.dimensions;
  if (dimensions.product) {
    const known = Object.keys(dimensions.product.values);
    for (const match of normalized.matchAll(
      /\bproducts? ([a-z0-9]{1,3})\b|(?<![a-z0-9])([a-z0-9]{1,3})\s?(?:产品|款产品)|产品\s?([a-z0-9]{1,3})(?![a-z0-9])/gu,
    )) {
      const value = (match[1] ?? match[2] ?? match[3]).toUpperCase();
      if (known.some((name) => name.toUpperCase() === value)) continue;
      const suggestion = nearestName(value, known);
      report(match.index, match.index + match[0].length, {
        kind: "dimension_value",
        dimension: "product",
        ...(suggestion && value.length > 1 ? { suggestion } : {}),
      });
    }
  }
  if (dimensions.region) {
    for (const match of normalized.matchAll(
      /(?:[东南西北中]{1,2}部|华[东南西北中]|东北|西北|西南|华中)(?:区|地区)?|\b(?:central|northeast|northwest|southeast|southwest|eastern|western|northern|southern|central) china\b|\b[a-z]+ (?:region)\b/gu,
    )) {
      if (/\b(?:the|a|each|every|this|that|which|same|one|both|two)\s+region\b/u.test(match[0])) continue;
      report(match.index, match.index + match[0].length, { kind: "dimension_value", dimension: "region" });
    }
  }
  const metricNames = Object.keys(vocabulary.catalog.metrics);
  for (const match of normalized.matchAll(MEASURE_WORDS)) {
    let start = match.index;
    let text = match[0];
    // Keep only the measure itself: "的流失率" → "流失率", "what is the churn rate" → "churn rate".
    const chinese = /[\u4e00-\u9fff]*?([\u4e00-\u9fff]{2}率)$/u.exec(text);
    if (chinese && text.endsWith("率")) {
      start += text.length - chinese[1].length;
      text = chinese[1];
    }
    const english = /(?:^|\s)((?:(?!the\b|a\b|an\b|what\b|is\b|was\b|of\b|s\b)[a-z]+ )?rate)$/u.exec(text);
    if (english) {
      start += text.length - english[1].length;
      text = english[1];
    }
    if (text === "rate" || /^(?:频率|比率|汇率|效率|概率|税率|利率)$/u.test(text)) continue;
    // Only a near-typo is worth suggesting ("retrun rate"); "churn rate" is not "return rate".
    const candidate = nearestName(text.replace(/ /g, "_"), metricNames);
    const suggestion = candidate && distance(text.replace(/ /g, "_"), candidate) <= 2 ? candidate : undefined;
    report(start, start + text.length, { kind: "metric", ...(suggestion ? { suggestion } : {}) });
  }
  return unknown;
}
