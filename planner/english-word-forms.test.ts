import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";
import {
  EnglishWordForms,
  type FormTerm,
  foldHyphens,
  isInflectionOf,
  isPlainInflection,
} from "./english-word-forms.js";
import { normalizeForMatching } from "./normalize-text.js";
import { Vocabulary } from "./vocabulary.js";

const root = path.resolve(import.meta.dirname, "..");
const load = (folder: string) => loadWorkspace(path.join(root, folder), { environment: {} });
const demo = load("demo/workspace");
const hearthwell = load("test/held-out/hearthwell");
const lanting = load("test/held-out/lanting/workspace");
const subscriptions = load("test/workspaces/subscriptions");
const planner = new CatalogPlanner();

function plan(workspace: Workspace, question: string) {
  return planner.planSync(question, { workspace, asOf: "2024-06-30", strategy: "auto" });
}

/** What each planned sub-goal asks for: "metric filters" / "event filters" / "text". */
function asked(workspace: Workspace, question: string): string[] {
  const goals = plan(workspace, question).plan?.sub_goals ?? [];
  return [
    ...new Set(
      goals.map((goal) => {
        const filters = Object.entries(goal.params.filters ?? {})
          .map(([dimension, value]) => `${dimension}=${[value].flat().join("|")}`)
          .sort()
          .join(",");
        const what = goal.params.metric ?? (goal.params.event ? `event:${goal.params.event}` : "text");
        return filters ? `${what} ${filters}` : what;
      }),
    ),
  ].sort();
}

const found = (workspace: Workspace, question: string) =>
  new Vocabulary(workspace.config.catalog)
    .find(normalizeForMatching(question), question)
    .map((mention) => `${mention.kind}:${mention.value ?? mention.name}`);

describe("hyphens and inflections", () => {
  it("reads a hyphen between letters as a space and keeps the length", () => {
    const text = "range-hood installs, 2024-01, re-";
    expect(foldHyphens(text)).toBe("range hood installs, 2024-01, re-");
    expect(foldHyphens(text)).toHaveLength(text.length);
  });

  it("calls only an added inflectional ending a plain inflection", () => {
    for (const [written, word] of [
      ["rates", "rate"],
      ["churned", "churn"],
      ["campaigning", "campaign"],
      ["changing", "change"],
      ["cancelled", "cancel"],
      ["supplies", "supply"],
    ])
      expect(isPlainInflection(written, word), `${written} ← ${word}`).toBe(true);
    for (const [written, word] of [
      ["install", "installs"],
      ["renovated", "renovation"],
      ["refurbishing", "refurbishment"],
    ])
      expect(isPlainInflection(written, word), `${written} ← ${word}`).toBe(false);
  });

  it("knows a catalog word with an ending added, which is no typo to correct", () => {
    const words = new Set(["rate", "claim", "supply", "plan"]);
    for (const written of ["rated", "rates", "claims", "claiming", "supplied", "planned"])
      expect(isInflectionOf(written, words), written).toBe(true);
    for (const written of ["ratte", "claimz", "complants", "plane"])
      expect(isInflectionOf(written, words), written).toBe(false);
  });
});

describe("the word-form index", () => {
  const terms: FormTerm[] = [
    { text: "installs", kind: "metric", name: "installations" },
    { text: "install count", kind: "metric", name: "installations" },
    { text: "heat pumps", kind: "dimension", name: "product", value: "HeatPump" },
    { text: "returns", kind: "metric", name: "return_rate" },
    { text: "return policy", kind: "topic", name: "return_policy" },
    { text: "counts", kind: "metric", name: "tallies" },
  ];
  const index = new EnglishWordForms(terms);
  const read = (question: string) =>
    index
      .find(question, () => true)
      .map(
        (match) =>
          `${question.slice(match.start, match.end)}→${match.term.text}:${match.reading.plainInflection}`,
      );

  it("reads a bare verb as the catalog's noun with a correction, an inflection without one", () => {
    expect(read("how many did we install")).toEqual(["install→installs:false"]);
    expect(read("heat pump counts")).toEqual(["heat pump→heat pumps:true"]);
  });

  it("leaves a stop word and a stem that another entry shares to their own reading", () => {
    // "count" is a stop word; "return"/"returned" share their stem with the return-policy topic.
    expect(read("count them")).toEqual([]);
    expect(read("can i return it once returned")).toEqual([]);
  });
});

