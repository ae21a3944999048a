/** Chinese words that make a stem a measure (退货 → 退货率 / 退货占比). */
export const chineseMeasureHeads: readonly string[] = ["占比", "比率", "比例", "比重", "率"];
