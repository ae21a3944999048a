import type { Pagination } from "../../models/sources/tickets-source.js";
import { codedStepError } from "../../models/step-error.js";
import { firstMatch } from "./json-path.js";

/** One page as the paginator sees it. */
export interface Page {
  body: unknown;
  headers: Headers;
  /** The URL that was fetched (redacted), for messages. */
  url: string;
}

/** Fetches one page: with extra paging parameters, or (for Link-header paging) a next URL. */
export type FetchPage = (paging: Record<string, string | number>, nextUrl?: string) => Promise<Page>;

/** Everything the pages held. */
export interface PagedRecords {
  records: unknown[];
  pages: number;
  /** Inconsistencies worth telling the reader (total not matching), kept in the evidence notes. */
  notes: string[];
}

/** The next link of an RFC 8288 Link header, or undefined. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2])) return match[1];
  }
  return undefined;
}

/**
 * Walks every page of a search. Guards: at most maxPages pages (more is a format_error, since a
 * silently cut list would give wrong counts), a cursor or link seen twice is a format_error, and a
 * total that does not match what arrived is kept as a note.
 */
export async function paginate(
  pagination: Pagination,
  maxPages: number,
  fetchPage: FetchPage,
  recordsOf: (page: Page) => unknown[],
): Promise<PagedRecords> {
  const records: unknown[] = [];
  const notes: string[] = [];
  let pages = 0;
  const tooMany = (url: string) =>
    codedStepError(
      "format_error",
      { code: "too_many_pages", maxPages },
      { url, maxPages },
      { retryable: false },
    );
  const take = async (paging: Record<string, string | number>, nextUrl?: string) => {
    pages += 1;
    const page = await fetchPage(paging, nextUrl);
    const items = recordsOf(page);
    records.push(...items);
    return { page, items };
  };

  switch (pagination.type) {
    case "none": {
      await take({});
      break;
    }
    case "offset": {
      let start = 0;
      let firstTotal: number | undefined;
      for (;;) {
        if (pages >= maxPages) throw tooMany(`${pagination.start_param}=${start}`);
        const { page, items } = await take({
          [pagination.start_param]: start,
          [pagination.size_param]: pagination.page_size,
        });
        const rawTotal = firstMatch(pagination.total_path, page.body);
        const total = typeof rawTotal === "number" ? rawTotal : undefined;
        if (firstTotal === undefined) firstTotal = total;
        else if (total !== undefined && total !== firstTotal)
          notes.push(
            `the total changed while paging (${firstTotal} → ${total}); the data changed during the search`,
          );
        if (items.length === 0) {
          if (total !== undefined && records.length < total)
            notes.push(
              `the server reported ${total} records but returned ${records.length}; the rest could not be fetched`,
            );
          break;
        }
        start += items.length;
        if (total !== undefined && start >= total) {
          if (records.length > total)
            notes.push(`the server reported ${total} records but returned ${records.length}`);
          break;
        }
        // Without a total, a short page is the last one.
        if (total === undefined && items.length < pagination.page_size) break;
      }
      break;
    }
    case "page": {
      let number = pagination.first_page;
      for (;;) {
        if (pages >= maxPages) throw tooMany(`${pagination.page_param}=${number}`);
        const { page, items } = await take({
          [pagination.page_param]: number,
          [pagination.size_param]: pagination.page_size,
        });
        if (items.length < pagination.page_size) {
          if (pagination.total_path) {
            const total = firstMatch(pagination.total_path, page.body);
            if (typeof total === "number" && total !== records.length)
              notes.push(`the server reported ${total} records but returned ${records.length}`);
          }
          break;
        }
        number += 1;
      }
      break;
    }
    case "cursor": {
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (;;) {
        if (pages >= maxPages) throw tooMany(`${pagination.cursor_param}=${cursor ?? ""}`);
        const { page } = await take({
          ...(cursor !== undefined ? { [pagination.cursor_param]: cursor } : {}),
          [pagination.size_param]: pagination.page_size,
        });
        const isLast = firstMatch(pagination.last_path, page.body);
        const next = firstMatch(pagination.cursor_path, page.body);
        if (isLast === true || typeof next !== "string" || next === "") break;
        if (seen.has(next)) {
          throw codedStepError(
            "format_error",
            { code: "cursor_repeated", cursor: next.length > 40 ? `${next.slice(0, 40)}…` : next },
            { url: page.url, locator: pagination.cursor_path },
            { retryable: false },
          );
        }
        seen.add(next);
        cursor = next;
      }
      break;
    }
    case "link_header": {
      const seen = new Set<string>();
      const firstPaging = pagination.size_param ? { [pagination.size_param]: pagination.page_size } : {};
      let { page } = await take(firstPaging);
      for (;;) {
        const next = nextLink(page.headers.get("link"));
        if (!next) break;
        if (seen.has(next))
          throw codedStepError(
            "format_error",
            { code: "link_repeated" },
            { url: page.url },
            { retryable: false },
          );
        seen.add(next);
        if (pages >= maxPages) throw tooMany(page.url);
        ({ page } = await take({}, next));
      }
      break;
    }
  }
  return { records, pages, notes };
}
