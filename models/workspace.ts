import { z } from "zod";
import { nameRecord } from "./name-record.js";
import { Name } from "./plan.js";
import type { SourceKindDescriptor } from "./source-kind.js";
import { BiDashboardSource, biDashboardKind } from "./sources/bi-dashboard-source.js";
import { FileSource, fileKind } from "./sources/file-source.js";
import { PdfKnowledgeBaseSource, pdfKnowledgeBaseKind } from "./sources/pdf-kb-source.js";
import { TicketsSource, ticketsKind } from "./sources/tickets-source.js";

/** A catalog label: one string, or one per answer language (`{ en: Return rate, zh-Hans: 退货率 }`). */
export const CatalogLabel = z
  .union([
    z.string(),
    z
      .object({ en: z.string().min(1), "zh-Hans": z.string().min(1), "zh-Hant": z.string().min(1) })
      .partial()
      .strict()
      .refine((labels) => Object.keys(labels).length > 0, {
        message: "give at least one of en, zh-Hans, zh-Hant",
      }),
  ])
  .describe("one label, or one per language: { en, zh-Hans, zh-Hant } (any of them)");
export type CatalogLabels = Partial<Record<"en" | "zh-Hans" | "zh-Hant", string>>;

// `label` stays the English (or only) label for every reader; the per-language ones go to `labels`,
// so an English answer never prints a Chinese label and a Chinese answer can use its own.
function splitLabel<T extends { label?: z.infer<typeof CatalogLabel> }>(
  value: T,
): Omit<T, "label"> & { label?: string; labels?: CatalogLabels } {
  const { label, ...rest } = value;
  if (label === undefined) return rest;
  if (typeof label === "string") return { ...rest, label };
  return { ...rest, ...(label.en ? { label: label.en } : {}), labels: label };
}

/** Units a metric may have: percent and the other parts of a whole (per mille, basis points, ppm), count, a currency code (CNY, kCNY, mUSD), a time unit, or a score. */
export const KNOWN_UNITS = [
  "percent",
  "per_mille",
  "basis_points",
  "ppm",
  "count",
  "ratio",
  "score",
  "points",
  "seconds",
  "minutes",
  "hours",
  "days",
  "weeks",
  "months",
  "years",
];
export const CURRENCY_UNIT = /^[km]?[A-Z]{3}$/;

export const Metric = z
  .object({
    label: CatalogLabel.optional(),
    unit: z
      .string()
      .optional()
      .describe(
        `${KNOWN_UNITS.join(", ")}, or a currency code (CNY, kCNY, mUSD: an optional k or m, then three capitals)`,
      ),
    synonyms: z.array(z.string()).default([]),
    /** Direction that is good, used in wording trends. */
    higher_is: z.enum(["better", "worse", "neutral"]).default("neutral"),
    /**
     * Ask every source offering the metric (true: the others cross-check the most trusted and hold
     * the number when it fails) or only the most trusted (false: the others are fallbacks the
     * reflector switches to when it fails). Default: `reflector.check_conflicts`.
     */
    cross_check: z.boolean().optional(),
    /** The only sources this metric is asked of, as a fallback too (default: every source offering it). */
    sources: z.array(Name).min(1).optional(),
    /**
     * Sources offering the metric that are not asked beside the others (an export holding the same
     * figures as its dashboard would count them twice) but asked in place of a source that fails.
     */
    fallback: z.array(Name).min(1).optional(),
  })
  .strict()
  .transform(splitLabel);
export type Metric = z.infer<typeof Metric>;

export const Dimension = z
  .object({
    label: CatalogLabel.optional(),
    synonyms: z.array(z.string()).default([]),
    /** Canonical value → its synonyms in any language. */
    values: nameRecord(z.string(), z.array(z.string())),
  })
  .strict()
  .transform(splitLabel);
export type Dimension = z.infer<typeof Dimension>;

export const CatalogEvent = z
  .object({ label: CatalogLabel.optional(), synonyms: z.array(z.string()).default([]) })
  .strict()
  .transform(splitLabel);

export const Topic = z
  .object({ label: CatalogLabel.optional(), synonyms: z.array(z.string()).default([]) })
  .strict()
  .transform(splitLabel);

