import type { AdapterFactory } from "../adapter.js";
import { StepError } from "../../models/step-error.js";

// PLACEHOLDER until the bi_dashboard adapter lands: every fetch fails as a config error, never silently.
export const createBiDashboardAdapter: AdapterFactory = (name) => ({
  kind: "bi_dashboard",
  name,
  describe: () => ({ name, kind: "bi_dashboard", trust: 0, datasets: [], text_search: false }),
  fetch: async () => {
    throw new StepError("config_error", `source ${name}: the bi_dashboard adapter is not built yet`);
  },
  normalize: () => {
    throw new StepError("config_error", `source ${name}: the bi_dashboard adapter is not built yet`);
  },
  close: async () => {},
});
