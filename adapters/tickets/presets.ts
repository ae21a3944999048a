import type {
  Pagination,
  RevisionMapping,
  TicketSearch,
  TicketsSource,
} from "../../models/sources/tickets-source.js";

/** Where a changelog lives in a record and how its entries read, per ticket system. */
export interface ChangelogShape {
  /** JSONPath from the record to its list of change sets (Jira histories, Redmine journals). */
  entries: string;
  /** Member of a change set holding its changed items. */
  items: string;
  /** Member of a change set with its time. */
  at: string;
  /** JSONPath from a change set to its author's name. */
  author: string;
  /** Members of an item: changed field, old and new value (display text preferred). */
  field: string;
  from: string[];
  to: string[];
  /** For Jira: where the total number of histories is, to page the rest from the changelog endpoint. */
  total?: string;
  /** For Jira: endpoint with {key} that pages the whole changelog (values / isLast). */
  endpoint?: string;
  /** Fields whose changes carry ids (Redmine's status_id): where their names are listed. */
  names?: ValueNames[];
  /**
   * For Redmine: the list endpoint never carries journals (5.0.4 ignores include=journals there),
   * so each record's change sets are read from its own endpoint, under the source's concurrency.
   */
  perRecord?: PerRecordChangelog;
  /** For Redmine: custom-field changes name the field by its id ("name": "4"); where their names are. */
  customFields?: CustomFieldNames;
}

/** Where one record's change sets are read when the search page holds none. */
export interface PerRecordChangelog {
  /** Endpoint relative to base_url with {id} (the record's id member, one encoded path segment). */
  endpoint: string;
  /** Member of the record holding its id. */
  id: string;
  params: Record<string, string>;
  /** JSONPath to the change sets in that response. */
  entries: string;
}

/** How custom-field changes are told apart and where the field names are listed. */
export interface CustomFieldNames {
  /** Member of a changed item telling what kind of field changed, and its value for custom fields. */
  property: string;
  marker: string;
  /** Admin endpoint listing every custom field (403 for other users: then the records' own lists are used). */
  endpoint: string;
  records: string;
  /** JSONPath from a record to the custom fields it carries ({id, name, value}). */
  onRecord: string;
  id: string;
  name: string;
}

/** An id-valued changelog field, its readable name, and the endpoint that lists the id → name pairs. */
export interface ValueNames {
  /** The field as the changelog names it (status_id). */
  field: string;
  /** The name its events get once ids are replaced by names (status, which status timelines read). */
  renamedTo: string;
  /** Endpoint relative to base_url listing the values, fetched at most once per fetch. */
  endpoint: string;
  /** JSONPath to the list in that response, and the members holding id and name. */
  records: string;
  id: string;
  name: string;
}

/** The defaults a preset gives every search, so a user writes only base URL, auth, project and fields. */
export interface PresetDefaults {
  endpoint?: string;
  params: Record<string, string>;
  /** Parameters added only when the search flattens changelogs. */
  changelogParams: Record<string, string>;
  jql?: string;
  records?: string;
  pagination: Pagination;
  changelog?: ChangelogShape;
  /** Whether the query language is JQL (plan values quoted as JQL strings). */
  usesJql: boolean;
  /** How a list of plan values joins inside a query parameter (Redmine reads `1|2` as either). */
  listSeparator: string;
  /**
   * Query parameters whose values may be written as names (Redmine's tracker_id: Bug): a value that
   * is not an id or one of `keep` is looked up in the changelog names table of the same field.
   */
  namedParams?: Record<string, { keep: string[] }>;
  /** How a record's page in the ticket system is addressed, for citations: {key} or {id} of the record. */
  recordPage?: string;
}

const jiraChangelog = (version: 2 | 3): ChangelogShape => ({
  entries: "$.changelog.histories",
  items: "items",
  at: "created",
  author: "$.author.displayName",
  field: "field",
  from: ["fromString", "from"],
  to: ["toString", "to"],
  total: "$.changelog.total",
  endpoint: `/rest/api/${version}/issue/{key}/changelog`,
});

/**
 * The change sets that mapped revisions of a generic REST API are read into (one per revision:
 * when, who, and its changed fields), so they flatten into events like Jira histories do.
 */
export const REVISION_SHAPE: ChangelogShape = {
  entries: "$.__revisions_are_read_apart",
  items: "items",
  at: "at",
  author: "$.author",
  field: "field",
  from: ["from"],
  to: ["to"],
};