/** The vocabulary the planner plans from. */
export const Catalog = z
  .object({
    metrics: nameRecord(Name, Metric).prefault({}),
    dimensions: nameRecord(Name, Dimension).prefault({}),
    events: nameRecord(Name, CatalogEvent).prefault({}),
    topics: nameRecord(Name, Topic).prefault({}),
    /** Broadening drops the last of these first. */
    filter_importance: z.array(Name).default([]),
  })
  .strict();
export type Catalog = z.infer<typeof Catalog>;

export const SourceConfig = z.discriminatedUnion("kind", [
  FileSource,
  BiDashboardSource,
  TicketsSource,
  PdfKnowledgeBaseSource,
]);
export type SourceConfig = z.infer<typeof SourceConfig>;
export type SourceKind = SourceConfig["kind"];

/**
 * Every kind's descriptor (models/source-kind.ts), the one place the rest of the program learns
 * what a kind offers. A kind in SourceConfig without an entry here, an entry without a kind, or a
 * descriptor of another kind's config fails to compile.
 */
export const sourceKinds = {
  file: fileKind,
  bi_dashboard: biDashboardKind,
  tickets: ticketsKind,
  pdf_kb: pdfKnowledgeBaseKind,
} satisfies { [Kind in SourceKind]: SourceKindDescriptor<Extract<SourceConfig, { kind: Kind }>> };

/** The descriptor of a configured source's kind. */
export function sourceKindOf(source: SourceConfig): SourceKindDescriptor<SourceConfig> {
  // The table pairs each kind with the descriptor of that kind's config, so the widening is safe.
  return sourceKinds[source.kind] as SourceKindDescriptor<SourceConfig>;
}

/** The descriptor of a kind given by name (a capability's or an offer's `kind`), if it is a kind. */
export function sourceKindNamed(kind: string): SourceKindDescriptor<SourceConfig> | undefined {
  if (!Object.hasOwn(sourceKinds, kind)) return undefined;
  return (sourceKinds as Record<string, SourceKindDescriptor<SourceConfig>>)[kind];
}

/** The names a sub-goal's `dataset` may take on a source, in YAML order. */
export function sectionNames(source: SourceConfig): string[] {
  return sourceKindOf(source)
    .sections(source)
    .map((section) => section.name);
}

export const ConflictPolicy = z.enum(["weighted_mean", "highest_trust", "flag"]);

export const ReflectorSettings = z
  .object({
    max_iterations: z.number().int().min(0).max(10).default(3),
    deadline_seconds: z.number().positive().max(3600).default(120),
    conflict: z
      .object({
        tolerance: z.number().min(0).max(1).default(0.05),
        policy: ConflictPolicy.default("weighted_mean"),
      })
      .strict()
      .default({ tolerance: 0.05, policy: "weighted_mean" }),
    /** Check every source offering a metric, to catch conflicts. */
    check_conflicts: z.boolean().default(true),
    agentic_max_steps: z.number().int().min(1).max(10).default(3),
    min_docs_to_answer: z.number().int().min(1).max(20).default(1),
  })
  .strict();
export type ReflectorSettings = z.infer<typeof ReflectorSettings>;

export const ExecutorSettings = z
  .object({
    concurrency: z.number().int().min(1).max(64).default(6),
    step_timeout_seconds: z.number().positive().max(600).default(30),
    deadline_seconds: z.number().positive().max(3600).default(120),
  })
  .strict();
export type ExecutorSettings = z.infer<typeof ExecutorSettings>;

export const ModelSettings = z
  .object({
    provider: z.literal("ollama").default("ollama"),
    host: z.string().default("http://127.0.0.1:11434"),
    /** Model used for planning; absent means the catalog planner. */
    planner: z.string().optional(),
    /** Model used to phrase answers; absent means templates only. */
    writer: z.string().optional(),
    /** Model used to grade passages; absent means the deterministic grader. */
    grader: z.string().optional(),
    temperature: z.number().min(0).max(2).default(0.1),
    timeout_seconds: z.number().positive().max(600).default(60),
  })
  .strict();
export type ModelSettings = z.infer<typeof ModelSettings>;

/** A browser server's address: a ws:// or wss:// URL (Playwright's `wsEndpoint()`). */
const WebSocketEndpoint = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "ws:" || url.protocol === "wss:") && url.hostname !== "";
  } catch {
    return false;
  }
}, "a ws:// or wss:// URL of a Playwright browser server, such as ws://browsers.internal:3000/<token>");

