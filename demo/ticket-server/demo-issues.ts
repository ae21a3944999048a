import { complaintRows, SUB_TYPES } from "../data/service-complaints.js";
/**
 * The demo retailer's Jira issues (demo/FACTS.md), built deterministically in Jira's v2 wire
 * format: LOG (logistics provider changes), CRM (module releases), SVC (2023 complaints whose
 * per-quarter counts per category match FACTS.md exactly).
 */

/** One change set of an issue's changelog, as Jira sends it. */
export interface JiraHistory {
  id: string;
  author: { displayName: string; accountId: string };
  created: string;
  items: {
    field: string;
    fieldtype: string;
    from: string | null;
    fromString: string | null;
    to: string | null;
    toString: string | null;
  }[];
}

/** An issue as the demo server stores it: the v2 representation plus its full changelog. */
export interface DemoIssue {
  id: string;
  key: string;
  fields: Record<string, unknown>;
  histories: JiraHistory[];
}

/** The demo's time zone: Lumen Home works in China (UTC+8); JQL dates are read in it too. */
export const DEMO_OFFSET = "+0800";

/** Complaints per category per quarter of 2023 (FACTS.md). */
export const COMPLAINTS_2023: Record<string, [number, number, number, number]> = {
  Service: [35, 38, 42, 61],
  Delivery: [50, 47, 44, 40],
  Product: [28, 30, 27, 29],
};

/** Service sub-types (FACTS.md). */
export const SERVICE_SUB_TYPES = SUB_TYPES.Service;
const ALL_SUB_TYPES = Object.values(SUB_TYPES).flat();

/** CRM releases (FACTS.md). */
export const CRM_RELEASES: { version: string; date: string; modules: string[] }[] = [
  { version: "3.1.0", date: "2023-04-12", modules: ["Orders", "Reporting"] },
  { version: "3.2.0", date: "2023-07-20", modules: ["Ticketing", "Loyalty"] },
  { version: "3.3.0", date: "2023-09-05", modules: ["Service Desk"] },
  { version: "3.4.0", date: "2023-10-18", modules: ["Service Desk", "Notifications"] },
  { version: "3.5.0", date: "2023-12-01", modules: ["Loyalty"] },
];

function pad(value: number, size = 2): string {
  return String(value).padStart(size, "0");
}

