import type { z } from "zod";
import type { FilterValue } from "./plan.js";
import type { Anchor } from "./sources/bi-dashboard-source.js";
import type { StepMessage } from "./step-message.js";
import { ocrProblemInEnglish } from "./step-messages/ocr-problem.js";
import { pageWaitInEnglish } from "./step-messages/page-wait.js";
import type { CredentialPlace } from "./step-messages/request-messages.js";

// The English words of every step message. They are also the step's `error_message` (the trace,
// the run folder, scripts and English answers read it), so an adapter writes a code and its
// parameters once and never an English sentence of its own. The Chinese words are the answer's
// catalog's (reflector/messages/).

/** The English sentence of a step message: what a StepError made with `codedStepError` says. */
export function englishStepMessage(said: StepMessage): string {
  switch (said.code) {
    case "no_matching_rows":
      return `no rows in ${said.file} match ${[...filterPairs(said.filters), ...(said.from && said.to ? [`period ${said.from}..${said.to}`] : [])].join(", ")}`;
    case "http_status":
      return `${said.source} answered ${said.status} for ${said.url}${said.upstream ? `: "${said.upstream}"` : ""}`;
    case "http_rate_limited":
      return `${said.source} is rate limiting requests (429)${said.retryAfterSeconds !== undefined ? `; retry after ${said.retryAfterSeconds}s` : ""}`;
    case "http_not_json":
      return `${said.source} answered ${said.url} with a body that is not JSON`;
    case "rule_unmet":
      return `the rule ${said.clause} does not hold`;
    // The executor.
    case "interrupted_by_caller":
      return "interrupted (Ctrl-C or cancelled by the caller)";
    case "no_answer_within":
      return `no answer within ${said.timeoutMs} ms`;
    case "cancelled_by_deadline":
      return "cancelled (deadline reached or interrupted)";
    case "connection_failed":
      return `connection failed (${said.reason})`;
    case "connection_timed_out":
      return `connection timed out (${said.reason})`;
    case "timed_out":
    case "workspace_problem":
    case "variables_unset":
      return said.detail;
    case "unexpected_error":
      return `unexpected error: ${said.detail}`;
    case "rule_unparsable":
      return `the validation rule of ${said.goal} does not parse:\n${said.display}`;
    case "source_not_configured":
      return `the plan names source ${said.source}, which is not in ${said.file}`;
    // HTTP sources.
    case "request_cancelled":
      return said.byStep
        ? `${said.method} ${said.url} was cancelled by the step deadline`
        : `${said.method} ${said.url} gave no complete answer within ${said.timeoutSeconds}s`;
    case "request_failed":
      return `${said.method} ${said.url} failed: ${said.detail}`;
    case "credentials_refused":
      return `source ${said.source} refused the credentials (${said.status}); check ${credentialPlace(said.check)}`;
    case "response_too_deep":
      return `source ${said.source} answered ${said.url} with JSON nested more than ${said.limit} levels deep (at character ${said.at}); triangulate reads JSON up to ${said.limit} levels`;
    case "response_too_large":
      return `source ${said.source}: response from ${said.url} is larger than max_response_bytes (${said.limit}; ${said.declared !== undefined ? `declared ${said.declared}` : `more than ${said.limit} arrived`})`;
    case "connection_broke":
      return `source ${said.source}: the connection broke while reading ${said.url}`;
    case "too_many_pages":
      return `more than max_pages (${said.maxPages}) pages; narrow the search or raise max_pages`;
    case "cursor_repeated":
      return `the server returned the cursor ${said.cursor} twice; paging would never end`;
    case "link_repeated":
      return "the Link header pointed to a page already fetched; paging would never end";
    case "link_outside":
      return `the Link header points outside ${said.base}; refusing to follow it`;
    case "field_path_unmatched":
      return `field ${said.field}: JSONPath ${said.path} matched nothing on record ${said.record}; fix the path, or give the field a default or optional: true`;
    case "field_value_wrong_type":
      return `field ${said.field}: value ${said.value} at ${said.path} on record ${said.record} is not ${
        said.expected === "one_of"
          ? `one of ${said.choices?.join(", ") || "the enum map's keys"}`
          : { number: "a number", boolean: "a boolean", date: "a date", date_time: "a date-time" }[
              said.expected
            ]
      }`;
    case "records_path_unmatched":
      return `records path ${said.path} matched nothing in ${said.url ? `the response of ${said.url}` : "the sample"}`;
    case "lookup_failed":
      return `${said.where} names ${JSON.stringify(said.value)}, but ${said.endpoint} could not be read to find its id (${said.detail}); write the id instead`;
    case "lookup_name_unknown":
      return `${said.where}: the server has no ${said.kind} named ${JSON.stringify(said.name)}; it has ${said.available.join(", ")}`;
    case "changelogs_missing":
      return `search ${said.search} of ${said.source} asked for changelogs, but ${said.missing} of ${said.records} records came without one (${said.where}; e.g. ${said.examples.join(", ")}): the server did not return them, so the changes cannot be reported`;
    case "changelog_too_long":
      return `changelog of ${said.record} has more than max_pages (${said.maxPages}) pages`;
    case "stored_value_unknown":
      return said.value === undefined
        ? `${said.where}: the catalog has no dimension ${said.dimension}; it has ${said.available.join(", ") || "none"}`
        : `${said.where}.${said.value}: ${JSON.stringify(said.value)} is not a value of the catalog's ${said.dimension} (${said.available.join(", ")}); the keys of values: are catalog values, the right-hand side what the ticket system stores`;
    case "search_found_nothing":
      return `search ${said.search} of ${said.source} found nothing for ${said.query ?? "the request"}`;
    case "search_filtered_out":
      return `search ${said.search} of ${said.source}: no record is left after the filters ${said.filters.join(", ") || "(period)"}`;
    // BI dashboards.
    case "reading_stopped":
      return `${said.where}: stopped (step deadline or interrupt)`;
    case "browser_cannot_start":
      return `${said.source}: cannot start the browser at ${said.executable} (browser.executable_path): ${said.detail}`;
    case "browser_servers_unreachable":
      return `${said.source ? `${said.source}: ` : ""}no browser server answered (browser.ws_endpoint${said.plural ? "s" : ""}): ${said.failures.join("; ")}`;
    case "browser_gone":
      return `${said.where}: the browser went away before the table was read (its browser server closed the connection or Chromium ended)`;
    case "page_closed":
      return `${said.where}: the page was closed before the table was read`;
    case "adapter_closed":
      return `${said.source}: the adapter is closed`;
    case "page_timed_out":
      return `${said.where}: ${pageWaitInEnglish(said.wait)}${
        said.loading.length === 0
          ? ""
          : said.inParentheses
            ? ` (${said.loading.join(", ")})`
            : `; the page was still loading ${said.loading.slice(0, 3).join(", ")}`
      }`;
    case "page_unreachable":
      return `${said.where}: cannot reach ${said.base} (${said.detail})`;
    case "page_failed":
      return `${said.where}: ${said.detail}`;
    case "dashboard_refused":
      return `${said.source}: the dashboard answered ${said.status}; ${said.check ? `check ${credentialPlace(said.check)}` : "the source has no auth section (HTTP Basic, bearer or header credentials) in triangulate.yaml"}`;
    case "dashboard_missing":
      return `${said.source}: no dashboard at ${said.url} (${said.status})`;
    case "dashboard_rate_limited":
      return `${said.source}: too many requests (429)`;
    case "dashboard_status":
      return `${said.source}: the dashboard answered ${said.status}`;
    case "still_on_login":
      return `${said.source}: still sent to the login page after signing in; ${said.variables.length > 0 ? `check ${variableList(said.variables)}` : "check the login section"}`;
    case "redirected_outside":
      return `${said.source}: ${said.url} redirected to ${said.redirect}, which is not the source's base_url; the browser did not follow (add ${said.redirect} to allow_origins if the dashboard really lives there)`;
    case "login_not_configured":
      return `${said.source}: the dashboard asks for a login but the source has no login section in triangulate.yaml`;
    case "login_field_slow":
      return `${said.source}: the login page at ${said.page} did not show its ${said.field} field (${said.description}) before the step's deadline; if it is slow, raise timeout_seconds of ${said.source}`;
    case "login_field_missing":
      return `${said.source}: login form has no ${said.field} field (${said.description}) at ${said.page}; check login.${said.field} of ${said.source} in triangulate.yaml`;
    case "login_unconfirmed":
      return `${said.source}: no sign of a successful login before the step's deadline (neither success nor a refusal showed); if the portal is slow, raise timeout_seconds of ${said.source}`;
    case "login_failed":
      return `${said.source}: login failed${said.stillOnLogin ? " (still on the login page after signing in: the credentials were refused)" : ""}; ${said.variables.length > 0 ? `check ${variableList(said.variables)}` : `check login.username and login.password of ${said.source} in triangulate.yaml`}`;
    case "control_missing":
      return `${said.where}: no control labelled "${said.label}" on ${said.page}`;
    case "option_missing":
      return `${said.where}: "${said.label}" has no option ${JSON.stringify(said.value)}; its options are: ${said.options.join(", ")}`;
    case "table_wait_timeout":
      return `${said.where}: ${sought(said.what, said.anchor)} did not appear within ${said.seconds} s; data requests still pending (${said.pending.join(", ")})`;
    case "table_missing":
      return `${said.where}: ${sought(said.what, said.anchor)} not found on ${said.page}${said.landmarks ? `; ${said.landmarks}` : ""}`;
    case "region_needs_ocr":
      return `${said.where}: at ${anchorText(said.anchor)} there is ${said.region}, no table: needs OCR (set extract: ocr or auto for ${said.dataset})`;
    case "table_empty":
      return `${said.where}: the table at ${anchorText(said.anchor)} is on the page but has no rows once the page settled (${said.seconds} s); its rows are probably filled in by JavaScript that failed or did not finish (open the page in a browser, or raise wait_seconds)`;
    case "page_period_other":
      return `${said.where}: the page shows ${said.shown} only${said.heading ? ` (its heading "${said.heading}")` : ""}, not ${said.from}…${said.to}`;
    case "table_columns_missing":
      return `${said.where}: column${said.missing.length > 1 ? "s" : ""} ${said.missing.map(({ name, near }) => (near ? `"${name}" (did you mean "${near}"?)` : `"${name}"`)).join(", ")} not found; the table's headers are: ${quotedList(said.headers)}`;
    case "unit_contradicted":
      return `${said.where}: column ${said.column} is declared in ${said.declared} (units) but its cells are written in ${said.written} (e.g. "${said.example}"); correct units.${said.column}`;
    case "row_total_mismatch":
      return said.stated !== undefined
        ? `${said.where}: the page states ${said.stated} rows ("${said.text}") but ${said.read} were read at ${anchorText(said.anchor)}`
        : `${said.where}: no text around the table at ${anchorText(said.anchor)} matches row_total /${said.pattern}/`;
    case "grid_rows_unrendered":
      return `the virtualised grid never rendered ${said.missing} row(s)${said.expected ? ` of aria-rowindex ${said.expected.first}–${said.expected.last}` : ""} while scrolling: aria-rowindex ${said.indexes}`;
    case "page_period_invalid":
      return `${said.where}: period "${said.period}" is not a period label (write it as 2024-Q3, 2024-07, 2024-07-15 or 2024)`;
    case "page_heading_missing":
      return `${said.where}: no heading above the table to read its period from (period.heading: ${said.pattern})`;
    case "page_heading_not_period":
      return said.matched !== undefined
        ? `${said.where}: the heading "${said.heading}" matched "${said.matched}" for period.heading, which is not a period ("2024年第三季度", "Q3 2024", "2024-07")`
        : `${said.where}: the heading "${said.heading}" does not match period.heading /${said.pattern}/`;
    case "ocr_failed":
      return `${said.where}: the region needs OCR, and ${ocrProblemInEnglish(said.problem)}`;
    case "chart_headers_unknown":
      return `${said.where}: the region is a bar chart, and its two columns have no header names: set ocr.chart.category and ocr.chart.value, or map exactly two columns in columns (now ${said.columns.join(", ") || "none"}), one of them to a metric in offers.metrics`;
    case "chart_without_labels":
      return `${said.where}: the bar chart shows no value labels (${said.bars.length} bars: ${said.bars.join(", ")}), so its values cannot be read exactly; the axis ticks give only its scale. Show the values on the chart, or read them from a table`;
    case "ocr_found_nothing":
      return `${said.where}: OCR found ${{ no_text: "no text", no_bars: "no labelled bars", no_rows: "no rows below a header row" }[said.found]} in the region`;
    case "table_rows_missing": {
      const filters = [
        ...filterPairs(said.filters),
        ...(said.from && said.to ? [`${said.from}…${said.to}`] : []),
      ].join(", ");
      return said.anchor
        ? `${said.where}: the ${said.ocr ? `${said.table} read by OCR` : "table"} at ${anchorText(said.anchor)} has no rows for ${filters || "this selection"}`
        : `${said.where}: no rows for ${filters || "this selection"}`;
    }
    // Knowledge bases.
    case "index_unusable":
      return `the knowledge base of source ${said.source} ${
        said.problem.reason === "not_built"
          ? "has not been built yet"
          : said.problem.reason === "old_layout"
            ? `was built with index layout ${said.problem.built}, older than this version's ${said.problem.current}`
            : said.problem.reason === "other_embedder"
              ? `was built with embedder ${said.problem.built} but the source is configured for ${said.problem.configured}`
              : `cannot be opened (${said.problem.detail})`
      }: run \`triangulate ingest\` in the workspace`;
    case "index_unsearchable":
      return `the index of ${said.source} could not be searched (${said.detail}); run \`triangulate ingest --rebuild\``;
    case "search_cancelled":
      return `search of ${said.source} was cancelled`;
    case "no_passage": {
      const filters = Object.entries(said.filters).map(([key, value]) => `${key}=${value}`);
      return `no passage of ${said.source} matches "${said.query}" (${filters.length ? filters.join(", ") : "no filters"})`;
    }
    case "document_filters_invalid":
      return `sub-goal ${said.goal}: ${said.detail}`;
    case "tables_not_found":
      return `dataset ${said.dataset} of ${said.source}: ${
        said.found === 0
          ? `no tables in documents matching ${said.document}`
          : `${said.found} tables in documents matching ${said.document}, none with headers ${said.headers.join(", ")}`
      }`;
    case "table_rows_unmatched":
      return `dataset ${said.dataset} of ${said.source}: ${said.tables} tables found, no rows match the sub-goal's filters and period`;
    case "embedding_count_wrong":
      return `Ollama returned ${said.got} embeddings for ${said.sent} texts (model ${said.model})`;
    case "embedding_size_wrong":
      return `Ollama model ${said.model} returned a vector of ${said.got} values where ${said.expected} finite numbers were expected`;
    case "embedding_cancelled":
      return `embedding with Ollama (${said.model}) was cancelled or timed out`;
    case "embedding_model_missing":
      return `Ollama has no model ${said.model} (${said.detail}); run \`ollama pull ${said.model}\` or change embedding.model`;
    case "embedding_busy":
      return `Ollama is busy: ${said.detail}`;
    case "embedding_server_failed":
      return `Ollama failed to embed with ${said.model}: ${said.detail}`;
    case "embedding_refused":
      return `Ollama refused the embedding request (${said.status}): ${said.detail}`;
    case "embedding_unusable":
      return `Ollama's embedding reply (${said.model}) is not usable: ${said.detail}`;
    case "embedding_unreachable":
      return `cannot reach Ollama at ${said.host} to embed with ${said.model}: ${said.detail}`;
    // Data files: where the problem is, then what it is.
    case "file_missing":
    case "file_unreadable":
    case "file_too_large":
    case "encoding_unknown":
    case "encoding_undetected":
    case "encoding_invalid":
    case "csv_ragged":
    case "csv_invalid":
    case "header_rows_missing":
    case "header_duplicate":
    case "json_too_deep":
    case "json_invalid":
    case "json_not_records":
    case "json_record_not_object":
      return `${said.file}${said.line === undefined ? "" : `:${said.line}${said.column === undefined ? "" : `:${said.column}`}`}: ${fileProblem(said)}`;
    case "mapped_column_missing":
      return `dataset ${said.dataset} of ${said.source}: columns maps "${said.header}", which is not a column of ${said.file}${said.near ? ` (did you mean "${said.near}"?)` : ""}; its columns are: ${said.headers.join(", ")}`;
    case "unit_column_missing":
      return `dataset ${said.dataset} of ${said.source}: units names "${said.column}", which is not a column of ${said.file}${said.near ? ` (did you mean "${said.near}"?)` : ""}; its columns are: ${said.columns.join(", ")}`;
    case "filter_column_missing":
      return said.period
        ? `dataset ${said.dataset} of ${said.source}: period_column ${said.column} is not a column${said.near ? ` (did you mean ${said.near}?)` : ""}; columns: ${said.columns.join(", ")}`
        : `dataset ${said.dataset} of ${said.source} has no column ${said.column} to filter on${said.near ? ` (did you mean ${said.near}?)` : ""}; columns: ${said.columns.join(", ")}`;
    // The workspace's description of a source.
    case "dataset_unknown":
      return said.section === "search"
        ? `source ${said.source} has no search named ${said.dataset}; it has ${said.available.join(", ")}`
        : said.section === "table_dataset"
          ? `source ${said.source} has no table dataset ${said.dataset}; it has: ${said.available.join(", ") || "none"}`
          : said.section === "dashboard"
            ? `${said.source} has no dataset ${said.dataset ? `"${said.dataset}"` : `offering ${said.metric ?? "this sub-goal"}`}; it has ${said.available.join(", ")}`
            : `source ${said.source} has no dataset ${said.dataset ?? "(none given)"}; it has: ${said.available.join(", ")}`;
    case "unpivot_columns_missing":
      return `${said.where}: unpivot column${said.missing.length > 1 ? "s" : ""} ${said.missing.map(({ name, near }) => (near ? `"${name}" (did you mean "${near}"?)` : `"${name}"`)).join(", ")} not found; the table's headers are: ${quotedList(said.headers)}`;
    case "unpivot_pattern_unmatched":
      return `${said.where}: no header matches the unpivot pattern /${said.pattern}/; the table's headers are: ${quotedList(said.headers)}`;
    case "unpivot_header_not_period":
      return `${said.where}: header "${said.header}" is not a period label (${said.reason}); choose the period columns with unpivot.columns, matching or all_but`;
    case "unpivot_header_grain":
      return `${said.where}: header "${said.header}" is a ${said.grain}, not a ${said.wanted} as unpivot.period.grain says`;
    case "unpivot_column_clash":
      return `${said.where}: the table already has a column "${said.column}"; give unpivot.into or unpivot.value another name`;
    case "search_unnamed":
      return `source ${said.source} has several searches (${said.searches.join(", ")}); the sub-goal must name one as its dataset`;
    case "search_misconfigured":
      return `source ${said.source}: ${said.problems.join("; ")}`;
    case "filter_unsupported":
      return `search ${said.search} of ${said.source} cannot filter by ${said.dimension}: its query has no {${said.dimension}} placeholder and it maps no ${said.dimension} field`;
    case "placeholder_unset":
      return `${said.where} uses {${said.name}} but the sub-goal gives no value for it; add a ${said.name} filter to the plan, or wrap that part in [[ … ]] to make it optional (a literal brace is written {{ or }}, e.g. 'CF.{{${said.name}}}')`;
    case "address_leaves_base":
      return said.what === "endpoint"
        ? `endpoint ${said.template} leaves ${said.base}`
        : `dataset url "${said.template}" leaves ${said.base}; refused`;
    case "url_absolute":
      return `dataset url "${said.template}" must be a path relative to base_url ${said.base}, not an absolute address`;
    case "value_not_in_url":
      return said.name === undefined
        ? `the value ${JSON.stringify(said.value)} cannot be used as a URL path segment`
        : `the value "${said.value}" for {${said.name}} cannot be placed in a URL`;
  }
}

