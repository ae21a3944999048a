import type { Catalog } from "../../models/workspace.js";
import { hasChinese, toSimplified, toTraditional } from "../text-folding.js";

/** The language of an answer. */
export type AnswerLanguage = "en" | "zh-Hans" | "zh-Hant";

function chineseSynonym(synonyms: string[], language: AnswerLanguage): string | undefined {
  const chinese = synonyms.filter((synonym) => hasChinese(synonym));
  if (chinese.length === 0) return undefined;
  const fits = chinese.find((synonym) =>
    language === "zh-Hans" ? toSimplified(synonym) === synonym : toTraditional(synonym) === synonym,
  );
  const chosen = fits ?? chinese[0];
  return language === "zh-Hans" ? toSimplified(chosen) : toTraditional(chosen);
}

/** Names of catalog things in the answer's language, from the catalog's labels and synonyms. */
export class Labels {
  constructor(
    private readonly catalog: Catalog,
    readonly language: AnswerLanguage,
  ) {}

  /**
   * A catalog thing's name in the answer's language: its label for that language; else, in Chinese,
   * its first Chinese synonym. An English answer never prints a Chinese label: it falls back to the name.
   */
  private named(
    name: string,
    entry:
      | { label?: string; labels?: Partial<Record<AnswerLanguage, string>>; synonyms: string[] }
      | undefined,
  ): string {
    if (!entry) return name;
    const own = entry.labels?.[this.language];
    if (own) return own;
    if (this.language !== "en") return chineseSynonym(entry.synonyms, this.language) ?? entry.label ?? name;
    return entry.label && !hasChinese(entry.label) ? entry.label : name;
  }

  /** A metric's name. */
  metric(name: string): string {
    return this.named(name, this.catalog.metrics[name]);
  }

  /** An event kind's name. */
  event(name: string): string {
    return this.named(name, this.catalog.events[name]);
  }

  /**
   * A dimension's name ("Sub-type" / 问题类型); a word that is no dimension (what a question called
   * the kinds: 原因, reasons) is returned as written, in the answer's script. A Chinese answer gets
   * "" for a dimension the catalog names in no Chinese word: never a word of another language.
   */
  dimension(name: string): string {
    const entry = this.catalog.dimensions[name];
    if (!entry) {
      if (this.language === "en") return name;
      if (!hasChinese(name)) return "";
      return this.language === "zh-Hant" ? toTraditional(name) : toSimplified(name);
    }
    const named = this.named(name, entry).replace(/_/g, " ");
    return this.language === "en" || hasChinese(named) ? named : "";
  }

  /** A dimension value: "A" → "product A" / "A产品"; "East" → "East" / "华东". */
  value(dimension: string, value: string): string {
    const synonyms = this.catalog.dimensions[dimension]?.values[value];
    if (!synonyms) return value;
    if (this.language !== "en") return chineseSynonym(synonyms, this.language) ?? value;
    return value;
  }

  /**
   * Keys as a compact list: "A · East · 2024-01" (values translated); a dimension's several values
   * as a list in the language ("Shanghai, Guangzhou", "上海、广州"), never the plan's "Shanghai|Guangzhou".
   */
  keys(keys: Record<string, string | readonly string[]>, period?: string): string {
    const separator = this.language === "en" ? ", " : "、";
    const parts = Object.entries(keys).map(([dimension, value]) =>
      (typeof value === "string" ? [value] : value).map((one) => this.value(dimension, one)).join(separator),
    );
    if (period) parts.push(period);
    return parts.join(" · ");
  }
}
