/**
 * Table extraction benchmark: tabula-java's own cases (exact match of the output with the same
 * page/area/method/columns), and ICDAR 2013 (35 documents, human annotation): table-region
 * detection P/R/F1 at IoU >= 0.5 and the cell adjacency-relation F1, with our automatic rule
 * (tables.mode: auto). Run: npx tsx bench/pdf-tables.ts
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ExtractedTable } from "../adapters/pdf-kb/extraction/extracted-document.js";
import { ruledTables, tablesTabulaMissed } from "../adapters/pdf-kb/extraction/page-table-detector.js";
import { readPdfText } from "../adapters/pdf-kb/extraction/pdf-text-reader.js";
import { buildTables } from "../adapters/pdf-kb/extraction/table-builder.js";
import { runTabula } from "../adapters/pdf-kb/extraction/tabula-runner.js";
import { requireCorpus } from "../test/support/corpora.js";
import {
  annotatedRelations,
  countCommon,
  extractedRelations,
  f1,
  matchRegions,
  parseIcdarCells,
  parseIcdarRegions,
  scoreTabulaCase,
  type TabulaCase,
} from "./pdf-table-scoring.js";

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

async function tabulaCases(): Promise<{ exact: number; loose: number; total: number }> {
  const base = requireCorpus("pdf-tables", "tabula-java");
  const { cases } = JSON.parse(await readFile(path.join(base, "cases.json"), "utf8")) as {
    cases: TabulaCase[];
  };
  let exact = 0;
  let loose = 0;
  console.log("tabula-java cases (same page/area/method/columns as tabula-java's tests)");
  for (const testCase of cases) {
    const result = await scoreTabulaCase(base, testCase);
    if (result.exact) exact += 1;
    if (result.loose) loose += 1;
    console.log(
      `  ${result.exact ? "exact" : result.loose ? "loose" : "MISS "}  ${path.basename(testCase.pdf).padEnd(62)} ${testCase.method}${result.error ? `  (${result.error.slice(0, 80)})` : ""}`,
    );
  }
  return { exact, loose, total: cases.length };
}

/** Region and relation counts of one variant of the table rule over the ICDAR documents. */
interface Tally {
  detected: number;
  matched: number;
  relationsFound: number;
  relationsCommon: number;
  added: number;
}
const tally = (): Tally => ({ detected: 0, matched: 0, relationsFound: 0, relationsCommon: 0, added: 0 });

async function icdar(mode: "auto" | "lattice" | "stream") {
  // "tabula" is what ingest stored before the pdf.js detector; "+ rulings" adds the ruled grids
  // pdf.js finds on pages where tabula found nothing; "+ rulings, alignment" also reads aligned
  // text columns there when a page has no ruled grid (what ingest does now); "+ rulings, every
  // page" would also add ruled grids overlapping no tabula table on pages with tables (not used).
  const variants: Record<string, Tally> = {
    tabula: tally(),
    "+ rulings": tally(),
    "+ rulings, alignment": tally(),
    "+ rulings, every page": tally(),
  };
  const base = requireCorpus("pdf-tables", "icdar2013");
  const files = (await readdir(base)).filter((name) => name.endsWith(".pdf")).sort();
  let detected = 0;
  let expected = 0;
  let matched = 0;
  let relationsFound = 0;
  let relationsTruth = 0;
  let relationsCommon = 0;
  const perDocument: string[] = [];
  for (const file of files) {
    const stem = file.replace(/\.pdf$/, "");
    const regions = parseIcdarRegions(await readFile(path.join(base, `${stem}-reg.xml`), "utf8"));
    const cells = parseIcdarCells(await readFile(path.join(base, `${stem}-str.xml`), "utf8"));
    let pages: Awaited<ReturnType<typeof runTabula>> = [];
    try {
      pages = await runTabula(path.join(base, file), { mode, timeoutMs: 180_000 });
    } catch (error) {
      perDocument.push(`  ${stem}: FAILED ${(error as Error).message.slice(0, 100)}`);
    }
    const heights = new Map(pages.map((page) => [page.page, page.height]));
    const tables = buildTables(pages);
    const pdf = await readPdfText(path.join(base, file));
    let missed: ExtractedTable[] = [];
    let aligned: ExtractedTable[] = [];
    const everyPage: ExtractedTable[] = [];
    try {
      missed = await tablesTabulaMissed(pdf, tables);
      aligned = await tablesTabulaMissed(pdf, tables, { alignment: true });
      for (const page of pdf.pages) {
        const grids = ruledTables(page, await pdf.rulings(page.page));
        const built = buildTables([
          { page: page.page, width: page.width, height: page.height, rotation: 0, tables: grids },
        ]);
        for (const table of built) {
          const overlaps = tables.some(
            (other) =>
              other.page === table.page &&
              other.bbox[0] < table.bbox[2] &&
              table.bbox[0] < other.bbox[2] &&
              other.bbox[1] < table.bbox[3] &&
              table.bbox[1] < other.bbox[3],
          );
          if (!overlaps) everyPage.push(table);
        }
      }
    } finally {
      await pdf.close();
    }
    // ICDAR boxes have their origin at the bottom-left; ours at the top-left.
    const truthBoxes = regions.map((region) => {
      const height = heights.get(region.page) ?? 792;
      return { page: region.page, box: [region.x1, height - region.y2, region.x2, height - region.y1] };
    });
    const foundBoxes = tables.map((table) => ({ page: table.page, box: table.bbox }));
    const hits = matchRegions(foundBoxes, truthBoxes);
    detected += foundBoxes.length;
    expected += truthBoxes.length;
    matched += hits;
    const truthRelations = annotatedRelations(cells);
    for (const [name, extra] of [
      ["tabula", [] as ExtractedTable[]],
      ["+ rulings", missed],
      ["+ rulings, alignment", aligned],
      ["+ rulings, every page", everyPage],
    ] as const) {
      const all = [...tables, ...extra];
      const variant = variants[name];
      variant.detected += all.length;
      variant.added += extra.length;
      variant.matched += matchRegions(
        all.map((table) => ({ page: table.page, box: table.bbox })),
        truthBoxes,
      );
      const relations = extractedRelations(all.map((table) => table.cells));
      variant.relationsFound += relations.length;
      variant.relationsCommon += countCommon(relations, truthRelations);
    }
    if (aligned.length + everyPage.length > 0)
      perDocument.push(
        `  ${stem.padEnd(9)} pdf.js on pages tabula left empty: ${aligned.map((table) => `${table.detector} p${table.page} ${table.bbox.map(Math.round).join(",")}`).join("; ") || "none"}; ruled grids overlapping no tabula table on any page: ${everyPage.length}`,
      );
    const foundRelations = extractedRelations(tables.map((table) => table.cells));
    const common = countCommon(foundRelations, truthRelations);
    relationsFound += foundRelations.length;
    relationsTruth += truthRelations.length;
    relationsCommon += common;
    const relationScore = f1(common, foundRelations.length, truthRelations.length);
    perDocument.push(
      `  ${stem.padEnd(9)} regions ${hits}/${truthBoxes.length} matched, ${foundBoxes.length} detected; relations F1 ${relationScore.f1.toFixed(2)}`,
    );
  }
  return {
    regions: f1(matched, detected, expected),
    relations: f1(relationsCommon, relationsFound, relationsTruth),
    detected,
    expected,
    matched,
    perDocument,
    documents: files.length,
    variants,
    relationsTruth,
  };
}

