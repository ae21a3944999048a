import { z } from "zod";

// What an HTTP source's requests say (adapters/tickets/): the request, the credentials, the
// response's size and shape, paging and the mapping of its fields.

/** Where a person sets the credentials a source sends: its ${VAR}s, or the YAML path of its auth. */
export const CredentialPlace = z.object({ variables: z.array(z.string()), where: z.string() });
export type CredentialPlace = z.infer<typeof CredentialPlace>;

/** An HTTP source's messages. */
export const REQUEST_MESSAGES = [
  /** The request was cancelled, by the step's deadline or by the caller. */
  z.object({
    code: z.literal("request_cancelled"),
    method: z.string(),
    url: z.string(),
    byStep: z.boolean(),
    timeoutSeconds: z.number(),
  }),
  /** The request failed before any answer (a network error, in its own words). */
  z.object({ code: z.literal("request_failed"), method: z.string(), url: z.string(), detail: z.string() }),
  /** The server refused the credentials (401/403). */
  z.object({
    code: z.literal("credentials_refused"),
    source: z.string(),
    status: z.number(),
    check: CredentialPlace,
  }),
  /** The JSON answer is nested deeper than triangulate reads. */
  z.object({
    code: z.literal("response_too_deep"),
    source: z.string(),
    url: z.string(),
    limit: z.number(),
    at: z.number(),
  }),
  /** The answer is larger than the source's max_response_bytes. */
  z.object({
    code: z.literal("response_too_large"),
    source: z.string(),
    url: z.string(),
    limit: z.number(),
    /** The size the server declared (Content-Length), when it declared one; else more than `limit` arrived. */
    declared: z.number().optional(),
  }),
  /** The connection broke while the answer was read. */
  z.object({ code: z.literal("connection_broke"), source: z.string(), url: z.string() }),
  /** Paging went past max_pages. */
  z.object({ code: z.literal("too_many_pages"), maxPages: z.number() }),
  /** The server gave the same cursor twice. */
  z.object({ code: z.literal("cursor_repeated"), cursor: z.string() }),
  /** The Link header pointed back to a page already read. */
  z.object({ code: z.literal("link_repeated") }),
  /** The Link header pointed to another site. */
  z.object({ code: z.literal("link_outside"), base: z.string() }),
  /** A field's JSONPath found nothing on a record. */
  z.object({
    code: z.literal("field_path_unmatched"),
    field: z.string(),
    path: z.string(),
    record: z.string(),
  }),
  /** A field's value is not of its declared type. */
  z.object({
    code: z.literal("field_value_wrong_type"),
    field: z.string(),
    value: z.string(),
    path: z.string(),
    record: z.string(),
    expected: z.enum(["number", "boolean", "date", "date_time", "one_of"]),
    choices: z.array(z.string()).optional(),
  }),
  /** The search's records path found nothing in a response (`url`) or in a sample (no `url`). */
  z.object({ code: z.literal("records_path_unmatched"), path: z.string(), url: z.string().optional() }),
  /** A name in a search's params could not be turned into the server's id: its lookup failed (its words). */
  z.object({
    code: z.literal("lookup_failed"),
    where: z.string(),
    value: z.string(),
    endpoint: z.string(),
    detail: z.string(),
  }),
  /** The server has no such named thing (a queue, a project) for a search's params. */
  z.object({
    code: z.literal("lookup_name_unknown"),
    where: z.string(),
    kind: z.string(),
    name: z.string(),
    available: z.array(z.string()),
  }),
  /** Changelogs were asked for and some records came without one. */
  z.object({
    code: z.literal("changelogs_missing"),
    search: z.string(),
    source: z.string(),
    missing: z.number(),
    records: z.number(),
    where: z.string(),
    examples: z.array(z.string()),
  }),
  /** A record's changelog has more pages than max_pages. */
  z.object({ code: z.literal("changelog_too_long"), record: z.string(), maxPages: z.number() }),
  /** The YAML maps a dimension the catalog lacks, or a value the dimension lacks, onto stored values. */
  z.object({
    code: z.literal("stored_value_unknown"),
    where: z.string(),
    dimension: z.string(),
    value: z.string().optional(),
    available: z.array(z.string()),
  }),
  /** A search found no record. */
  z.object({
    code: z.literal("search_found_nothing"),
    search: z.string(),
    source: z.string(),
    query: z.string().optional(),
  }),
  /** Filtering the records the search found left none. */
  z.object({
    code: z.literal("search_filtered_out"),
    search: z.string(),
    source: z.string(),
    filters: z.array(z.string()),
  }),
] as const;