/** A Jira timestamp in the demo's zone: 2024-01-10T09:30:00.000+0800. */
export function jiraTime(day: string, minutes: number): string {
  return `${day}T${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}:00.000${DEMO_OFFSET}`;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A small deterministic generator (LCG) so the demo data is the same on every start. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PEOPLE = ["Li Wei", "Zhang Min", "Wang Fang", "Chen Jie"];

function statusHistories(
  id: number,
  _created: string,
  steps: { at: string; from: string; to: string }[],
  author: string,
): JiraHistory[] {
  return steps.map((step, index) => ({
    id: String(id * 10 + index),
    author: { displayName: author, accountId: `acct-${author.toLowerCase().replace(/\s+/g, "-")}` },
    created: step.at,
    items: [
      { field: "status", fieldtype: "jira", from: null, fromString: step.from, to: null, toString: step.to },
    ],
  }));
}

function baseFields(
  project: string,
  type: string,
  summary: string,
  created: string,
  updated: string,
  status: string,
): Record<string, unknown> {
  return {
    summary,
    issuetype: { name: type, subtask: false },
    project: {
      key: project,
      name:
        { LOG: "Logistics", CRM: "CRM platform", SVC: "Customer service", BENCH: "Benchmark" }[project] ??
        project,
    },
    status: {
      name: status,
      statusCategory: { key: status === "Done" ? "done" : "new", name: status === "Done" ? "Done" : "To Do" },
    },
    created,
    updated,
    components: [],
    fixVersions: [],
    labels: [],
  };
}

function logIssues(): DemoIssue[] {
  const changes = [
    {
      number: 87,
      region: "North",
      from: "NorthLine",
      to: "CargoOne",
      date: "2023-06-01",
      created: "2023-05-25",
    },
    {
      number: 101,
      region: "East",
      from: "SwiftShip",
      to: "EastExpress",
      date: "2024-01-15",
      created: "2024-01-10",
    },
    {
      number: 112,
      region: "South",
      from: "SwiftShip",
      to: "SunRoute",
      date: "2024-03-04",
      created: "2024-02-27",
    },
  ];
  const issues: DemoIssue[] = changes.map((change) => {
    const created = jiraTime(change.created, 9 * 60 + 30);
    const started = jiraTime(addDays(change.created, 2), 10 * 60);
    const done = jiraTime(change.date, 17 * 60 + 45);
    const author = PEOPLE[change.number % PEOPLE.length];
    const histories = statusHistories(
      change.number,
      created,
      [
        { at: started, from: "To Do", to: "In Progress" },
        { at: done, from: "In Progress", to: "Done" },
      ],
      author,
    );
    histories.push({
      id: String(change.number * 10 + 9),
      author: { displayName: author, accountId: `acct-${author.toLowerCase().replace(/\s+/g, "-")}` },
      created: done,
      items: [
        {
          field: "Logistics provider",
          fieldtype: "custom",
          from: null,
          fromString: change.from,
          to: null,
          toString: change.to,
        },
      ],
    });
    return {
      id: String(20_000 + change.number),
      key: `LOG-${change.number}`,
      fields: {
        ...baseFields(
          "LOG",
          "Provider Change",
          `${change.region} China: switch provider from ${change.from} to ${change.to}`,
          created,
          done,
          "Done",
        ),
        customfield_10012: {
          value: change.region,
          id: `1001${["East", "North", "South", "West"].indexOf(change.region)}`,
        },
        customfield_10015: change.from,
        customfield_10013: change.to,
        customfield_10014: change.date,
      },
      histories,
    };
  });
  // Other LOG work in the same months, so the issue type matters in a search.
  for (const task of [
    {
      number: 95,
      region: "North",
      summary: "North China: quarterly carrier performance review",
      created: "2024-01-08",
    },
    {
      number: 104,
      region: "East",
      summary: "East China: update warehouse shelf labels",
      created: "2024-01-20",
    },
  ]) {
    const created = jiraTime(task.created, 14 * 60);
    issues.push({
      id: String(20_000 + task.number),
      key: `LOG-${task.number}`,
      fields: {
        ...baseFields("LOG", "Task", task.summary, created, created, "To Do"),
        customfield_10012: { value: task.region, id: "10019" },
        customfield_10015: null,
        customfield_10013: null,
        customfield_10014: null,
      },
      histories: [],
    });
  }
  return issues.sort((a, b) => String(a.fields.created).localeCompare(String(b.fields.created)));
}

function crmIssues(): DemoIssue[] {
  return CRM_RELEASES.map((release, index) => {
    const created = jiraTime(addDays(release.date, -14), 11 * 60);
    const done = jiraTime(release.date, 18 * 60);
    const author = PEOPLE[index % PEOPLE.length];
    return {
      id: String(30_001 + index),
      key: `CRM-${index + 1}`,
      fields: {
        ...baseFields("CRM", "Release", `Release CRM ${release.version}`, created, done, "Done"),
        fixVersions: [{ name: release.version, releaseDate: release.date, released: true }],
        components: release.modules.map((module, moduleIndex) => ({
          name: module,
          id: String(40_000 + index * 10 + moduleIndex),
        })),
        customfield_10030: release.date,
      },
      histories: statusHistories(
        30_001 + index,
        created,
        [
          { at: jiraTime(addDays(release.date, -7), 9 * 60), from: "To Do", to: "In Progress" },
          { at: done, from: "In Progress", to: "Done" },
        ],
        author,
      ),
    };
  });
}

const QUARTER_START = ["2023-01-01", "2023-04-01", "2023-07-01", "2023-10-01"];
const QUARTER_DAYS = [90, 91, 92, 92];

/**
 * The sub-types of one category's complaints in one quarter, in month order, as many of each as the
 * BI grid counts (demo/data/service-complaints.ts): the ticket system and the grid agree per quarter.
 */
function subTypesOf(category: string, quarter: number): string[] {
  return complaintRows
    .filter((row) => row.category === category && row.quarter === `Q${quarter + 1} 2023`)
    .flatMap((row) => Array.from({ length: row.complaints }, () => row.sub_type));
}

function svcIssues(): DemoIssue[] {
  const random = generator(2023);
  const drafts: { category: string; day: string; minutes: number; subType: string | null }[] = [];
  for (const [category, counts] of Object.entries(COMPLAINTS_2023)) {
    counts.forEach((count, quarter) => {
      const subTypes = subTypesOf(category, quarter);
      for (let index = 0; index < count; index += 1) {
        const day = addDays(
          QUARTER_START[quarter],
          Math.floor(((index + 0.5) * QUARTER_DAYS[quarter]) / count),
        );
        const minutes = 8 * 60 + Math.floor(random() * 12 * 60);
        // The draw stays (the creation minutes that follow keep their values); the sub-type is the grid's.
        if (category === "Service") random();
        const subType = subTypes[index] ?? null;
        drafts.push({ category, day, minutes, subType });
      }
    });
  }
  drafts.sort(
    (a, b) => a.day.localeCompare(b.day) || a.minutes - b.minutes || a.category.localeCompare(b.category),
  );
  return drafts.map((draft, index) => {
    const created = jiraTime(draft.day, draft.minutes);
    const resolved = jiraTime(addDays(draft.day, 1 + (index % 4)), Math.min(draft.minutes + 60, 23 * 60));
    const author = PEOPLE[index % PEOPLE.length];
    return {
      id: String(50_001 + index),
      key: `SVC-${index + 1}`,
      fields: {
        ...baseFields(
          "SVC",
          "Complaint",
          `${draft.category} complaint${draft.subType ? `: ${draft.subType.toLowerCase()}` : ""}`,
          created,
          resolved,
          "Done",
        ),
        customfield_10020: {
          value: draft.category,
          id: String(10_100 + Object.keys(COMPLAINTS_2023).indexOf(draft.category)),
        },
        customfield_10021: draft.subType
          ? { value: draft.subType, id: String(10_200 + ALL_SUB_TYPES.indexOf(draft.subType)) }
          : null,
      },
      histories: statusHistories(
        50_001 + index,
        created,
        [
          {
            at: jiraTime(draft.day, Math.min(draft.minutes + 20, 23 * 60 + 59)),
            from: "Open",
            to: "In Progress",
          },
          { at: resolved, from: "In Progress", to: "Done" },
        ],
        author,
      ),
    };
  });
}

/** Synthetic issues for the paging benchmark: project BENCH, spread over 2023, two status changes each. */
export function benchIssues(count: number): DemoIssue[] {
  const issues: DemoIssue[] = [];
  for (let index = 0; index < count; index += 1) {
    const day = addDays("2023-01-01", Math.floor((index * 365) / Math.max(1, count)));
    const created = jiraTime(day, 9 * 60 + (index % 480));
    issues.push({
      id: String(1_000_000 + index),
      key: `BENCH-${index + 1}`,
      fields: {
        ...baseFields("BENCH", "Task", `Benchmark issue ${index + 1}`, created, created, "Done"),
        customfield_10020: { value: ["Service", "Delivery", "Product"][index % 3] },
      },
      histories: statusHistories(
        1_000_000 + index,
        created,
        [
          { at: jiraTime(day, 10 * 60 + (index % 480)), from: "To Do", to: "In Progress" },
          { at: jiraTime(day, 11 * 60 + (index % 480)), from: "In Progress", to: "Done" },
        ],
        PEOPLE[index % PEOPLE.length],
      ),
    });
  }
  return issues;
}

/** Every demo issue, in key order per project. */
export function demoIssues(options: { bench?: number } = {}): DemoIssue[] {
  return [
    ...logIssues(),
    ...crmIssues(),
    ...svcIssues(),
    ...(options.bench ? benchIssues(options.bench) : []),
  ];
}
