import type { AskedAspect } from "../../models/plan.js";
import { anchorText, englishStepMessage } from "../../models/step-message-english.js";
import { shortfallInEnglish } from "../grader.js";
import type { AskedKeys, GapMessage } from "./gap-message.js";
import {
  compactRanges,
  currencyOf,
  type MessageCatalog,
  parenthesized,
  searchedGroups,
} from "./message-catalog.js";

/** What each asked aspect is called in a gap. */
const ASPECT_NAMES: Record<AskedAspect, string> = {
  eligibility: "whether it is allowed",
  who_pays: "who bears the cost",
  duration: "how long it takes",
  amount: "an amount",
  count: "a count",
  procedure: "how to do it",
  reason: "a reason",
  date: "a date",
  general: "an answer",
};

// English names a failure by its kind as the step file, the trace and --json do (server_error,
// timeout), so a person can search for it and scripts that read gaps keep working.
const FAILURE: Record<Extract<GapMessage, { code: "step_failed" }>["kind"], string> = {
  timeout: "timeout",
  rate_limited: "rate_limited",
  server_error: "server_error",
  not_found: "not_found",
  no_results: "no_results",
  format_error: "format_error",
  validation_failed: "validation_failed",
  auth_error: "auth_error",
  config_error: "config_error",
  interrupted: "interrupted",
  failed: "failed",
};

/** Asked keys as "product=C, region=West|North". */
function keysText(keys: AskedKeys): string[] {
  return Object.entries(keys).map(
    ([dimension, value]) => `${dimension}=${(Array.isArray(value) ? value : [value]).join("|")}`,
  );
}

