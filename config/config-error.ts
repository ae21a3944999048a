/** One problem in a workspace or job file, located as precisely as the YAML allows. */
export interface ConfigIssue {
  /** The file, as given (relative paths stay relative for readable messages). */
  file: string;
  line?: number;
  column?: number;
  /** Dotted path to the value: sources.sales_bi.trust */
  path: string;
  message: string;
  /** "did you mean `base_url`?" */
  suggestion?: string;
}

/** Formats an issue as `file:line:column path: message (did you mean …)`. */
export function formatConfigIssue(issue: ConfigIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}:${issue.column ?? 1}`;
  const at = issue.path ? ` ${issue.path}:` : "";
  const hint = issue.suggestion ? ` (did you mean \`${issue.suggestion}\`?)` : "";
  return `${where}${at} ${issue.message}${hint}`;
}

/** The workspace (or a job file) is wrong; carries every issue found, not just the first. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  readonly kind = "config_error" as const;

  constructor(readonly issues: ConfigIssue[]) {
    super(issues.map(formatConfigIssue).join("\n"));
  }
}
