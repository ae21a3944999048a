/**
 * Service complaints of 2023 by category, sub-type and month, split deterministically from the
 * quarterly totals in demo/FACTS.md so that every quarter adds up exactly.
 */

/** One row of the "Service complaints" grid. */
export interface ComplaintRow {
  category: string;
  sub_type: string;
  /** YYYY-MM */
  month: string;
  /** "Q1 2023" as the grid shows it. */
  quarter: string;
  complaints: number;
}

/** FACTS.md: complaints per category per quarter of 2023. */
export const COMPLAINTS_BY_QUARTER: Record<string, [number, number, number, number]> = {
  Service: [35, 38, 42, 61],
  Delivery: [50, 47, 44, 40],
  Product: [28, 30, 27, 29],
};

/** Sub-types per category; FACTS.md names the Service ones. */
export const SUB_TYPES: Record<string, string[]> = {
  Service: ["Slow response", "Wrong information", "Rude staff", "Ticket lost"],
  Delivery: ["Late delivery", "Damaged parcel", "Lost parcel"],
  Product: ["Defect", "Not as described", "Missing parts"],
};

// Splits a total into `parts` non-negative integers with fixed weights; the remainder goes to the first parts.
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  let remainder = total - shares.reduce((a, b) => a + b, 0);
  for (let index = 0; remainder > 0; index = (index + 1) % shares.length, remainder -= 1) shares[index] += 1;
  return shares;
}

function buildRows(): ComplaintRow[] {
  const rows: ComplaintRow[] = [];
  for (const [category, quarters] of Object.entries(COMPLAINTS_BY_QUARTER)) {
    quarters.forEach((quarterTotal, quarterIndex) => {
      const monthly = split(quarterTotal, [3, 4, 3 + quarterIndex]);
      monthly.forEach((monthTotal, monthOffset) => {
        const month = `2023-${String(quarterIndex * 3 + monthOffset + 1).padStart(2, "0")}`;
        const bySubType = split(
          monthTotal,
          SUB_TYPES[category].map(
            (_, index) => SUB_TYPES[category].length + 2 - index + ((monthOffset + index) % 2),
          ),
        );
        SUB_TYPES[category].forEach((sub_type, index) => {
          rows.push({
            category,
            sub_type,
            month,
            quarter: `Q${quarterIndex + 1} 2023`,
            complaints: bySubType[index],
          });
        });
      });
    });
  }
  return rows.sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      a.category.localeCompare(b.category) ||
      a.sub_type.localeCompare(b.sub_type),
  );
}

/** Every row of the grid: 3 categories × their sub-types × 12 months of 2023 (120 rows). */
export const complaintRows: ComplaintRow[] = buildRows();
