import type { Redactor } from "../../config/redactor.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import type { CredentialPlace } from "../../models/step-messages/request-messages.js";
import type { StepContext } from "../adapter.js";
import { requestJson } from "./http-request.js";
import { compilePath } from "./json-path.js";
import type { Page } from "./paginate.js";
import type { ValueNames } from "./presets.js";

/** `base` and `path` joined with exactly one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** What one search's requests need to know of the source. */
export interface ConnectionSettings {
  sourceName: string;
  searchName: string;
  method: string;
  baseUrl: string;
  fallbackBaseUrl?: string | undefined;
  headers: Record<string, string>;
  redactor: Redactor;
  credentialHint: CredentialPlace;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The requests of one fetch of one search: against the base URL, or the fallback base once a 5xx
 * or a refused connection switched to it (automatically, once; the rest of the search stays
 * there). Counts the requests and keeps the first, redacted, for the step's request summary.
 */
export class SearchConnection {
  base: string;
  fallbackUsed: boolean;
  requests = 0;
  firstRequest = "";
  // Each id → name table (statuses, trackers, priorities) is read at most once per fetch.
  private readonly tables = new Map<string, Promise<Record<string, string>>>();

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly context: StepContext,
  ) {
    const fallback = settings.fallbackBaseUrl;
    this.base = context.hints?.useFallback && fallback ? fallback : settings.baseUrl;
    this.fallbackUsed = this.base === fallback;
  }

  /** One request (a GET with the query, or a POST of the body), switching to the fallback base on a server error. */
  async send(path: string, query: Record<string, string | number>, body?: unknown): Promise<Page> {
    const { fallbackBaseUrl: fallback, searchName } = this.settings;
    try {
      return await this.attempt(this.base, path, query, body);
    } catch (error) {
      if (
        StepError.isStepError(error) &&
        error.kind === "server_error" &&
        fallback &&
        !this.fallbackUsed &&
        !this.context.signal.aborted
      ) {
        this.context.trace(
          "tickets:fallback",
          `${searchName}:${error.details.status ?? "connection"}→fallback_base_url`,
        );
        this.base = fallback;
        this.fallbackUsed = true;
        return this.attempt(this.base, path, query, body);
      }
      throw error;
    }
  }

  /** The id → name table a lookup endpoint lists, read once per fetch. */
  namesOf(lookup: ValueNames): Promise<Record<string, string>> {
    let table = this.tables.get(lookup.endpoint);
    if (!table) {
      table = this.send(lookup.endpoint, {}).then((page) => {
        const listed = compilePath(lookup.records)(page.body)[0];
        const names: Record<string, string> = Object.create(null);
        for (const each of Array.isArray(listed) ? listed : []) {
          const value = each as Record<string, unknown> | null;
          if (value && value[lookup.id] !== undefined && typeof value[lookup.name] === "string")
            names[String(value[lookup.id])] = value[lookup.name] as string;
        }
        return names;
      });
      this.tables.set(lookup.endpoint, table);
    }
    return table;
  }

  private async attempt(
    against: string,
    path: string,
    query: Record<string, string | number>,
    body: unknown,
  ): Promise<Page> {
    const settings = this.settings;
    const url = new URL(joinUrl(against, path));
    if (url.origin !== new URL(against).origin)
      throw codedStepError(
        "config_error",
        { code: "address_leaves_base", what: "endpoint", template: path, base: against },
        { locator: "endpoint" },
      );
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const text = url.toString();
    this.requests += 1;
    if (!this.firstRequest)
      this.firstRequest = settings.redactor.text(
        `${settings.method} ${text}${body ? ` ${JSON.stringify(body)}` : ""}`,
      );
    const response = await requestJson(text, {
      method: body === undefined ? "GET" : "POST",
      headers:
        body === undefined ? settings.headers : { ...settings.headers, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: this.context.signal,
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      redactor: settings.redactor,
      sourceName: `source ${settings.sourceName}`,
      source: settings.sourceName,
      credentialHint: settings.credentialHint,
    });
    this.context.trace(
      "tickets:request",
      `${settings.searchName}:${response.status}:${response.bytes}B:${Math.round(response.elapsedMs)}ms`,
    );
    return { body: response.body, headers: response.headers, url: settings.redactor.text(text) };
  }
}