/** What a data file's problem is, after its location. */
function fileProblem(
  said: Extract<
    StepMessage,
    {
      code: `file_${string}` | `encoding_${string}` | `csv_${string}` | `header_${string}` | `json_${string}`;
    }
  >,
): string {
  switch (said.code) {
    case "file_missing":
      return "file not found";
    case "file_unreadable":
      return `cannot read the file (${said.reason})`;
    case "file_too_large":
      return `file is ${said.bytes} bytes, over the limit of ${said.limit}`;
    case "encoding_unknown":
      return `unknown encoding ${said.encoding}; use utf-8, gb18030, big5, utf-16le or auto`;
    case "encoding_undetected":
      return `cannot tell the text encoding (not UTF-8; detector said ${said.detected || "nothing"}); set encoding: in the dataset (e.g. gb18030, big5)`;
    case "encoding_invalid":
      return `the file is not valid ${said.encoding}; set encoding: in the dataset`;
    case "csv_ragged":
      return `${said.detail}; every row needs as many fields as the header`;
    case "csv_invalid":
      return `not valid CSV: ${said.detail}`;
    case "header_rows_missing":
      return `the file has ${said.rows} rows; expected ${said.headerRows} header row${said.headerRows > 1 ? "s" : ""}`;
    case "header_duplicate":
      return `column "${said.header}" appears twice in the header`;
    case "json_too_deep":
      return `nested more than ${said.limit} levels deep; triangulate reads JSON up to ${said.limit} levels`;
    case "json_invalid":
      return `not valid JSON: ${said.detail}`;
    case "json_not_records":
      return `expected an array of records${said.key ? ` under "${said.key}"` : ""}`;
    case "json_record_not_object":
      return `record ${said.index} is not an object`;
  }
}

