/** One structured log record of the scheduler. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Writes scheduler events: JSON lines for machines (not a TTY), short readable lines for people. */
export interface SchedulerLog {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/** A log on a stream; `json` picks JSON lines (one object per line with time, level and event). */
export function createSchedulerLog(
  stream: NodeJS.WritableStream,
  json: boolean,
  redact: (text: string) => string = (text) => text,
): SchedulerLog {
  const write = (level: "info" | "warn" | "error", event: string, fields: LogFields = {}) => {
    const time = new Date().toISOString();
    const clean = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (json) {
      stream.write(`${redact(JSON.stringify({ time, level, event, ...clean }))}\n`);
    } else {
      const rest = Object.entries(clean)
        .map(
          ([key, value]) =>
            `${key}=${typeof value === "string" && /\s/.test(value) ? JSON.stringify(value) : String(value)}`,
        )
        .join(" ");
      stream.write(
        `${redact(`${time.slice(11, 19)} ${level === "info" ? "" : `${level.toUpperCase()} `}${event}${rest ? ` ${rest}` : ""}`)}\n`,
      );
    }
  };
  return {
    info: (event, fields) => write("info", event, fields),
    warn: (event, fields) => write("warn", event, fields),
    error: (event, fields) => write("error", event, fields),
  };
}