export const BrowserSettings = z
  .object({
    /** Unset: chromium-headless-shell when headless and installed, else /usr/bin/chromium. */
    executable_path: z.string().min(1).optional(),
    headless: z.boolean().default(true),
    /**
     * A Playwright browser server to connect to (`chromium.launchServer` on another process or
     * host) instead of launching Chromium here: ws:// or wss://.
     */
    ws_endpoint: WebSocketEndpoint.optional(),
    /** Several browser servers: each process starts at a different one and moves on when one is down. */
    ws_endpoints: z.array(WebSocketEndpoint).min(1).max(64).optional(),
  })
  .strict()
  .refine((settings) => !(settings.ws_endpoint && settings.ws_endpoints), {
    message: "give either browser.ws_endpoint or browser.ws_endpoints, not both",
    path: ["ws_endpoints"],
  });
export type BrowserSettings = z.infer<typeof BrowserSettings>;

/** The remote browser servers of the `browser` section, in the order written (none: launch locally). */
export function browserEndpoints(settings: { ws_endpoint?: string; ws_endpoints?: string[] }): string[] {
  return settings.ws_endpoints ?? (settings.ws_endpoint ? [settings.ws_endpoint] : []);
}

/**
 * The company's fiscal year, for questions that name fiscal periods ("FY24 Q1", "2024财年第一季度",
 * "fiscal Q2"). Without it a fiscal period in a question is asked back, never read as a calendar one.
 */
export const FiscalYear = z
  .object({
    /** Month (1–12) the fiscal year starts in (4: April). */
    start: z.number().int().min(1).max(12),
    /** "FY24" is the fiscal year ending in 2024 (end, the default: US, UK, Australia) or starting in it (start: Japan, India). */
    named_by: z.enum(["start", "end"]).default("end"),
  })
  .strict();
export type FiscalYear = z.infer<typeof FiscalYear>;

/**
 * Where run history and run folders are kept. Default: SQLite in .triangulate/history.sqlite and
 * run folders in .triangulate/runs, for one machine. Many workers share a PostgreSQL (`store:
 * postgres`, `url`) and a runs folder every worker mounts (`runs_directory`); docs/deployment.md.
 */
export const HistorySettings = z
  .object({
    /** sqlite (one machine, the default) or postgres (every worker reaches the same server). */
    store: z.enum(["sqlite", "postgres"]).default("sqlite"),
    /** postgres://user:password@host:port/database (usually "${DATABASE_URL}"); its password is hidden in all output. */
    url: z.string().optional(),
    /**
     * The folder run folders are written to: relative to the workspace (kept inside it), or an
     * absolute path every worker mounts, which may lie outside the workspace because it is given here.
     */
    runs_directory: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((history, context) => {
    if (history.store === "postgres" && !history.url)
      context.addIssue({
        code: "custom",
        path: ["url"],
        message: `store: postgres needs url: "postgres://user:password@host:5432/database" (for example "\${DATABASE_URL}")`,
      });
    if (history.store === "sqlite" && history.url !== undefined)
      context.addIssue({
        code: "custom",
        path: ["url"],
        params: { secret: true },
        message:
          "url is for store: postgres; the sqlite history is .triangulate/history.sqlite in the workspace",
      });
    if (history.url && !/^postgres(ql)?:\/\/[^\s]+$/.test(history.url))
      context.addIssue({
        code: "custom",
        path: ["url"],
        // The value itself is not repeated: it may hold a password.
        params: { secret: true },
        message:
          "url must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database)",
      });
  });
export type HistorySettings = z.infer<typeof HistorySettings>;

/** The whole of triangulate.yaml after ${VAR} substitution and validation. */
export const WorkspaceConfig = z
  .object({
    name: z.string().optional(),
    /** Default language of answers when the question does not decide it. */
    language: z.enum(["en", "zh-Hans", "zh-Hant"]).default("en"),
    fiscal_year: FiscalYear.optional(),
    catalog: Catalog.prefault({}),
    sources: nameRecord(Name, SourceConfig),
    reflector: ReflectorSettings.default(ReflectorSettings.parse({})),
    executor: ExecutorSettings.default(ExecutorSettings.parse({})),
    model: ModelSettings.optional(),
    browser: BrowserSettings.default({ headless: true }),
    history: HistorySettings.default({ store: "sqlite" }),
  })
  .strict();
export type WorkspaceConfig = z.infer<typeof WorkspaceConfig>;