/** English. */
export const english: MessageCatalog = {
  // English keeps the planner's own description and the catalog's names (return_rate,
  // product=C): gold answers, traces and scripts read these words.
  subject(goal) {
    return goal.description;
  },
  gap(message, labels) {
    const subject = (metric: string, keys: Record<string, string | string[]>) => {
      const values = keysText(keys);
      return `${metric}${values.length > 0 ? ` for ${values.join(", ")}` : ""}`;
    };
    switch (message.code) {
      case "metric_periods_missing":
        return [
          `no value of ${subject(message.metric, message.keys)} for ${message.periods.join(", ")}`,
          ...(message.dataEnds
            ? [
                `data ends ${message.dataEnds}${message.lastValue ? ` at ${message.lastValue}${message.lastUnit && currencyOf(message.lastUnit) ? this.unit(message.lastUnit) : ""}` : ""}`,
              ]
            : []),
          ...(message.context ? ["the values shown for other periods are context, not the answer"] : []),
          ...(message.notKeptBy
            ? [this.gap({ code: "metric_not_kept_by", ...message.notKeptBy }, labels)]
            : []),
        ].join("; ");
      case "metric_value_absent":
        return `no value of ${subject(message.metric, message.keys)} in the evidence`;
      case "metric_not_kept_by":
        return `${message.metric} is not kept by ${message.dimensions.join(" or ")} in ${message.source}/${message.dataset}: the value shown is for every ${message.dimensions.join(" and ")}, not for ${keysText(Object.fromEntries(message.dimensions.map((dimension) => [dimension, message.keys[dimension] ?? []]))).join(", ")}`;
      case "metric_count_not_value":
        return `no ${message.metric} column in the ${message.source} evidence; a count of rows is not its value`;
      case "event_filter_dropped":
        return `the ${message.dimension} filter was dropped and the ${message.source} records carry no ${message.dimension}: cannot tell which are ${message.event} for ${keysText(message.keys).join(", ")}${message.window ? ` in ${message.window}` : ""}`;
      case "event_window_uncovered":
        return `the search did not cover the whole of ${message.window}`;
      case "passages_insufficient":
        return message.shortfall
          ? shortfallInEnglish(
              message.shortfall,
              message.clause ?? message.about ?? ASPECT_NAMES[message.aspect],
            )
          : `no passage states ${ASPECT_NAMES[message.aspect]}${message.about ? ` about ${this.quote(message.about)}` : ""}`;
      case "passages_short":
        return message.shortfall
          ? shortfallInEnglish(message.shortfall, message.clause)
          : `no answer to ${this.quote(message.clause)}`;
      case "text_aspect_missing":
        return `no sentence of the passages states ${ASPECT_NAMES[message.aspect]}${message.about ? ` about ${this.quote(message.about)}` : ""}; passages that mention it are context`;
      case "why_no_event_source":
        return `why ${message.metric} changed${message.period ? ` in ${message.period}` : ""}: the workspace records no event that can line up with it, so no event source was searched; the values are not an explanation (map an event source in the catalog, e.g. staffing or provider changes)`;
      case "why_no_event_aligned":
        return `why ${message.metric} changed over ${message.period}: no recorded event lines up with it (searched ${searchedGroups(
          message.searched,
        )
          .map((group) => `${group.event} in ${group.sources.join(" and ")}`)
          .join(
            "; ",
          )} over ${message.window}${message.outside > 0 ? `; ${message.outside} found ${message.outside === 1 ? "lies" : "lie"} outside ${message.period} or ${message.outside === 1 ? "is" : "are"} for other keys` : ""}); the values are not an explanation`;
      case "why_no_event_found":
        return `why ${message.metric} changed${message.period ? ` in ${message.period}` : ""}: no event was found in the searched windows to relate it to`;
      case "breakdown_unavailable": {
        const by = message.dimension ?? message.wanted;
        const what = `the breakdown of ${subject(message.metric, message.keys)} by ${by ? labels.dimension(by) : "kind"} is not available`;
        return message.mapped
          ? `${what}: no source that answered holds ${labels.dimension(by ?? "")}; the total is not the answer`
          : `${what}: the workspace maps no dimension of ${message.metric} that holds ${by ? "them" : "its kinds"}; the total is not the answer`;
      }
      case "step_failed":
        return [
          `${FAILURE[message.kind]}${message.upstream ? ` (${this.quote(message.upstream)})` : ""}`,
          ...(message.conclusion ? [this.conclusion(message.conclusion, labels)] : []),
        ].join("; ");
      case "interrupted":
        return "interrupted (Ctrl-C) before it finished; ask again to get it";
      case "answered_by_other_source":
        return [
          ...message.failed.map(
            (failed) =>
              `${failed.source} did not answer${parenthesized(" (", ")", [failed.kind ? FAILURE[failed.kind] : undefined, failed.upstream].filter(Boolean).join(": "))}`,
          ),
          `the value shown is from ${message.from.join(", ")}`,
        ].join("; ");
    }
  },
  conclusion(conclusion, _labels) {
    switch (conclusion.code) {
      case "no_alternative_source":
        return `${conclusion.clause ? `failed at ${conclusion.clause}; ` : ""}no other source offers ${conclusion.metric ? conclusion.metric : conclusion.event ? conclusion.event : conclusion.source}`;
      case "broadest_period_empty": {
        const values = keysText(conclusion.filters);
        return values.length > 0
          ? `no data for ${values.join(", ")} even at the broadest period; the filters name what was asked, so none is dropped`
          : "no data even at the broadest period and with no filter left to relax";
      }
      case "rate_limit_past_deadline":
        return `rate limited; waiting ${conclusion.delayMs} ms would pass the deadline`;
      case "timeout_past_deadline":
        return `timed out after ${conclusion.timeoutMs} ms and only ${conclusion.remainingMs} ms remain before the deadline`;
      case "stopped":
        return conclusion.cause.kind === "interrupted"
          ? "interrupted"
          : conclusion.cause.kind === "deadline"
            ? "the deadline passed"
            : `still failing after ${conclusion.cause.rounds} reflection rounds`;
    }
  },
  // What an adapter or the executor said about a failed step (issue 29 item 8). English gaps show
  // the step's own message, which says the same (kept word for word for gold answers and scripts).
  said(said) {
    return englishStepMessage(said);
  },
  quote(words) {
    return `"${words}"`;
  },
  unit(unit, short) {
    if (unit === "percent_points") return short ? " pp" : " percentage points";
    const currency = currencyOf(unit);
    if (currency) return ` ${{ "": "", k: "thousand ", m: "million " }[currency.scale]}${currency.code}`;
    return unit ? ` ${unit}` : "";
  },
  // A citation's label (issue 29 item 8).
  citation: {
    row: (number) => `row ${number}`,
    line: (number) => `line ${number}`,
    rows: (count) => `${count} rows`,
    issues: (count) => `${count} issues`,
    page: (number) => `p.${number}`,
    column: (header) => `column "${header}"`,
    // As the dashboard adapter's locator reads: 'heading "Returns" → table → rows 1–3'.
    place: (place) =>
      `${anchorText(place.anchor)} → ${place.read === "table" ? "table" : `${place.region ?? "a region"} (OCR)`} → row${place.rows.length > 1 ? "s" : ""} ${compactRanges(place.rows)}`,
  },
  footer: {
    // The status line's heading and each status's word (issue 29 item 8: the status said in the answer's language).
    status: "status",
    statuses: { answered: "answered", partial: "partial", unanswerable: "unanswerable", direct: "direct" },
    sources: "Sources:",
    audited: (count) => `${count} numbers audited against the evidence`,
    auditFailed: (untraced, total, numbers) =>
      `number audit failed: ${untraced} of ${total} numbers not in the evidence (${numbers})`,
    run: (directory) => `run: ${directory}`,
  },
};
