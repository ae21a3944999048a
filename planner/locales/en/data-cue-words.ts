/**
 * English words that say a question is about business data though no catalog term matched
 * ("what does the report show for last quarter?"). The workspace's own catalog words are cues too
 * (planner/router.ts); these are the ones every workspace shares.
 */
export const englishDataCues: readonly string[] = (
  "data report reports metric metrics quarter quarters month months rate rates policy sales order orders " +
  "customer customers figure figures number numbers dashboard kpi"
).split(" ");
