// What a page offers to anchor a table on, for the error when the YAML's anchor matches nothing:
// a person fixing `locate:` needs the headings, aria-labels, titles and table captions the page
// really has, and the one closest to what they wrote.

import type { Page } from "playwright-core";
import { nearestName } from "../../config/nearest-name.js";
import type { AnchorSpec } from "./table-locator.js";

export interface PageLandmarks {
  headings: string[];
  aria_labels: string[];
  titles: string[];
  captions: string[];
}

const LIMIT = 20;

/** The page's headings, aria-labels, titles and table captions (each list distinct, at most 20). */
export async function pageLandmarks(page: Page): Promise<PageLandmarks> {
  return page.evaluate((limit) => {
    const distinct = (values: (string | null | undefined)[]) =>
      [
        ...new Set(
          values.map((value) => (value ?? "").replace(/\s+/g, " ").trim()).filter((value) => value !== ""),
        ),
      ].slice(0, limit);
    const all = (selector: string) => Array.from(document.querySelectorAll(selector));
    return {
      headings: distinct(all("h1,h2,h3,h4,h5,h6,[role=heading]").map((element) => element.textContent)),
      aria_labels: distinct(all("[aria-label]").map((element) => element.getAttribute("aria-label"))),
      titles: distinct(all("[title]").map((element) => element.getAttribute("title"))),
      captions: distinct(all("caption").map((element) => element.textContent)),
    };
  }, LIMIT);
}

/** "the page has headings "A", "B"; aria-labels …; did you mean heading "B"?" for a failed anchor. */
export function describeLandmarks(landmarks: PageLandmarks, anchor: AnchorSpec): string {
  const quote = (values: string[]) => values.map((value) => `"${value}"`).join(", ");
  const parts = [
    landmarks.headings.length ? `headings ${quote(landmarks.headings)}` : "no headings",
    landmarks.aria_labels.length ? `aria-labels ${quote(landmarks.aria_labels)}` : "no aria-labels",
    ...(landmarks.titles.length ? [`titles ${quote(landmarks.titles)}`] : []),
    landmarks.captions.length ? `table captions ${quote(landmarks.captions)}` : "no table captions",
  ];
  const wanted = anchor.heading ?? anchor.aria_label ?? anchor.title ?? anchor.label;
  const candidates: [string, string][] = [
    ...landmarks.headings.map((value) => ["heading", value] as [string, string]),
    ...landmarks.aria_labels.map((value) => ["aria_label", value] as [string, string]),
    ...landmarks.titles.map((value) => ["title", value] as [string, string]),
    ...landmarks.captions.map((value) => ["heading", value] as [string, string]),
  ];
  const near = wanted
    ? nearestName(
        wanted,
        candidates.map(([, value]) => value),
      )
    : undefined;
  const kind = candidates.find(([, value]) => value === near)?.[0];
  return `the page has ${parts.join("; ")}${near ? `; did you mean ${kind} "${near}"?` : ""}`;
}
