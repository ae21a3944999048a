import pLimit from "p-limit";
import { describeSource } from "../../config/describe-sources.js";
import type { Redactor } from "../../config/redactor.js";
import type { Workspace } from "../../config/workspace.js";
import { isWhollyOptional } from "../../domain/placeholder-template.js";
import type { CellValue, Column, FilterMismatch, Provenance, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { SourceCapabilities } from "../../models/source-capabilities.js";
import type { TicketsSource } from "../../models/sources/tickets-source.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import type { CredentialPlace } from "../../models/step-messages/request-messages.js";
import type {
  AdapterFactory,
  MappingTestResult,
  RawResponse,
  SourceAdapter,
  StepContext,
} from "../adapter.js";
import { authHeaders, credentialPlaceOf } from "../shared/credentials.js";
import {
  type ChangeEvent,
  correctedDates,
  type FieldValueNames,
  flattenChangelog,
} from "./changelog-events.js";
import {
  type CompiledField,
  columnTypeOf,
  compileFields,
  type FieldMiss,
  mapRecord,
  recordLabel,
} from "./field-mapping.js";
import { type FilteredOut, filteredOutByServer, storedValueWarnings } from "./filter-mismatch.js";
import { type CompiledPath, compilePath } from "./json-path.js";
import { type FetchPage, type Page, type PagedRecords, paginate } from "./paginate.js";
import { PRESETS, type ResolvedSearch, resolveSearch, type ValueNames } from "./presets.js";
import { encodePathSegment, fillTemplate, placeholdersOf, type TemplateValues } from "./query-template.js";
import { readRevisions } from "./revisions.js";
import { joinUrl, SearchConnection } from "./search-connection.js";
import { UpstreamValues } from "./upstream-values.js";

/** What fetch hands to normalize: the raw records of every page, changelogs fetched apart, notes. */
export interface TicketsRawBody {
  search: string;
  records: unknown[];
  /** Issue key → change sets fetched from the changelog endpoint (when the search page held only part). */
  changelogs: Record<string, unknown[]>;
  notes: string[];
  /** Filters the server could not apply (no placeholder): applied to the mapped rows. */
  clientFilters: string[];
  /** Whether the period still has to be checked on the mapped rows. */
  clientPeriod: boolean;
  /** Names for id-valued changelog fields (Redmine status_id → status names). */
  valueNames?: FieldValueNames;
  /** Custom field id → name (Redmine journals name a custom field by its id). */
  customFieldNames?: Record<string, string>;
  /** What a person must be told about this read (a server-side filter that found nothing while records match). */
  warnings?: string[];
  /** The same, as data for the answer (said in the question's language). */
  filterMismatches?: FilterMismatch[];
}

/** The result of running a mapping leniently, for `triangulate sources test`: rows plus every field that matched nothing. */
export type TicketsMappingResult = MappingTestResult;

/** A search's request with the sub-goal's values filled in; `where` is its YAML path, for messages. */
interface FilledRequest {
  where: string;
  endpoint: string;
  params: Record<string, string>;
}

const CHANGE_COLUMNS: Column[] = [
  { name: "key", type: "string" },
  { name: "field", type: "string" },
  { name: "from", type: "string" },
  { name: "to", type: "string" },
  { name: "at", type: "date" },
  { name: "author", type: "string" },
];

const EPOCH_START = "1970-01-01";

/**
 * At most this many pages are read again without the filters when a filtered read found nothing:
 * enough to see whether records hold the value, bounded so an empty answer stays cheap.
 */
const RECHECK_MAX_PAGES = 10;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The tickets adapter: reads Jira, Redmine or any JSON REST API through YAML-configured searches.
 * Requests are built only from the YAML's templates with every plan value escaped for its target,
 * so a plan can change what is searched for but never the shape or address of a query.
 */
export class TicketsAdapter implements SourceAdapter {
  readonly kind = "tickets" as const;
  private readonly redactor: Redactor;
  private readonly headers: Record<string, string>;
  private readonly credentialHint: CredentialPlace;
  private readonly searches = new Map<string, { resolved?: ResolvedSearch; problems: string[] }>();
  private readonly compiled = new Map<string, { fields: CompiledField[]; records: CompiledPath }>();
  private upstreamValues?: UpstreamValues;

  constructor(
    readonly name: string,
    private readonly config: TicketsSource,
    private readonly workspace: Workspace,
  ) {
    const auth = authHeaders(config.auth);
    this.headers = { accept: "application/json", "user-agent": "triangulate", ...auth.headers };
    this.redactor = workspace.redactor.with(auth.secrets);
    this.credentialHint = credentialPlaceOf(workspace.file, name);
    for (const [searchName, search] of Object.entries(config.searches))
      this.searches.set(searchName, resolveSearch(config, searchName, search));
  }

  /** What the searches offer; changelog searches add their event columns. */
  describe(): SourceCapabilities {
    const described = describeSource(this.name, this.config);
    for (const dataset of described.datasets) {
      const search = this.config.searches[dataset.name];
      const extra = [
        ...(search?.changelog !== false ? CHANGE_COLUMNS.map((column) => column.name) : []),
        ...(search?.event ? ["event"] : []),
      ];
      dataset.columns = [...new Set([...extra, ...dataset.columns])];
    }
    return described;
  }

  /** The resolved search a sub-goal names (its dataset, or the only search); config_error otherwise. */
  resolve(goal: Pick<SubGoal, "dataset">): ResolvedSearch {
    const names = [...this.searches.keys()];
    const name = goal.dataset ?? (names.length === 1 ? names[0] : undefined);
    if (!name)
      throw codedStepError("config_error", { code: "search_unnamed", source: this.name, searches: names });
    const entry = this.searches.get(name);
    if (!entry)
      throw codedStepError(
        "config_error",
        { code: "dataset_unknown", source: this.name, section: "search", dataset: name, available: names },
        { locator: `searches.${name}` },
      );
    if (!entry.resolved)
      throw codedStepError(
        "config_error",
        { code: "search_misconfigured", source: this.name, problems: entry.problems },
        { locator: `searches.${name}` },
      );
    return entry.resolved;
  }

  private compiledFor(search: ResolvedSearch) {
    let compiled = this.compiled.get(search.name);
    if (!compiled) {
      compiled = { fields: compileFields(search.search.fields), records: compilePath(search.records) };
      this.compiled.set(search.name, compiled);
    }
    return compiled;
  }

  /** Template values of a sub-goal: the period (defaulting to everything up to as-of), the project, its filters. */
  private templateValues(goal: SubGoal, asOf: string): TemplateValues {
    const period = goal.params.period;
    const from = period?.from ?? EPOCH_START;
    const to = period?.to ?? asOf;
    const values: TemplateValues = {
      from,
      to,
      to_exclusive: nextDay(to),
      ...(this.config.project ? { project: this.config.project } : {}),
    };
    for (const [dimension, value] of Object.entries(goal.params.filters ?? {})) {
      if (!(dimension in values)) values[dimension] = this.upstream().toUpstream(dimension, value);
    }
    return values;
  }

  /** The source's `values:` mapping, checked against the catalog on first use (a config_error when wrong). */
  private upstream(): UpstreamValues {
    this.upstreamValues ??= new UpstreamValues(this.config.values, this.workspace.config.catalog, this.name);
    return this.upstreamValues;
  }

  /** Fetches every page of the sub-goal's search (and the rest of any truncated changelog). */
  async fetch(goal: SubGoal, context: StepContext): Promise<RawResponse> {
    const search = this.resolve(goal);
    const values = this.templateValues(goal, context.asOf);
    const { clientFilters, clientPeriod } = this.clientSide(search, goal, context);
    const request = this.filledRequest(search, values);
    const connection = new SearchConnection(
      {
        sourceName: this.name,
        searchName: search.name,
        method: search.method,
        baseUrl: this.config.base_url,
        fallbackBaseUrl: this.config.fallback_base_url,
        headers: this.headers,
        redactor: this.redactor,
        credentialHint: this.credentialHint,
        timeoutMs: requestTimeoutMs(this.config.timeout_seconds, context),
        maxBytes: this.config.max_response_bytes,
      },
      context,
    );
    const namesOf = (lookup: ValueNames) => connection.namesOf(lookup);
    await this.resolveNamedParams(request.params, namesOf, request.where);
    // Revisions listed beside the records (JSON:API included[]), collected page by page.
    const included: unknown[] = [];
    const paged = await paginate(
      search.pagination,
      this.config.max_pages,
      this.pageFetcher(search, request, connection),
      this.recordsReader(search, included),
    );
    const warnings: string[] = [];
    const filterMismatches: FilterMismatch[] = [];
    if (paged.records.length === 0) {
      const refused = await this.filteredOutByServer(search, goal, values, connection, included, context);
      if (refused) {
        paged.records = refused.records;
        clientFilters.push(...refused.dimensions);
        warnings.push(refused.warning);
        filterMismatches.push(...refused.mismatches);
        context.trace(
          "tickets:filter",
          `${search.name}:server filter ${refused.dimensions.join(",")} found nothing; filtered after reading`,
        );
      }
    }
    const changes = await this.readChanges(search, paged, included, connection, context);
    const { params } = request;
    if (paged.records.length === 0 && !search.search.empty_is_answer) {
      throw codedStepError(
        "no_results",
        {
          code: "search_found_nothing",
          search: search.name,
          source: this.name,
          ...(params[search.jqlParam] ? { query: this.redactor.text(params[search.jqlParam]) } : {}),
        },
        { url: connection.firstRequest },
      );
    }
    const body: TicketsRawBody = {
      search: search.name,
      records: paged.records,
      changelogs: changes.changelogs,
      notes: paged.notes,
      clientFilters,
      clientPeriod,
      ...(changes.valueNames ? { valueNames: changes.valueNames } : {}),
      ...(changes.customFieldNames ? { customFieldNames: changes.customFieldNames } : {}),
      ...(warnings.length > 0 ? { warnings, filterMismatches } : {}),
    };
    const { requests, fallbackUsed } = connection;
    return {
      request: connection.firstRequest + (requests > 1 ? ` (+${requests - 1} more requests)` : ""),
      httpStatus: 200,
      body,
      contentType: "application/json",
      meta: { pages: paged.pages, requests, records: paged.records.length, fallbackUsed, clientFilters },
    };
  }

  /** The records a server-side filter missed (see filter-mismatch.ts), read again without the filters. */
  private filteredOutByServer(
    search: ResolvedSearch,
    goal: SubGoal,
    values: TemplateValues,
    connection: SearchConnection,
    included: unknown[],
    { signal, trace }: Pick<StepContext, "signal" | "trace">,
  ): Promise<FilteredOut | undefined> {
    const templates = [search.endpoint, search.jql ?? "", ...Object.values(search.params)].join("\n");
    return filteredOutByServer({
      sourceName: this.name,
      filters: goal.params.filters ?? {},
      serverSide: [...new Set(placeholdersOf(templates))],
      sent: values,
      fields: this.compiledFor(search).fields,
      catalog: this.workspace.config.catalog,
      upstream: this.upstream(),
      readWithout: async (without) => {
        let request: FilledRequest;
        try {
          request = this.filledRequest(search, without);
        } catch {
          return undefined;
        }
        // The check must not turn an empty answer into a failure: a re-read that is too long or
        // fails leaves the empty result as it was (an abort still ends the step).
        try {
          await this.resolveNamedParams(
            request.params,
            (lookup) => connection.namesOf(lookup),
            request.where,
          );
          const paged = await paginate(
            search.pagination,
            Math.min(this.config.max_pages, RECHECK_MAX_PAGES),
            this.pageFetcher(search, request, connection),
            this.recordsReader(search, included),
          );
          return paged.records;
        } catch (error) {
          if (signal.aborted) throw error;
          trace(
            "tickets:filter",
            `${search.name}:re-read without the filters not possible (${error instanceof Error ? error.message : String(error)})`,
          );
          return undefined;
        }
      },
    });
  }

  /**
   * The filters and period the server cannot apply (no placeholder in the search's templates),
   * to apply to the mapped rows; a filter the search maps no field for is a format_error.
   */
  private clientSide(
    search: ResolvedSearch,
    goal: SubGoal,
    context: StepContext,
  ): { clientFilters: string[]; clientPeriod: boolean } {
    const templates = [search.endpoint, search.jql ?? "", ...Object.values(search.params)].join("\n");
    const serverSide = new Set(placeholdersOf(templates));
    const clientFilters = Object.keys(goal.params.filters ?? {}).filter(
      (dimension) => !serverSide.has(dimension),
    );
    for (const dimension of clientFilters) {
      if (!(dimension in search.search.fields)) {
        throw codedStepError(
          "format_error",
          { code: "filter_unsupported", search: search.name, source: this.name, dimension },
          { locator: `filters.${dimension}` },
          { retryable: false },
        );
      }
    }
    const clientPeriod =
      Boolean(goal.params.period) &&
      !serverSide.has("from") &&
      !serverSide.has("to") &&
      !serverSide.has("to_exclusive");
    if (clientPeriod && !search.search.period_field) {
      context.trace(
        "tickets:period",
        `${search.name}:period not applied (no {from}/{to} and no period_field)`,
      );
    }
    return { clientFilters, clientPeriod };
  }

  /** The search's endpoint and query parameters with the sub-goal's values filled in, each escaped for its place. */
  private filledRequest(search: ResolvedSearch, values: TemplateValues): FilledRequest {
    const where = `sources.${this.name}.searches.${search.name}`;
    const preset = PRESETS[this.config.preset];
    const endpoint = fillTemplate(search.endpoint, values, "path", `${where}.endpoint`);
    const params: Record<string, string> = Object.create(null);
    for (const [key, template] of Object.entries(search.params)) {
      const filled = fillTemplate(template, values, "text", `${where}.params.${key}`, preset.listSeparator);
      // A parameter that was all an optional part is not sent once that part is dropped: `cf_7=`
      // would ask for records whose field is blank.
      if (filled === "" && isWhollyOptional(template)) continue;
      params[key] = filled;
    }
    if (search.jql) params[search.jqlParam] = fillTemplate(search.jql, values, "jql", `${where}.jql`);
    return { where, endpoint, params };
  }

  /** Fetches one page: the search with paging parameters (GET or POST), or a Link header's next URL on the same origin. */
  private pageFetcher(
    search: ResolvedSearch,
    request: FilledRequest,
    connection: SearchConnection,
  ): FetchPage {
    const { endpoint, params } = request;
    return (paging, nextUrl) => {
      const base = connection.base;
      if (nextUrl) {
        const next = new URL(nextUrl, joinUrl(base, endpoint));
        if (next.origin !== new URL(base).origin) {
          throw codedStepError(
            "format_error",
            { code: "link_outside", base: this.redactor.text(base) },
            { locator: "Link" },
            { retryable: false },
          );
        }
        const query = Object.fromEntries(next.searchParams.entries());
        const basePath = new URL(base).pathname.replace(/\/+$/, "");
        return connection.send(
          next.pathname.startsWith(basePath) ? next.pathname.slice(basePath.length) : next.pathname,
          query,
        );
      }
      if (search.method === "POST") {
        const body: Record<string, unknown> = { ...params, ...paging };
        if (typeof body.expand === "string" && this.config.preset.startsWith("jira"))
          body.expand = String(body.expand).split(",");
        if (typeof body.fields === "string" && this.config.preset.startsWith("jira"))
          body.fields = String(body.fields).split(",");
        return connection.send(endpoint, {}, body);
      }
      return connection.send(endpoint, { ...params, ...paging });
    };
  }

  /** The records of one page at the search's records path (a format_error when it matches nothing); collects included[]. */
  private recordsReader(search: ResolvedSearch, included: unknown[]): (page: Page) => unknown[] {
    const compiled = this.compiledFor(search);
    const includedOf = search.changelog?.revisions?.included
      ? compilePath(search.changelog.revisions.included)
      : undefined;
    return (page) => {
      if (includedOf) included.push(...includedOf(page.body));
      const matches = compiled.records(page.body);
      if (matches.length === 0) {
        throw codedStepError(
          "format_error",
          { code: "records_path_unmatched", path: search.records, url: page.url },
          {
            url: page.url,
            locator: search.records,
            snippet: this.redactor.clip(JSON.stringify(page.body), 160),
          },
          { retryable: false },
        );
      }
      return matches.length === 1 && Array.isArray(matches[0]) ? (matches[0] as unknown[]) : matches;
    };
  }

  /**
   * The change sets of the fetched records: the rest of truncated changelogs, per-record
   * changelogs, revisions, and the names of id-valued and custom fields; notes go to `paged.notes`.
   */
  private async readChanges(
    search: ResolvedSearch,
    paged: PagedRecords,
    included: unknown[],
    connection: SearchConnection,
    context: StepContext,
  ): Promise<Pick<TicketsRawBody, "changelogs" | "valueNames" | "customFieldNames">> {
    const send = (path: string, query: Record<string, string | number>) => connection.send(path, query);
    const changelogs: Record<string, unknown[]> = Object.create(null);
    if (search.changelog?.shape.endpoint && search.changelog.shape.total) {
      paged.notes.push(...(await this.fetchMissingChangelogs(search, paged.records, changelogs, send)));
    }
    if (search.changelog?.shape.perRecord)
      await this.fetchRecordChangelogs(search, paged.records, changelogs, send);
    if (search.changelog?.revisions) {
      const where = `sources.${this.name}.searches.${search.name}.changelog.revisions`;
      paged.notes.push(
        ...(await readRevisions(search.changelog.revisions, paged.records, included, changelogs, {
          send,
          pages: (path, query) =>
            this.pageFetcher(
              { ...search, method: "GET" },
              { where, endpoint: path, params: query },
              connection,
            ),
          maxPages: this.config.max_pages,
          concurrency: this.config.concurrency,
          where,
        })),
      );
    }
    if (search.changelog) this.requireChangelogs(search, paged.records, changelogs);
    const namesOf = (lookup: ValueNames) => connection.namesOf(lookup);
    const valueNames = search.changelog?.shape.names
      ? await this.fetchValueNames(search, paged.records, changelogs, namesOf, paged.notes, context)
      : undefined;
    const customFieldNames = search.changelog?.shape.customFields
      ? await this.fetchCustomFieldNames(search, paged.records, changelogs, send, paged.notes, context)
      : undefined;
    return {
      changelogs,
      ...(valueNames ? { valueNames } : {}),
      ...(customFieldNames ? { customFieldNames } : {}),
    };
  }

  /**
   * Fetches the id → name tables of the id-valued fields that occur in the fetched changelogs, once
   * each. A table that cannot be read is a note (its ids are kept), never a failed step.
   */
  private async fetchValueNames(
    search: ResolvedSearch,
    records: unknown[],
    changelogs: Record<string, unknown[]>,
    namesOf: (lookup: ValueNames) => Promise<Record<string, string>>,
    notes: string[],
    context: StepContext,
  ): Promise<FieldValueNames> {
    const shape = search.changelog!.shape;
    const occurring = new Set(
      changedItems(search, records, changelogs)
        .filter(
          (item) => !shape.customFields || item[shape.customFields.property] !== shape.customFields.marker,
        )
        .map((item) => item[shape.field])
        .filter((field): field is string => typeof field === "string"),
    );
    const result: FieldValueNames = {};
    for (const lookup of shape.names ?? []) {
      if (!occurring.has(lookup.field)) continue;
      try {
        result[lookup.field] = await namesOf(lookup);
      } catch (error) {
        if (context.signal.aborted) throw error;
        notes.push(
          `names of ${lookup.field} unavailable (${error instanceof Error ? error.message : String(error)}); its changes show ids`,
        );
      }
    }
    return result;
  }

  /**
   * Plan or YAML values of named parameters (Redmine's tracker_id: Bug, status_id: In Progress)
   * become the ids the server filters by; a name the server does not list is a config error that
   * lists the names it has, never a query that silently matches nothing.
   */
  private async resolveNamedParams(
    params: Record<string, string>,
    namesOf: (lookup: ValueNames) => Promise<Record<string, string>>,
    where: string,
  ): Promise<void> {
    const preset = PRESETS[this.config.preset];
    for (const [param, rule] of Object.entries(preset.namedParams ?? {})) {
      const value = params[param];
      if (value === undefined) continue;
      const parts = value.split(preset.listSeparator).map((part) => part.trim());
      const isId = (part: string) => /^\d+$/.test(part) || rule.keep.includes(part);
      if (parts.every(isId)) continue;
      const lookup = preset.changelog?.names?.find((candidate) => candidate.field === param);
      if (!lookup) continue;
      let table: Record<string, string>;
      try {
        table = await namesOf(lookup);
      } catch (error) {
        throw codedStepError(
          "config_error",
          {
            code: "lookup_failed",
            where: `${where}.params.${param}`,
            value: String(value),
            endpoint: lookup.endpoint,
            detail: error instanceof Error ? error.message : String(error),
          },
          { locator: `params.${param}` },
        );
      }
      const ids = new Map(Object.entries(table).map(([id, name]) => [name.trim().toLowerCase(), id]));
      params[param] = parts
        .map((part) => {
          if (isId(part)) return part;
          const id = ids.get(part.toLowerCase());
          if (id === undefined)
            throw codedStepError(
              "config_error",
              {
                code: "lookup_name_unknown",
                where: `${where}.params.${param}`,
                kind: lookup.renamedTo,
                name: part,
                available: Object.values(table),
              },
              { locator: `params.${param}` },
            );
          return id;
        })
        .join(preset.listSeparator);
    }
  }

  /**
   * Reads each record's change sets from its own endpoint (Redmine's /issues/{id}.json?include=journals),
   * at most `concurrency` requests at once. A record without an id cannot be read and stays unread
   * (requireChangelogs then fails loudly).
   */
  private async fetchRecordChangelogs(
    search: ResolvedSearch,
    records: unknown[],
    changelogs: Record<string, unknown[]>,
    send: (path: string, query: Record<string, string | number>) => Promise<Page>,
  ): Promise<void> {
    const perRecord = search.changelog!.shape.perRecord!;
    const entriesOf = compilePath(perRecord.entries);
    const limit = pLimit(this.config.concurrency);
    await Promise.all(
      records.map((record, index) =>
        limit(async () => {
          const id = (record as Record<string, unknown> | null)?.[perRecord.id];
          if (typeof id !== "string" && typeof id !== "number") return;
          const page = await send(
            perRecord.endpoint.replace("{id}", encodePathSegment(String(id))),
            perRecord.params,
          );
          const entries = entriesOf(page.body)[0];
          if (Array.isArray(entries)) changelogs[recordLabel(record, index)] = entries;
        }),
      ),
    );
  }

  /** A changelog was asked for: every record must carry one, or the search fails instead of reporting no changes. */
  private requireChangelogs(
    search: ResolvedSearch,
    records: unknown[],
    changelogs: Record<string, unknown[]>,
  ): void {
    const shape = search.changelog!.shape;
    const embedded = compilePath(shape.entries);
    const unread = records
      .map((record, index) => ({ record, label: recordLabel(record, index) }))
      .filter(({ record, label }) => !changelogs[label] && !Array.isArray(embedded(record)[0]));
    if (unread.length === 0) return;
    const where = shape.perRecord
      ? `${shape.perRecord.endpoint} at ${shape.perRecord.entries}`
      : shape.entries;
    throw codedStepError(
      "format_error",
      {
        code: "changelogs_missing",
        search: search.name,
        source: this.name,
        missing: unread.length,
        records: records.length,
        where,
        examples: unread.slice(0, 3).map((item) => item.label),
      },
      { locator: shape.perRecord?.entries ?? shape.entries },
      { retryable: false },
    );
  }

  /**
   * Names of the custom fields whose changes occur (Redmine names them by id): from the admin list
   * (/custom_fields.json), else from the custom fields the records themselves carry; an id named by
   * neither is a note and its events say "custom field N".
   */
  private async fetchCustomFieldNames(
    search: ResolvedSearch,
    records: unknown[],
    changelogs: Record<string, unknown[]>,
    send: (path: string, query: Record<string, string | number>) => Promise<Page>,
    notes: string[],
    context: StepContext,
  ): Promise<Record<string, string>> {
    const shape = search.changelog!.shape;
    const custom = shape.customFields!;
    const occurring = new Set(
      changedItems(search, records, changelogs)
        .filter((item) => item[custom.property] === custom.marker)
        .map((item) => String(item[shape.field])),
    );
    const names: Record<string, string> = {};
    if (occurring.size === 0) return names;
    const collect = (listed: unknown) => {
      for (const each of Array.isArray(listed) ? listed : []) {
        const value = each as Record<string, unknown> | null;
        if (value && value[custom.id] !== undefined && typeof value[custom.name] === "string")
          names[String(value[custom.id])] ??= value[custom.name] as string;
      }
    };
    try {
      collect(compilePath(custom.records)((await send(custom.endpoint, {})).body)[0]);
    } catch (error) {
      if (context.signal.aborted) throw error;
      // Only administrators may list custom fields; the records name the ones they carry.
    }
    const onRecord = compilePath(custom.onRecord);
    for (const record of records) collect(onRecord(record)[0]);
    const unnamed = [...occurring].filter((id) => !(id in names));
    if (unnamed.length > 0)
      notes.push(
        `custom field${unnamed.length > 1 ? "s" : ""} ${unnamed.join(", ")} could not be named (${custom.endpoint} needs an administrator's key, and no record carries the field); their changes say "custom field <id>"`,
      );
    return names;
  }

  /** Jira embeds at most a page of histories per issue; the rest comes from the changelog endpoint (values / isLast). */
  private async fetchMissingChangelogs(
    search: ResolvedSearch,
    records: unknown[],
    changelogs: Record<string, unknown[]>,
    send: (path: string, query: Record<string, string | number>) => Promise<Page>,
  ): Promise<string[]> {
    const notes: string[] = [];
    const shape = search.changelog!.shape;
    const embedded = compilePath(shape.entries);
    const totalOf = compilePath(shape.total!);
    for (const record of records) {
      const key = (record as { key?: unknown })?.key;
      if (typeof key !== "string") continue;
      const histories = embedded(record)[0];
      const total = totalOf(record)[0];
      const complete = Array.isArray(histories) && (typeof total !== "number" || histories.length >= total);
      if (complete) continue;
      const values: unknown[] = [];
      const path = shape.endpoint!.replace("{key}", encodePathSegment(key));
      for (let page = 0, startAt = 0; ; page += 1) {
        if (page >= this.config.max_pages)
          throw codedStepError(
            "format_error",
            { code: "changelog_too_long", record: key, maxPages: this.config.max_pages },
            { locator: path },
            { retryable: false },
          );
        const response = await send(path, { startAt, maxResults: 100 });
        const body = response.body as { values?: unknown[]; isLast?: boolean; total?: number };
        const items = Array.isArray(body?.values) ? body.values : [];
        values.push(...items);
        startAt += items.length;
        if (
          body?.isLast === true ||
          items.length === 0 ||
          (typeof body?.total === "number" && startAt >= body.total)
        ) {
          if (typeof body?.total === "number" && values.length !== body.total)
            notes.push(
              `the changelog of ${key} reported ${body.total} entries but returned ${values.length}`,
            );
          break;
        }
      }
      changelogs[key] = values;
    }
    return notes;
  }

  /** Maps the raw records onto the search's fields; any miss is a format_error naming the path and the record. */
  normalize(raw: RawResponse, goal: SubGoal): TableEvidence {
    return this.mapRaw(raw.body as TicketsRawBody, goal).evidence;
  }

  /** Runs the mapping on a saved response (one page as the server sent it), collecting misses instead of throwing. */
  normalizeSample(body: unknown, searchName: string): TicketsMappingResult {
    const search = this.resolve({ dataset: searchName });
    const compiled = this.compiledFor(search);
    const matches = Array.isArray(body) ? [body] : compiled.records(body);
    if (matches.length === 0) {
      throw codedStepError(
        "format_error",
        { code: "records_path_unmatched", path: search.records },
        { locator: search.records, snippet: this.redactor.clip(JSON.stringify(body), 160) },
      );
    }
    const records = matches.length === 1 && Array.isArray(matches[0]) ? (matches[0] as unknown[]) : matches;
    const raw: TicketsRawBody = {
      search: searchName,
      records,
      changelogs: {},
      notes: [],
      clientFilters: [],
      clientPeriod: false,
    };
    return this.mapRaw(raw, { dataset: searchName, params: { filters: {} } }, { lenient: true });
  }

  /** Fetches live and maps leniently: what `sources test` prints without --sample. */
  async testMapping(goal: SubGoal, context: StepContext): Promise<TicketsMappingResult> {
    const raw = await this.fetch(goal, context);
    const result = this.mapRaw(raw.body as TicketsRawBody, goal, { lenient: true });
    // Values read that a filter for their catalog value would not send: said before anyone filters.
    const search = this.resolve(goal);
    const templates = [search.endpoint, search.jql ?? "", ...Object.values(search.params)].join("\n");
    const filtered = new Set(
      (raw.body as TicketsRawBody).filterMismatches?.map((mismatch) => mismatch.dimension),
    );
    const stored = storedValueWarnings({
      sourceName: this.name,
      serverSide: [...new Set(placeholdersOf(templates))].filter(
        (dimension) =>
          !filtered.has(dimension) && result.evidence.columns.some((column) => column.name === dimension),
      ),
      rows: result.evidence.rows,
      ...(result.evidence.original_values ? { originals: result.evidence.original_values } : {}),
      catalog: this.workspace.config.catalog,
      upstream: this.upstream(),
    });
    if (stored.length === 0) return result;
    return {
      ...result,
      notes: [...stored, ...result.notes],
      warnings: [...(result.warnings ?? []), ...stored],
    };
  }

  private mapRaw(
    body: TicketsRawBody,
    goal: Pick<SubGoal, "dataset" | "params">,
    options: { lenient?: boolean } = {},
  ): TicketsMappingResult {
    const search = this.resolve({ dataset: body.search ?? goal.dataset });
    const { fields } = this.compiledFor(search);
    const misses: FieldMiss[] | undefined = options.lenient ? [] : undefined;
    const fieldColumns: Column[] = fields.map((field) => ({
      name: field.name,
      type: columnTypeOf(field.type),
    }));
    const changelog = search.changelog;
    const columns: Column[] = changelog
      ? [
          ...CHANGE_COLUMNS,
          ...fieldColumns.filter((column) => !CHANGE_COLUMNS.some((fixed) => fixed.name === column.name)),
        ]
      : fieldColumns;
    if (search.search.event) columns.push({ name: "event", type: "string" });
    const rows: Record<string, CellValue>[] = [];
    const provenance: Provenance[] = [];
    const entriesOf = changelog ? compilePath(changelog.shape.entries) : undefined;
    const corrections: string[] = [];

    body.records.forEach((record, index) => {
      const label = recordLabel(record, index);
      const mapped = mapRecord(record, fields, label, misses);
      const origin: Provenance = { source: this.name, issue_key: label, ...this.recordUrl(record, label) };
      if (!changelog) {
        rows.push(search.search.event ? { ...mapped, event: search.search.event } : mapped);
        provenance.push(origin);
        return;
      }
      const fetched = body.changelogs[label];
      const embedded = entriesOf!(record)[0];
      const entries = fetched ?? (Array.isArray(embedded) ? embedded : []);
      const events: ChangeEvent[] = flattenChangelog(
        label,
        entries,
        changelog.shape,
        changelog.fields,
        body.valueNames,
        body.customFieldNames,
      );
      corrections.push(...correctedDates(events, search.name));
      for (const event of events) {
        rows.push({ ...mapped, ...event, ...(search.search.event ? { event: search.search.event } : {}) });
        provenance.push(origin);
      }
    });

    const originals = this.canonicalizeStored(rows, fields);
    const warnings = body.warnings ?? [];
    const notes = [...warnings, ...body.notes, ...corrections];
    let kept = rows.map((row, index) => ({ row, origin: provenance[index], original: originals[index] }));
    for (const dimension of body.clientFilters) {
      const wanted = this.acceptedValues(dimension, goal.params?.filters?.[dimension]);
      kept = kept.filter(
        ({ row }) => row[dimension] !== null && wanted.has(String(row[dimension]).toLowerCase()),
      );
      // A filter the server was sent but found nothing for is explained by its warning.
      if (body.filterMismatches?.some((mismatch) => mismatch.dimension === dimension)) continue;
      notes.push(
        `filter ${dimension} applied to the mapped records (the query has no {${dimension}} placeholder)`,
      );
    }
    const period = goal.params?.period;
    if (body.clientPeriod && period && search.search.period_field) {
      const column = search.search.period_field;
      kept = kept.filter(
        ({ row }) =>
          typeof row[column] === "string" &&
          (row[column] as string).slice(0, 10) >= period.from &&
          (row[column] as string).slice(0, 10) <= period.to,
      );
      notes.push(`period ${period.from}…${period.to} applied to ${column} on the mapped records`);
    }
    if (kept.length === 0 && search.search.empty_is_answer) {
      notes.push(
        `search ${search.name} found no records for this period and these filters (empty_is_answer: an empty result is the answer)`,
      );
    } else if (kept.length === 0 && !options.lenient) {
      throw codedStepError(
        "no_results",
        { code: "search_filtered_out", search: search.name, source: this.name, filters: body.clientFilters },
        {},
      );
    }
    const unmatched = new Map<
      string,
      { field: string; path: string; records: number; total: number; examples: string[] }
    >();
    for (const miss of misses ?? []) {
      const entry = unmatched.get(miss.field) ?? {
        field: miss.field,
        path: miss.path,
        records: 0,
        total: body.records.length,
        examples: [],
      };
      entry.records += 1;
      if (entry.examples.length < 3) entry.examples.push(miss.record);
      unmatched.set(miss.field, entry);
    }
    return {
      evidence: {
        kind: "table",
        columns,
        rows: kept.map((item) => item.row),
        provenance: kept.map((item) => item.origin),
        notes,
        ...(body.filterMismatches?.length ? { filter_mismatches: body.filterMismatches } : {}),
        ...(kept.some((item) => Object.keys(item.original).length > 0)
          ? { original_values: kept.map((item) => item.original) }
          : {}),
      },
      unmatched: [...unmatched.values()],
      notes,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }

  /**
   * Replaces, in the columns named after a dimension the source's `values:` maps, each stored
   * value by its canonical value; returns per row the stored text that was replaced (for citation).
   */
  private canonicalizeStored(
    rows: Record<string, CellValue>[],
    fields: CompiledField[],
  ): Record<string, string>[] {
    const mapped = fields.map((field) => field.name).filter((name) => this.upstream().maps(name));
    return rows.map((row) => {
      const original: Record<string, string> = {};
      for (const column of mapped) {
        const cell = row[column];
        if (typeof cell !== "string") continue;
        const canonical = this.upstream().toCanonical(column, cell);
        if (canonical !== undefined && canonical !== cell) {
          original[column] = cell;
          row[column] = canonical;
        }
      }
      return original;
    });
  }

  /**
   * The values a filter accepts: each plan value's canonical catalog value and all its synonyms,
   * compared case-insensitively, so "华东" and "East" select the same records.
   */
  private acceptedValues(dimension: string, value: string | string[] | undefined): Set<string> {
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const synonyms = this.workspace.config.catalog.dimensions[dimension]?.values ?? {};
    const accepted = new Set<string>();
    for (const item of values) {
      accepted.add(item.toLowerCase());
      for (const [canonical, names] of Object.entries(synonyms)) {
        const group = [canonical, ...names].map((name) => name.toLowerCase());
        if (group.includes(item.toLowerCase())) for (const name of group) accepted.add(name);
      }
    }
    return accepted;
  }

  private recordUrl(record: unknown, key: string): { url?: string } {
    const page = PRESETS[this.config.preset].recordPage;
    const id = page?.includes("{id}") ? (record as { id?: unknown } | null)?.id : key;
    if (page && !key.startsWith("#") && (typeof id === "string" || typeof id === "number"))
      return {
        url: joinUrl(this.config.base_url, page.replace(/\{(key|id)\}/, encodeURIComponent(String(id)))),
      };
    const self = (record as { self?: unknown })?.self;
    return typeof self === "string" && /^https?:\/\//.test(self) ? { url: this.redactor.text(self) } : {};
  }

  /** Nothing is held open between requests (fetch pools its own connections). */
  async close(): Promise<void> {}
}

/**
 * The per-request timeout: the source's `timeout_seconds`, within the step's time. When the
 * reflector retries with a longer timeout (hints.timeoutMs), the longer step time applies to
 * each request too; otherwise the retry would be cut at the same limit that just failed.
 */
export function requestTimeoutMs(
  timeoutSeconds: number,
  context: Pick<StepContext, "timeoutMs" | "hints">,
): number {
  if (context.hints?.timeoutMs !== undefined) return Math.max(1, context.timeoutMs);
  return Math.max(1, Math.min(timeoutSeconds * 1000, context.timeoutMs));
}

/** Builds the tickets adapter of one configured source. */
export const createTicketsAdapter: AdapterFactory = (name, config, workspace) => {
  if (config.kind !== "tickets")
    throw new StepError("config_error", `source ${name} is not a tickets source`);
  return new TicketsAdapter(name, config, workspace);
};

/** The preset table, for docs and `sources list`. */
export { PRESETS };

/** Every changed item (Jira history item, Redmine journal detail) of the fetched records. */
function changedItems(
  search: ResolvedSearch,
  records: unknown[],
  changelogs: Record<string, unknown[]>,
): Record<string, unknown>[] {
  const shape = search.changelog!.shape;
  const entriesOf = compilePath(shape.entries);
  const items: Record<string, unknown>[] = [];
  records.forEach((record, index) => {
    const entries = changelogs[recordLabel(record, index)] ?? entriesOf(record)[0];
    for (const entry of Array.isArray(entries) ? entries : []) {
      const listed = (entry as Record<string, unknown> | null)?.[shape.items];
      for (const item of Array.isArray(listed) ? listed : [])
        if (item !== null && typeof item === "object") items.push(item as Record<string, unknown>);
    }
  });
  return items;
}
