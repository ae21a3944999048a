import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import type { Evidence } from "../../models/evidence.js";
import { demoWorkspace, goal } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { synthesizeAnswer } from "./synthesize.js";

// Issue 29.5: the same four CRM releases from the ticket system (trust 0.9) and the release-notes
// PDF (trust 0.6) were listed twice. Now one list, each release cited from both sources, and a
// release only one source lists marked with it.
const workspace = demoWorkspace();
const period = { grain: "month" as const, from: "2023-07-01", to: "2023-12-31" };

function releases(source: string, rows: Record<string, string>[]): Evidence {
  const columns = Object.keys(rows[0]).map((name) => ({
    name,
    type: name.endsWith("date") ? "date" : "string",
  }));
  return {
    kind: "table",
    columns: columns as never,
    rows,
    provenance: rows.map((_, index) => ({
      source,
      url: `http://127.0.0.1/${source}`,
      locator: `row ${index + 1}`,
    })),
    notes: [],
  };
}

function outcome(id: string, source: string, dataset: string, evidence: Evidence): GoalOutcome {
  const subGoal = goal({
    id,
    source,
    dataset,
    expected_format: "records",
    params: { event: "crm_release", filters: {}, period },
  });
  return { goal: subGoal, planned: subGoal, status: "answered", evidence };
}

const fromTickets = outcome(
  "g1",
  "tickets",
  "crm_releases",
  releases("tickets", [
    { key: "CRM-33", version: "3.3.0", release_date: "2023-09-04", modules: "Service Desk" },
    { key: "CRM-34", version: "3.4.0", release_date: "2023-11-20", modules: "Service Desk, Billing" },
  ]),
);
const fromNotes = outcome(
  "g2",
  "handbook",
  "crm_versions",
  releases("handbook", [
    { version: "3.3.0", release_date: "2023-09-04", modules: "Service Desk" },
    { version: "3.4.0", release_date: "2023-11-20", modules: "Service Desk, Billing" },
    { version: "3.4.1", release_date: "2023-12-11", modules: "Reports" },
  ]),
);

async function answerText(outcomes: GoalOutcome[], language: "en" | "zh-Hans" = "en") {
  const synthesis = await synthesizeAnswer({
    question: "Which CRM releases came out in H2 2023?",
    language,
    outcomes,
    comparisons: compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config),
    broadenings: [],
    gaps: [],
    workspace,
    trace: new TraceRecorder(),
  });
  expect(synthesis.audit.passed).toBe(true);
  if (process.env.TRIANGULATE_PRINT) console.log(synthesis.answer.text);
  return synthesis.answer.text;
}

describe("one event, once", () => {
  it("lists each release once, cited from both sources, and marks the one only the notes list", async () => {
    for (const order of [
      [fromNotes, fromTickets],
      [fromTickets, fromNotes],
    ]) {
      const text = await answerText(order);
      expect(text.match(/3\.3\.0/g)).toHaveLength(1);
      expect(text.match(/3\.4\.0/g)).toHaveLength(1);
      expect(text).toMatch(/CRM-33 2023-09-04 · 3\.3\.0 · Service Desk \[\d\] \[\d\]/);
      expect(text).toMatch(/2023-12-11 · Reports \[\d\] \(only in handbook\)/);
      expect(text.match(/^CRM release:/gm)).toHaveLength(1);
      // The sources still disagree on the third release, and the answer says so.
      expect(text).toContain("Event sources disagree:");
    }
    expect(await answerText([fromTickets, fromNotes], "zh-Hans")).toMatch(/（仅见于 handbook）/);
  });

  it("keeps two changes on one day in one region apart when nothing else they say is shared", async () => {
    const other = outcome(
      "g2",
      "handbook",
      "crm_versions",
      releases("handbook", [{ version: "9.9.9", release_date: "2023-09-04", modules: "Loyalty" }]),
    );
    const text = await answerText([fromTickets, other]);
    expect(text).toContain("9.9.9");
    expect(text).toMatch(/only in handbook/);
  });
});
