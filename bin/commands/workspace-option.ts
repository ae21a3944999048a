import { Option } from "commander";

/** --workspace DIR, defaulting to $TRIANGULATE_WORKSPACE or the current folder (loaded by open-workspace.ts). */
export const workspaceOption = () =>
  new Option("-w, --workspace <dir>", "workspace folder holding triangulate.yaml").default(
    process.env.TRIANGULATE_WORKSPACE ?? ".",
  );

/** --planner catalog|model of `ask` and `plan` (unset: the workspace decides). */
export const plannerOption = () =>
  new Option("--planner <kind>", "catalog (deterministic) or model (Ollama, falls back to catalog)").choices([
    "catalog",
    "model",
  ]);