/** The preset table: Jira Server/DC v2, Jira Cloud v3 (enhanced search), Redmine. */
export const PRESETS: Record<TicketsSource["preset"], PresetDefaults> = {
  generic: {
    params: {},
    changelogParams: {},
    pagination: { type: "none" },
    usesJql: false,
    listSeparator: ",",
  },
  "jira-v2": {
    endpoint: "/rest/api/2/search",
    params: {},
    changelogParams: { expand: "changelog" },
    jql: "project = {project} AND created >= {from} AND created < {to_exclusive} ORDER BY created ASC",
    records: "$.issues",
    pagination: {
      type: "offset",
      start_param: "startAt",
      size_param: "maxResults",
      total_path: "$.total",
      page_size: 100,
    },
    changelog: jiraChangelog(2),
    usesJql: true,
    listSeparator: ",",
    recordPage: "/browse/{key}",
  },
  "jira-v3": {
    endpoint: "/rest/api/3/search/jql",
    // The enhanced search returns only ids unless fields are asked for.
    params: { fields: "*all" },
    changelogParams: { expand: "changelog" },
    jql: "project = {project} AND created >= {from} AND created < {to_exclusive} ORDER BY created ASC",
    records: "$.issues",
    pagination: {
      type: "cursor",
      cursor_param: "nextPageToken",
      cursor_path: "$.nextPageToken",
      last_path: "$.isLast",
      size_param: "maxResults",
      page_size: 100,
    },
    changelog: jiraChangelog(3),
    usesJql: true,
    listSeparator: ",",
    recordPage: "/browse/{key}",
  },
  redmine: {
    endpoint: "/issues.json",
    params: { project_id: "{project}", status_id: "*", created_on: "><{from}|{to}", sort: "created_on" },
    // The list endpoint returns no journals on a real Redmine 5.0.4: they are read per issue.
    changelogParams: {},
    records: "$.issues",
    pagination: {
      type: "offset",
      start_param: "offset",
      size_param: "limit",
      total_path: "$.total_count",
      page_size: 100,
    },
    changelog: {
      entries: "$.journals",
      items: "details",
      at: "created_on",
      author: "$.user.name",
      field: "name",
      from: ["old_value"],
      to: ["new_value"],
      perRecord: {
        endpoint: "/issues/{id}.json",
        id: "id",
        params: { include: "journals" },
        entries: "$.issue.journals",
      },
      customFields: {
        property: "property",
        marker: "cf",
        endpoint: "/custom_fields.json",
        records: "$.custom_fields",
        onRecord: "$.custom_fields",
        id: "id",
        name: "name",
      },
      // Journals carry ids; these public endpoints list their names.
      names: [
        {
          field: "status_id",
          renamedTo: "status",
          endpoint: "/issue_statuses.json",
          records: "$.issue_statuses",
          id: "id",
          name: "name",
        },
        {
          field: "tracker_id",
          renamedTo: "tracker",
          endpoint: "/trackers.json",
          records: "$.trackers",
          id: "id",
          name: "name",
        },
        {
          field: "priority_id",
          renamedTo: "priority",
          endpoint: "/enumerations/issue_priorities.json",
          records: "$.issue_priorities",
          id: "id",
          name: "name",
        },
      ],
    },
    usesJql: false,
    listSeparator: "|",
    namedParams: {
      tracker_id: { keep: [] },
      status_id: { keep: ["*", "open", "closed"] },
      priority_id: { keep: [] },
    },
    recordPage: "/issues/{id}",
  },
};

/** A search with its preset's defaults filled in: everything the adapter needs to build requests. */
export interface ResolvedSearch {
  name: string;
  endpoint: string;
  method: "GET" | "POST";
  params: Record<string, string>;
  jql?: string;
  jqlParam: string;
  records: string;
  pagination: Pagination;
  changelog?: { shape: ChangelogShape; fields?: string[]; revisions?: RevisionMapping };
  search: TicketSearch;
}

/** Merges a search with its preset; a search's own keys win. Returns the problems instead of throwing. */
export function resolveSearch(
  source: TicketsSource,
  name: string,
  search: TicketSearch,
): { resolved?: ResolvedSearch; problems: string[] } {
  const preset = PRESETS[source.preset];
  const problems: string[] = [];
  const endpoint = search.endpoint ?? preset.endpoint;
  const records = search.records ?? preset.records;
  if (!endpoint) problems.push(`searches.${name}.endpoint is required with preset ${source.preset}`);
  if (!records)
    problems.push(
      `searches.${name}.records (a JSONPath to the list of records) is required with preset ${source.preset}`,
    );
  const wantsChangelog = search.changelog !== false;
  const revisions = typeof search.changelog === "object" ? search.changelog.revisions : undefined;
  // A mapped revisions list wins over the preset's changelog; it is read into the revision shape.
  const shape = revisions ? REVISION_SHAPE : preset.changelog;
  if (wantsChangelog && !shape)
    problems.push(
      `searches.${name}.changelog needs a preset that knows changelogs (jira-v2, jira-v3, redmine) or a revisions mapping`,
    );
  const jql = search.jql ?? preset.jql;
  if (!endpoint || !records || (wantsChangelog && !shape)) return { problems };
  return {
    problems,
    resolved: {
      name,
      endpoint,
      method: search.method,
      params: withoutRemoved({
        ...preset.params,
        ...(wantsChangelog ? preset.changelogParams : {}),
        ...search.params,
      }),
      ...(jql && (preset.usesJql || search.jql) ? { jql } : {}),
      jqlParam: search.jql_param,
      records,
      pagination: search.pagination ?? preset.pagination,
      ...(wantsChangelog
        ? {
            changelog: {
              shape: shape!,
              ...(typeof search.changelog === "object" && search.changelog.fields
                ? { fields: search.changelog.fields }
                : {}),
              ...(revisions ? { revisions } : {}),
            },
          }
        : {}),
      search,
    },
  };
}

/** Drops the parameters a search set to null: the way to remove one the preset adds (Redmine's created_on). */
function withoutRemoved(params: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}
