/** Regions of the return table, in the order rows cycle through them. */
export declare const REGIONS: string[];
/** 180 monthly return rows (36 months × 5 regions). */
export declare function returnRows(): { month: string; region: string; returned: number; rate: number }[];
/** Defects of one quarter by plant: parts per million, per mille and basis points. */
export declare function defectRows(): {
  plant: string;
  defects_ppm: number;
  scrap_per_mille: number;
  margin_bp: number;
}[];
