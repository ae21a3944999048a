/** VIP repurchase rate by quarter (demo/FACTS.md gives 2023; 2022 and 2024 surround it). */

/** One row of the "VIP repurchase" table. */
export interface VipRepurchaseRow {
  /** YYYY-Qn */
  quarter: string;
  /** Percent: 18.2 means 18.2 %. */
  vip_repurchase_rate: number;
}

/** Every quarter the dashboard shows, oldest first. */
export const vipRepurchaseRows: VipRepurchaseRow[] = [
  { quarter: "2022-Q1", vip_repurchase_rate: 16.9 },
  { quarter: "2022-Q2", vip_repurchase_rate: 17.3 },
  { quarter: "2022-Q3", vip_repurchase_rate: 17.8 },
  { quarter: "2022-Q4", vip_repurchase_rate: 18.0 },
  { quarter: "2023-Q1", vip_repurchase_rate: 18.2 },
  { quarter: "2023-Q2", vip_repurchase_rate: 19.5 },
  { quarter: "2023-Q3", vip_repurchase_rate: 22.8 },
  { quarter: "2023-Q4", vip_repurchase_rate: 24.1 },
  { quarter: "2024-Q1", vip_repurchase_rate: 23.6 },
  { quarter: "2024-Q2", vip_repurchase_rate: 23.9 },
  { quarter: "2024-Q3", vip_repurchase_rate: 24.4 },
  { quarter: "2024-Q4", vip_repurchase_rate: 24.7 },
];
