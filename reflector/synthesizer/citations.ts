import type { Citation } from "../../models/answer.js";
import type { Passage, TableEvidence } from "../../models/evidence.js";
import type { CitationWords } from "../messages/message-catalog.js";

/** Numbers the citations of one answer [1], [2], … and keeps each once. */
export class CitationRegistry {
  readonly citations: Citation[] = [];

  /** The words of a label (row, rows, issues, page) in the answer's language. */
  constructor(private readonly words: CitationWords) {}

  private add(citation: Citation): number {
    const index = this.citations.findIndex(
      // Other rows under the same label ("2 rows") are other evidence: their own number.
      (existing) =>
        existing.label === citation.label &&
        existing.goal === citation.goal &&
        JSON.stringify(existing.rows) === JSON.stringify(citation.rows),
    );
    if (index >= 0) return index + 1;
    this.citations.push(citation);
    return this.citations.length;
  }

  /** Cites table rows of a goal: the source, the URL or file, the locator, the issue key. */
  rows(goal: string, source: string, evidence: TableEvidence, rows: number[]): number {
    const provenance = rows.map((row) => evidence.provenance[row]).filter(Boolean);
    const first = provenance[0];
    const issueKeys = [
      ...new Set(provenance.map((entry) => entry.issue_key).filter((key): key is string => !!key)),
    ];
    const where =
      first?.url ??
      first?.file ??
      (first?.document
        ? `${first.document}${first.page ? ` ${this.words.page(first.page)}` : ""}`
        : undefined);
    const keys =
      issueKeys.length > 3
        ? `${issueKeys.slice(0, 3).join(", ")}, … (${this.words.issues(issueKeys.length)})`
        : issueKeys.join(", ");
    // A dashboard's place is said in the answer's words; its English locator stays for --json readers.
    const locator =
      issueKeys.length > 0 ? keys : first?.place ? this.words.place(first.place) : first?.locator;
    // Locators often name the row already ("→ table → row 2"); the row is added only when they do not.
    // A file's row is cited by its line in the file, not by its place among the rows read: the rows
    // a filter kept are numbered from 1, and "row 1" of the fourth line sends a reader to the wrong one.
    const rowText =
      first?.place || (locator && /\brows?\b/.test(locator))
        ? undefined
        : rows.length === 1
          ? first?.line !== undefined
            ? this.words.line(first.line)
            : this.words.row(rows[0] + 1)
          : this.words.rows(rows.length);
    const parts = [
      source,
      where,
      locator,
      first?.column ? this.words.column(first.column) : undefined,
      rowText,
    ].filter(Boolean);
    return this.add({
      goal,
      source,
      rows,
      ...(first?.url ? { url: first.url } : {}),
      ...(first?.locator ? { locator: first.locator } : {}),
      ...(issueKeys.length === 1 ? { issue_key: issueKeys[0] } : {}),
      ...(first?.document ? { document: first.document } : {}),
      ...(first?.page ? { page: first.page } : {}),
      label: parts.join(" · "),
    });
  }

  /** Cites a passage: document, page, section. */
  passage(
    goal: string,
    source: string,
    passage: Pick<Passage, "chunk_id" | "document" | "page" | "section">,
  ): number {
    return this.add({
      goal,
      source,
      chunk_id: passage.chunk_id,
      document: passage.document,
      page: passage.page,
      section: passage.section,
      label: `${passage.document} · ${this.words.page(passage.page)}${passage.section ? ` · ${passage.section}` : ""}`,
    });
  }

  /** The citations as the numbered lines of the answer's Sources list. */
  lines(): string[] {
    return this.citations.map((citation, index) => `[${index + 1}] ${citation.label}`);
  }
}
