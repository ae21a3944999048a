/**
 * What the Request Tracker tests and bench seed (through REST 2.0) and what they expect back: a
 * queue of the run's own, six quality tickets with three custom fields ("Effective date", a date
 * named with a space; "Parts", a multi-value select holding "Steering knuckle"; "Site", a select
 * storing Chinese display names), then edits so the history holds real transactions.
 */
import {
  ensureCustomField,
  type RealRequestTracker,
  requestTrackerRest,
  withSeedLock,
} from "./real-request-tracker.js";

/** One planned ticket: its custom fields at creation and the edits made after. */
export interface PlannedTicket {
  subject: string;
  effective: string;
  parts: string[];
  site: string;
  edits: { status?: string; parts?: string[]; site?: string; effective?: string }[];
}

/** The tickets of one seeded queue, in creation order. */
export const PLAN: PlannedTicket[] = [
  {
    subject: "Knuckle supplier switch",
    effective: "2024-01-15",
    parts: ["Brake pad"],
    site: "高雄",
    edits: [{ parts: ["Steering knuckle"] }, { effective: "2024-01-17", status: "open" }],
  },
  {
    subject: "Hub recall",
    effective: "2024-03-01",
    parts: ["Wheel hub"],
    site: "台北",
    edits: [{ status: "open" }, { status: "resolved" }],
  },
  {
    subject: "Knuckle cracks",
    effective: "2024-02-10",
    parts: ["Steering knuckle", "Brake pad"],
    site: "高雄",
    edits: [{ parts: ["Steering knuckle"] }, { site: "台中" }],
  },
  {
    subject: "Before the period",
    effective: "2023-11-30",
    parts: ["Brake pad"],
    site: "台北",
    edits: [{ effective: "2023-12-05" }],
  },
  { subject: "Pad wear", effective: "2024-05-20", parts: ["Brake pad"], site: "台中", edits: [] },
  {
    subject: "Knuckle next year",
    effective: "2025-02-01",
    parts: ["Steering knuckle"],
    site: "高雄",
    edits: [],
  },
];

/** The catalog code of each stored site name (test/workspaces/request-tracker). */
export const CATALOG_SITE: Record<string, string> = { 高雄: "KHH", 台北: "TPE", 台中: "TXG" };

/** A ticket as the seed left it. */
export interface SeededTicket extends PlannedTicket {
  id: number;
  final: { status: string; parts: string[]; site: string; effective: string };
}

/** Seeds a new queue of tickets and their edits; the custom fields are made once (global) and reused. */
export async function seedRequestTracker(
  tracker: RealRequestTracker,
): Promise<{ queue: string; tickets: SeededTicket[] }> {
  // Fields of one name made twice by two test files at once would be two fields: one at a time.
  await withSeedLock(async () => {
    await ensureCustomField(tracker, { name: "Effective date", type: "Date", maxValues: 1 });
    await ensureCustomField(tracker, {
      name: "Parts",
      type: "Select",
      maxValues: 0,
      values: ["Steering knuckle", "Brake pad", "Wheel hub"],
    });
    await ensureCustomField(tracker, {
      name: "Site",
      type: "Select",
      maxValues: 1,
      values: ["高雄", "台北", "台中"],
    });
  });
  const queue = `Triangulate ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await requestTrackerRest(tracker, "POST", "/queue", { Name: queue });
  const tickets: SeededTicket[] = [];
  for (const planned of PLAN) {
    const created = (await requestTrackerRest(tracker, "POST", "/ticket", {
      Queue: queue,
      Subject: planned.subject,
      CustomFields: { "Effective date": planned.effective, Parts: planned.parts, Site: planned.site },
    })) as { id: string };
    const final = { status: "new", parts: planned.parts, site: planned.site, effective: planned.effective };
    for (const edit of planned.edits) {
      await requestTrackerRest(tracker, "PUT", `/ticket/${created.id}`, {
        ...(edit.status ? { Status: edit.status } : {}),
        CustomFields: {
          ...(edit.parts ? { Parts: edit.parts } : {}),
          ...(edit.site ? { Site: edit.site } : {}),
          ...(edit.effective ? { "Effective date": edit.effective } : {}),
        },
      });
      Object.assign(
        final,
        Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)),
      );
    }
    tickets.push({ ...planned, id: Number(created.id), final });
  }
  return { queue, tickets };
}

/** The changes the seed made, one per edited field, an edit of the multi-value Parts as one change. */
export function seededChanges(tickets: SeededTicket[]): string[] {
  const changes: string[] = [];
  for (const ticket of tickets) {
    const state = { status: "new", parts: ticket.parts, site: ticket.site, effective: ticket.effective };
    for (const edit of ticket.edits) {
      if (edit.status) changes.push(`${ticket.id} Status: ${state.status} → ${edit.status}`);
      if (edit.parts) {
        const removed = state.parts.filter((part) => !edit.parts!.includes(part));
        const added = edit.parts.filter((part) => !state.parts.includes(part));
        changes.push(`${ticket.id} Parts: ${removed.join(", ") || null} → ${added.join(", ") || null}`);
      }
      if (edit.site) changes.push(`${ticket.id} Site: ${state.site} → ${edit.site}`);
      if (edit.effective) changes.push(`${ticket.id} Effective date: ${state.effective} → ${edit.effective}`);
      Object.assign(
        state,
        Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)),
      );
    }
  }
  return changes;
}