/** What a dashboard's read waited for. */
function sought(what: "anchor" | "region" | "table", anchor: z.infer<typeof Anchor>): string {
  return what === "anchor"
    ? `the anchor (${anchorText(anchor)})`
    : what === "region"
      ? `a canvas or image at ${anchorText(anchor)}`
      : `a table at ${anchorText(anchor)}`;
}

/** A dashboard anchor as the YAML gives it: 'heading "Return rate by region"', 'aria-label "…" (table 2)'. */
export function anchorText(anchor: z.infer<typeof Anchor>): string {
  const parts: string[] = [];
  if (anchor.heading) parts.push(`heading "${anchor.heading}"`);
  if (anchor.aria_label) parts.push(`aria-label "${anchor.aria_label}"`);
  if (anchor.title) parts.push(`title "${anchor.title}"`);
  if (anchor.label) parts.push(`label "${anchor.label}"`);
  if (parts.length === 0) parts.push("the first table on the page");
  return (anchor.nth ?? 1) > 1 ? `${parts.join(", ")} (table ${anchor.nth})` : parts.join(", ");
}

/** Filters as codes: "product=A", "region=East|North". */
function filterPairs(filters: Record<string, FilterValue>): string[] {
  return Object.entries(filters).map(
    ([dimension, value]) => `${dimension}=${Array.isArray(value) ? value.join("|") : value}`,
  );
}

/** Headers as a message lists them: "Q1", "Q2", or (none). */
function quotedList(headers: string[]): string {
  return headers.map((name) => `"${name}"`).join(", ") || "(none)";
}

/** "$BI_USER and $BI_PASSWORD". */
function variableList(variables: string[]): string {
  return variables.map((name) => `$${name}`).join(" and ");
}

/** "the environment variables A, B (sources.x.auth)", or the YAML path alone. */
export function credentialPlace(place: CredentialPlace): string {
  if (place.variables.length === 0) return place.where;
  return `the environment variable${place.variables.length > 1 ? "s" : ""} ${place.variables.join(", ")} (${place.where})`;
}
