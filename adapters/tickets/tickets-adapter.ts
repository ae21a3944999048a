import type { AdapterFactory } from "../adapter.js";
import { StepError } from "../../models/step-error.js";

// PLACEHOLDER until the tickets adapter lands: every fetch fails as a config error, never silently.
export const createTicketsAdapter: AdapterFactory = (name) => ({
  kind: "tickets",
  name,
  describe: () => ({ name, kind: "tickets", trust: 0, datasets: [], text_search: false }),
  fetch: async () => {
    throw new StepError("config_error", `source ${name}: the tickets adapter is not built yet`);
  },
  normalize: () => {
    throw new StepError("config_error", `source ${name}: the tickets adapter is not built yet`);
  },
  close: async () => {},
});