describe("English word forms in questions (hearthwell)", () => {
  it("reads 'did … install' as the installations metric, with a note", () => {
    const question = "How many water heaters did the Southwest zone install in March 2024?";
    expect(asked(hearthwell, question)).toEqual([
      "installations product_line=WaterHeater,service_zone=Southwest",
    ]);
    expect(plan(hearthwell, question).warnings).toContain('read "install" as "installs"');
  });

  it("reads 'installed' the same way", () => {
    const outcome = plan(hearthwell, "Dishwashers installed in the Yangtze River Delta, April 2024");
    expect(asked(hearthwell, "Dishwashers installed in the Yangtze River Delta, April 2024")).toEqual([
      "installations product_line=Dishwasher,service_zone=YRD",
    ]);
    expect(outcome.corrections).toEqual([
      { written: "installed", corrected: "installs", reason: "word_form" },
    ]);
  });

  it("reads a hyphenated value as its spaced synonym, silently", () => {
    const outcome = plan(hearthwell, "range-hood claim rates in Guangdong zone in February 2024");
    expect(asked(hearthwell, "range-hood claim rates in Guangdong zone in February 2024")).toEqual([
      "warranty_claim_rate product_line=RangeHood,service_zone=Guangdong",
    ]);
    expect(outcome.corrections).toEqual([]);
  });

  it("keeps a warranty question about an installed appliance a policy question", () => {
    const question = "Does the warranty still cover an air conditioner installed by someone else?";
    expect(asked(hearthwell, question)).toEqual(["text"]);
    expect(found(hearthwell, question)).not.toContain("metric:installations");
  });
});

describe("English word forms in questions (demo)", () => {
  it("reads 'the CRM released' as the CRM release event, not a typo to ask about", () => {
    const question = "Did the CRM released in February 2024 change complaints?";
    expect(plan(demo, question).clarification).toBeUndefined();
    expect(asked(demo, question)).toEqual(["complaints", "event:crm_release"]);
  });

  it("never reads the verb 'return' or 'returned' as the returns metric", () => {
    for (const question of [
      "Could I return a scratched lamp I bought last week?",
      "Is the postage refunded when a returned parcel is opened?",
    ]) {
      expect(found(demo, question), question).not.toContain("metric:return_rate");
      expect(asked(demo, question), question).not.toContain("return_rate");
    }
    // The catalog's own word still is the metric.
    expect(asked(demo, "returns of product C in North China, May 2024")).toEqual([
      "return_rate product=C,region=North",
    ]);
  });
});

describe("English word forms in questions (lanting, subscriptions)", () => {
  it("reads 'a dirty room' as the dirty-rooms complaint type (no silent drop)", () => {
    expect(asked(lanting, "complaints about a dirty room at the Suzhou hotel in May 2024")).toEqual([
      "guest_complaints complaint_type=Cleanliness,hotel=Suzhou",
    ]);
  });

  it("reads 'refurbishing' as the renovation event, with a note", () => {
    const question = "Did refurbishing the Nanjing hotel change review scores in 2024?";
    expect(asked(lanting, question)).toEqual([
      "event:renovation hotel=Nanjing",
      "review_score hotel=Nanjing",
    ]);
    expect(plan(lanting, question).warnings).toContain('read "refurbishing" as "refurbishment"');
  });

  it("does not guess a measure from 'rated', a stem three entries share", () => {
    const question = "How were the rooms rated at the Hangzhou hotel in March 2024?";
    expect(found(lanting, question).filter((mention) => mention.startsWith("metric:"))).toEqual([]);
    expect(plan(lanting, question).plan).toBeUndefined();
  });

  it("reads a dimension value only from its own inflections", () => {
    const question = "Basically, what was the churn in Japan in May 2024?";
    expect(found(subscriptions, question)).not.toContain("dimension:Basic");
    expect(asked(subscriptions, question)).toEqual(["churn_rate country=Japan"]);
    expect(found(lanting, "directions to the Shanghai hotel")).not.toContain("dimension:Direct");
  });

  it("reads 'pro-plan users churned' as the Pro plan's churn rate", () => {
    expect(asked(subscriptions, "How many pro-plan users churned in Germany in Q1 2024?")).toEqual([
      "churn_rate country=Germany,plan=Pro",
    ]);
  });
});
