import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { loadWorkspace } from "../../config/load-workspace.js";
import { askQuestion } from "../../planner/ask.js";

// Issue 29 item 5 on two workspaces that are not the demo: the same event recorded by two sources
// (same date and keys, the same version or description) is listed once with both citations; an
// event the second source dates otherwise is said to disagree; an event only one source has is
// listed once, from it. Each workspace gets a second source of one of its events (a copy: an IT
// change log of TMS releases for Polar, an HR roster's staffing changes for Harbor clinics).

const here = path.dirname(new URL(import.meta.url).pathname);
const temporary: string[] = [];
afterAll(() => {
  for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
});

function copyOf(folder: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), "triangulate-same-event-"));
  temporary.push(copy);
  cpSync(path.join(here, folder), copy, {
    recursive: true,
    filter: (source) => !source.includes(".triangulate"),
  });
  return copy;
}

/** The workspace's configuration with one more source. */
function addSource(directory: string, name: string, source: Record<string, unknown>): void {
  const file = path.join(directory, "triangulate.yaml");
  const config = parseYaml(readFileSync(file, "utf8")) as { sources: Record<string, unknown> };
  config.sources[name] = source;
  writeFileSync(file, stringifyYaml(config));
}

/** The lines of the answer that name a text. */
function linesWith(text: string, needle: string): string[] {
  return text.split("\n").filter((line) => line.includes(needle));
}

describe("one event, once, from two sources", () => {
  it("Polar: TMS releases from the ops exports and an IT change log", async () => {
    const directory = copyOf("../held-out/round9/polar/workspace");
    // 5.1.0 and 5.3.0 as the ops exports date them; 5.2.0 a day later; no 5.0.0.
    writeFileSync(
      path.join(directory, "data/it-changes.csv"),
      "Release,Released on,Notes\n5.1.0,2024-01-22,Sensor calibration\n5.2.0,2024-04-17,Door alarms\n5.3.0,2024-06-25,Route planning\n",
    );
    addSource(directory, "it_log", {
      kind: "file",
      trust: 0.5,
      description: "IT change log (TMS releases)",
      datasets: {
        releases: {
          path: "data/it-changes.csv",
          columns: { Release: "version", "Released on": "release_date", Notes: "notes" },
          types: { version: "string", release_date: "date" },
          period_column: "release_date",
          offers: { events: ["tms_release"] },
        },
      },
    });
    const workspace = loadWorkspace(directory);
    expect(Object.keys(workspace.config.sources)).toContain("it_log");
    const { answer } = await askQuestion("Which TMS versions were released in 2024?", workspace, {
      asOf: "2024-10-15",
      record: false,
    });
    // Each version once: 5.1.0 and 5.3.0 cited from both sources, 5.2.0 with the sources' two dates.
    for (const version of ["5.1.0", "5.2.0", "5.3.0"])
      expect(linesWith(answer.text, version).filter((line) => /^\s+\S/.test(line)).length, answer.text).toBe(
        1,
      );
    const fused = linesWith(answer.text, "5.1.0")[0];
    expect(fused.match(/\[\d+\]/g)?.length, answer.text).toBeGreaterThanOrEqual(2);
    // The day the other source gives, beside the event, in the answer's language.
    expect(linesWith(answer.text, "5.2.0")[0]).toContain("(it_log: 2024-04-17)");
    expect(answer.text).not.toContain("5.0.0");
    const chinese = await askQuestion("2024年TMS发布了哪些版本？", workspace, {
      asOf: "2024-10-15",
      record: false,
    });
    expect(linesWith(chinese.answer.text, "5.2.0").filter((line) => /^\s+\S/.test(line))).toHaveLength(1);
    expect(chinese.answer.text).toContain("（it_log 记录为 2024-04-17）");
  });

  it("Harbor clinics: staffing changes from the front desk and an HR roster", async () => {
    const directory = copyOf("../workspaces/harbor-clinics");
    writeFileSync(
      path.join(directory, "data/hr-roster.csv"),
      "clinic,effective,change\n浦东,2024-03-04,two triage nurses left\n静安,2024-06-03,a new doctor joined\n",
    );
    addSource(directory, "hr", {
      kind: "file",
      trust: 0.6,
      description: "HR roster (staffing changes)",
      datasets: {
        roster: {
          path: "data/hr-roster.csv",
          columns: { clinic: "clinic", effective: "date", change: "change" },
          types: { date: "date" },
          period_column: "date",
          offers: { events: ["staff_change"], dimensions: ["clinic"], grain: "day" },
        },
      },
    });
    const workspace = loadWorkspace(directory);
    expect(Object.keys(workspace.config.sources)).toContain("hr");
    const { answer } = await askQuestion("Were there any staff changes in 2024?", workspace, {
      asOf: "2024-09-30",
      record: false,
    });
    const pudong = linesWith(answer.text, "two triage nurses left");
    expect(pudong.length, answer.text).toBe(1);
    expect(pudong[0].match(/\[\d+\]/g)?.length, answer.text).toBeGreaterThanOrEqual(2);
    expect(linesWith(answer.text, "a new doctor joined").length, answer.text).toBe(1);
    expect(linesWith(answer.text, "new reception desk opened").length, answer.text).toBe(1);
  });
});
