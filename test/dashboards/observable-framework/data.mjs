// The rows the test dashboard shows: a pure function of the row number, shared by the build and the tests.

/** Regions of the return table, in the order rows cycle through them. */
export const REGIONS = ["East", "North", "South", "West", "Central"];

/** 180 monthly return rows (36 months × 5 regions): month, region, returned (count), rate (percent). */
export function returnRows() {
  const rows = [];
  for (let month = 0; month < 36; month += 1) {
    for (const [position, region] of REGIONS.entries()) {
      rows.push({
        month: `${2022 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}`,
        region,
        returned: 100 + ((month * 37 + position * 131) % 900) * 3,
        rate: Number((1 + ((month * 7 + position * 3) % 40) / 10).toFixed(1)),
      });
    }
  }
  return rows;
}

/** Defects of one quarter by plant: parts per million, per mille and basis points as the page writes them. */
export function defectRows() {
  return ["Suzhou", "Ningbo", "Tianjin", "Chengdu"].map((plant, position) => ({
    plant,
    defects_ppm: 120 + position * 45,
    scrap_per_mille: Number((1.5 + position * 0.7).toFixed(1)),
    margin_bp: 35 + position * 12,
  }));
}
