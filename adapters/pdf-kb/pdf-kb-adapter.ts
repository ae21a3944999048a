import type { AdapterFactory } from "../adapter.js";
import { StepError } from "../../models/step-error.js";

// PLACEHOLDER until the pdf_kb adapter lands: every fetch fails as a config error, never silently.
export const createPdfKnowledgeBaseAdapter: AdapterFactory = (name) => ({
  kind: "pdf_kb",
  name,
  describe: () => ({ name, kind: "pdf_kb", trust: 0, datasets: [], text_search: false }),
  fetch: async () => {
    throw new StepError("config_error", `source ${name}: the pdf_kb adapter is not built yet`);
  },
  normalize: () => {
    throw new StepError("config_error", `source ${name}: the pdf_kb adapter is not built yet`);
  },
  close: async () => {},
});
