import { z } from "zod";
import { Name } from "../plan.js";
import { Offers, sourceCommonShape } from "./common.js";

export const TicketsAuth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }).strict(),
  z.object({ type: z.literal("bearer"), token: z.string() }).strict(),
  z.object({ type: z.literal("basic"), username: z.string(), password: z.string() }).strict(),
  z.object({ type: z.literal("header"), header: z.string(), value: z.string() }).strict(),
]);
export type TicketsAuth = z.infer<typeof TicketsAuth>;

/** An output column taken from each record by a JSONPath, with a type. */
export const FieldMapping = z.union([
  z.string(),
  z
    .object({
      path: z.string(),
      type: z.enum(["string", "number", "date", "datetime", "enum", "boolean"]).default("string"),
      /** For enum: raw value → output value. */
      map: z.record(z.string(), z.string()).optional(),
      default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      optional: z.boolean().default(false),
    })
    .strict(),
]);
export type FieldMapping = z.infer<typeof FieldMapping>;

export const Pagination = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }).strict(),
  z
    .object({
      type: z.literal("offset"),
      start_param: z.string().default("startAt"),
      size_param: z.string().default("maxResults"),
      total_path: z.string().default("$.total"),
      page_size: z.number().int().min(1).max(1000).default(100),
    })
    .strict(),
  z
    .object({
      type: z.literal("page"),
      page_param: z.string().default("page"),
      size_param: z.string().default("per_page"),
      page_size: z.number().int().min(1).max(1000).default(100),
      first_page: z.number().int().default(1),
    })
    .strict(),
  z
    .object({
      type: z.literal("cursor"),
      cursor_param: z.string().default("nextPageToken"),
      cursor_path: z.string().default("$.nextPageToken"),
      last_path: z.string().default("$.isLast"),
      size_param: z.string().default("maxResults"),
      page_size: z.number().int().min(1).max(1000).default(100),
    })
    .strict(),
  z.object({ type: z.literal("link_header") }).strict(),
]);
export type Pagination = z.infer<typeof Pagination>;

export const TicketSearch = z
  .object({
    /** Path relative to base_url; the preset supplies it when absent. */
    endpoint: z.string().optional(),
    /** Extra query parameters; values may use {placeholders}. */
    params: z.record(z.string(), z.string()).default({}),
    /** A JQL template; {from}, {to} and filter placeholders are quoted for JQL. */
    jql: z.string().optional(),
    /** JSONPath to the array of records in one page. */
    records: z.string().optional(),
    pagination: Pagination.optional(),
    fields: z.record(Name, FieldMapping),
    /** Flatten changelog histories / journals into event records. */
    changelog: z.boolean().default(false),
    offers: Offers.default({ metrics: [], dimensions: [], events: [], topics: [] }),
  })
  .strict();
export type TicketSearch = z.infer<typeof TicketSearch>;

export const TicketsSource = z
  .object({
    kind: z.literal("tickets"),
    ...sourceCommonShape,
    preset: z.enum(["generic", "jira-v2", "jira-v3", "redmine"]).default("generic"),
    base_url: z.url(),
    fallback_base_url: z.url().optional(),
    project: z.string().optional(),
    auth: TicketsAuth.default({ type: "none" }),
    max_pages: z.number().int().min(1).max(10_000).default(100),
    max_response_bytes: z.number().int().min(1024).default(20 * 1024 * 1024),
    searches: z.record(Name, TicketSearch),
  })
  .strict();
export type TicketsSource = z.infer<typeof TicketsSource>;
