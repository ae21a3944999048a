/**
 * The commented starting workspaces `triangulate init --kind …` writes. Each passes
 * `config check` as written (test/integration/init-command.test.ts); the keys are explained in
 * docs/workspace-reference.md.
 */
export const INIT_KINDS = ["file", "bi_dashboard", "tickets", "pdf_kb"] as const;
export type InitKind = (typeof INIT_KINDS)[number];

const CATALOG = `# The planner's vocabulary: what questions can ask for. Every key is in docs/workspace-reference.md.
catalog:
  metrics:
    # A number the sources hold; synonyms are the words questions use for it (any script).
    # unit: a currency code (CNY, kCNY = thousands, mUSD = millions) or percent, count, ratio, days, …
    revenue: { label: Revenue, unit: CNY, synonyms: [revenue, sales, 销售额] }
  dimensions:
    # A way to slice the numbers; each canonical value lists the words that name it.
    store:
      values:
        Downtown: [Downtown, downtown store, 市中心店]
        Airport: [Airport, airport store, 机场店]
`;

const SOURCES: Record<InitKind, string> = {
  file: `sources:
  exports:
    kind: file
    description: CSV exports (data/revenue.csv was written by triangulate init; replace it with yours)
    trust: 0.7              # 0..1: how much this source is believed when sources disagree
    datasets:
      revenue:
        path: data/revenue.csv          # relative to this folder; nothing outside it can be read
        columns: { Store: store, Month: month, Revenue: revenue }   # file header -> catalog name
        period_column: month
        offers: { metrics: [revenue], dimensions: [store], grain: month }
`,
  bi_dashboard: `sources:
  sales_bi:
    kind: bi_dashboard
    description: The sales BI portal, read with a headless browser
    trust: 0.85
    # Set BI_URL before using this source (export BI_URL=https://bi.example.com); every request stays under it.
    base_url: \${BI_URL}
    login:
      url: /login
      username: { label: Username, value: "\${BI_USER}" }
      # A credential: only ever from the environment, never written here.
      password: { label: Password, value: "\${BI_PASSWORD}", secret: true }
      submit: Sign in
      success: { text: Dashboards }     # text that shows the sign-in worked
    datasets:
      revenue:
        # {store}, {from}, {to} are filled from the question (URL-encoded).
        url: /dashboards/revenue?store={store}&from={from}&to={to}
        locate: { heading: Revenue by store }  # the table under this heading
        columns: { Store: store, Month: month, Revenue: revenue }
        period_column: month
        offers: { metrics: [revenue], dimensions: [store], grain: month }
`,
  tickets: `sources:
  tickets:
    kind: tickets
    preset: jira-v2          # generic, jira-v2, jira-v3 or redmine: paging and response shape
    description: The ticket system's REST API
    trust: 0.9
    # Set JIRA_URL and JIRA_TOKEN before using this source; the token is redacted everywhere.
    base_url: \${JIRA_URL}
    auth: { type: bearer, token: "\${JIRA_TOKEN}" }
    searches:
      incidents:
        description: Incidents per store (one row per issue)
        jql: project = OPS AND created >= {from} AND created <= {to} [[AND cf[10012] in ({store})]]
        fields:
          key: $.key
          store: $.fields.customfield_10012.value
          created: { path: $.fields.created, type: date }
        period_field: created
        offers: { events: [incident], dimensions: [store], grain: day }
`,
  pdf_kb: `sources:
  handbook:
    kind: pdf_kb
    description: Policies and reports as PDF (put them in docs/, then run triangulate ingest)
    trust: 0.6
    paths: [docs/**/*.pdf]   # globs relative to this folder
    offers: { topics: [policy] }
`,
};

const EXTRA_CATALOG: Partial<Record<InitKind, string>> = {
  tickets: `  events:
    incident: { label: Incident, synonyms: [incident, incidents, outage] }
`,
  pdf_kb: `  topics:
    policy: { label: Policy, synonyms: [policy, rules, 政策] }
`,
};

/** The triangulate.yaml text for one kind of first source. */
export function workspaceTemplate(kind: InitKind, name: string): string {
  return `# triangulate workspace, written by \`triangulate init --kind ${kind}\`.
# Check it with \`triangulate config check\`; every key: docs/workspace-reference.md.
# Values may read the environment: \${VAR} (required) or \${VAR:-default} (not for secrets).
name: ${name}
language: en              # en, zh-Hans or zh-Hant: the language of the answers

${CATALOG}${EXTRA_CATALOG[kind] ?? ""}
${SOURCES[kind]}`;
}

/** Files besides triangulate.yaml that make the template runnable at once. */
export function templateFiles(kind: InitKind): Record<string, string> {
  if (kind !== "file") return {};
  return {
    "data/revenue.csv":
      "Store,Month,Revenue\nDowntown,2024-01,120500\nAirport,2024-01,98200\nDowntown,2024-02,131000\nAirport,2024-02,101700\n",
  };
}