const started = performance.now();
const cases = await tabulaCases();
const mode = (process.argv[2] as "auto" | "lattice" | "stream" | undefined) ?? "auto";
const icdarResult = await icdar(mode);
console.log(`\nICDAR 2013 (${icdarResult.documents} documents, tables.mode ${mode})`);
for (const line of icdarResult.perDocument) console.log(line);
const seconds = (performance.now() - started) / 1000;
console.log("\nfigure                                   measured        goal");
console.log(
  `tabula-java cases, exact match           ${`${cases.exact}/${cases.total} = ${percent(cases.exact / cases.total)}`.padEnd(15)} >= 90 %`,
);
console.log(
  `tabula-java cases, whitespace-normalised ${`${cases.loose}/${cases.total} = ${percent(cases.loose / cases.total)}`.padEnd(15)}`,
);
console.log(
  `ICDAR 2013 region F1 (IoU >= 0.5)        ${icdarResult.regions.f1.toFixed(3).padEnd(15)} >= 0.8   (P ${icdarResult.regions.precision.toFixed(3)}, R ${icdarResult.regions.recall.toFixed(3)}; ${icdarResult.matched} of ${icdarResult.expected} annotated, ${icdarResult.detected} detected)`,
);
console.log(
  `ICDAR 2013 cell adjacency-relation F1    ${icdarResult.relations.f1.toFixed(3).padEnd(15)} >= 0.8   (P ${icdarResult.relations.precision.toFixed(3)}, R ${icdarResult.relations.recall.toFixed(3)})`,
);
console.log(
  `peak RSS of this Node process            ${`${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`.padEnd(15)} (the JVM runs as a child; see bench/pdf-extraction.ts)`,
);
console.log(
  "\nICDAR 2013 with the pdf.js detectors on pages tabula left empty (same run, same tabula output)",
);
console.log(
  "variant                 tables  added  region P  region R  region F1  adjacency P  adjacency R  adjacency F1",
);
for (const [name, variant] of Object.entries(icdarResult.variants)) {
  const regions = f1(variant.matched, variant.detected, icdarResult.expected);
  const relations = f1(variant.relationsCommon, variant.relationsFound, icdarResult.relationsTruth);
  console.log(
    `${name.padEnd(23)} ${String(variant.detected).padStart(6)} ${String(variant.added).padStart(6)}  ${regions.precision.toFixed(3).padStart(8)}  ${regions.recall.toFixed(3).padStart(8)}  ${regions.f1.toFixed(3).padStart(9)}  ${relations.precision.toFixed(3).padStart(11)}  ${relations.recall.toFixed(3).padStart(11)}  ${relations.f1.toFixed(3).padStart(12)}`,
  );
}
console.log(`wall time                                ${seconds.toFixed(1)} s`);
