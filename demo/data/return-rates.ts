/**
 * Monthly return rates of the demo retailer (demo/FACTS.md), generated deterministically so the
 * BI portal, the CSV export and the tests all read the same numbers.
 */

/** One row of the sales (or support) "Returns" dashboard. */
export interface ReturnRateRow {
  product: string;
  region: string;
  /** YYYY-MM */
  month: string;
  /** Percent, one decimal: 5.2 means 5.2 %. */
  return_rate: number;
}

/** Products in the order the dashboards list them. */
export const PRODUCTS = ["A", "B", "C"] as const;
/** Regions in the order the dashboards list them. */
export const REGIONS = ["East", "North", "South", "West"] as const;
/** Every month the dashboards cover: 2023-01 … 2024-12. */
export const MONTHS: string[] = [2023, 2024].flatMap((year) =>
  Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, "0")}`),
);

// The keys FACTS.md names; everything else is generated around them.
const SALES_FIXED: Record<string, number> = {
  "A|East|2023-12": 3.4,
  "A|East|2024-01": 5.2,
  "A|East|2024-02": 4.6,
  "B|North|2023-12": 3.0,
  "B|North|2024-01": 3.1,
  "B|North|2024-02": 3.2,
};
// The one key on which the support team counts differently (FACTS.md: the conflict).
const SUPPORT_OVERRIDES: Record<string, number> = { "A|East|2024-01": 5.9 };
// FACTS.md: C / West has no rows for 2024-02 anywhere.
const MISSING = new Set(["C|West|2024-02"]);

const PRODUCT_BASE: Record<string, number> = { A: 3.3, B: 2.9, C: 4.1 };
const REGION_OFFSET: Record<string, number> = { East: 0.2, North: 0, South: 0.4, West: -0.3 };

// A small integer hash (FNV-1a) so the noise is stable across runs and platforms.
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

function generatedRate(product: string, region: string, month: string): number {
  const monthNumber = Number(month.slice(5, 7));
  // Returns rise after the gift season (December–January) and dip in spring.
  const season =
    monthNumber === 1 ? 0.5 : monthNumber === 12 ? 0.3 : monthNumber >= 3 && monthNumber <= 5 ? -0.2 : 0;
  const noise = ((hash(`${product}|${region}|${month}`) % 1000) / 1000 - 0.5) * 0.8;
  return Math.round((PRODUCT_BASE[product] + REGION_OFFSET[region] + season + noise) * 10) / 10;
}

function buildRows(overrides: Record<string, number>): ReturnRateRow[] {
  const rows: ReturnRateRow[] = [];
  for (const month of MONTHS) {
    for (const product of PRODUCTS) {
      for (const region of REGIONS) {
        const key = `${product}|${region}|${month}`;
        if (MISSING.has(key)) continue;
        const return_rate = overrides[key] ?? SALES_FIXED[key] ?? generatedRate(product, region, month);
        rows.push({ product, region, month, return_rate });
      }
    }
  }
  return rows;
}

/** Return rates as the sales BI shows them (and the CSV export holds). */
export const salesReturnRates: ReturnRateRow[] = buildRows({});

/** Return rates as the support BI shows them: the sales numbers except the one conflicting key. */
export const supportReturnRates: ReturnRateRow[] = buildRows(SUPPORT_OVERRIDES);

/** The rows as CSV with the headers the dashboards show (Product, Region, Month, Return rate). */
export function returnRatesCsv(rows: ReturnRateRow[] = salesReturnRates): string {
  const lines = [
    "Product,Region,Month,Return rate",
    ...rows.map((row) => `${row.product},${row.region},${row.month},${row.return_rate.toFixed(1)}%`),
  ];
  return `${lines.join("\n")}\n`;
}
