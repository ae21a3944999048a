import { Redis } from "ioredis";

/** How a worker or a client reaches the queue, and how long a running job's lock lasts. */
export interface QueueSettings {
  /** redis://[user:password@]host:port[/db] or rediss:// (TLS). */
  url: string;
  /** Prefix of every key (default "triangulate", or $TRIANGULATE_QUEUE_PREFIX). */
  prefix: string;
  /**
   * How long a worker's lock on a running job lasts without renewal (renewed every half of it
   * while the worker lives). A killed worker's job is taken by another worker once it expires.
   */
  lockDurationMs: number;
  /** How often workers look for jobs whose lock expired (stalled) and put them back in the queue. */
  stalledIntervalMs: number;
  /** How many times a job may stall (its worker died) before it is failed instead of retried. */
  maxStalledCount: number;
}

export const DEFAULT_QUEUE_PREFIX = "triangulate";

/** Defaults: a dead worker's job runs again within about 45 s; two deaths in a row fail it. */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;
export const DEFAULT_MAX_STALLED_COUNT = 2;

/** A queue address that is not a Redis URL, or a Redis that does not answer. */
export class QueueConnectionError extends Error {
  override readonly name = "QueueConnectionError";
}

/** The settings for a URL, with the defaults (the prefix from $TRIANGULATE_QUEUE_PREFIX when set). */
export function queueSettings(
  url: string,
  overrides: Partial<Omit<QueueSettings, "url">> = {},
): QueueSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new QueueConnectionError(
      `--queue expects a Redis URL such as redis://127.0.0.1:6379, not ${JSON.stringify(url)}`,
    );
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
    throw new QueueConnectionError(
      `--queue expects a redis:// or rediss:// URL (BullMQ keeps its queues in Redis), not ${parsed.protocol}//…`,
    );
  return {
    url,
    prefix: overrides.prefix ?? process.env.TRIANGULATE_QUEUE_PREFIX ?? DEFAULT_QUEUE_PREFIX,
    lockDurationMs: overrides.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
    stalledIntervalMs: overrides.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
    maxStalledCount: overrides.maxStalledCount ?? DEFAULT_MAX_STALLED_COUNT,
  };
}

/** The URL without its password, for messages and logs. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

/**
 * A Redis connection for BullMQ (which requires maxRetriesPerRequest: null on connections that
 * block). Waits until Redis answers, at most `timeoutMs`, and otherwise throws QueueConnectionError
 * saying where it looked, instead of retrying forever in the background.
 */
export async function connectRedis(settings: QueueSettings, timeoutMs = 10_000): Promise<Redis> {
  const redis = new Redis(settings.url, { maxRetriesPerRequest: null, lazyConnect: true });
  // Errors after the first connection are BullMQ's to handle (it reconnects); before it, ours.
  redis.on("error", () => {});
  const timer = new Promise<never>((_, reject) =>
    setTimeout(
      () =>
        reject(
          new QueueConnectionError(
            `Redis at ${displayUrl(settings.url)} did not answer in ${timeoutMs / 1000} s`,
          ),
        ),
      timeoutMs,
    ).unref(),
  );
  try {
    await Promise.race([redis.connect(), timer]);
    await Promise.race([redis.ping(), timer]);
  } catch (error) {
    redis.disconnect();
    if (error instanceof QueueConnectionError) throw error;
    throw new QueueConnectionError(
      `could not reach Redis at ${displayUrl(settings.url)}: ${error instanceof Error ? error.message : String(error)} (start redis-server, or check --queue)`,
    );
  }
  return redis;
}
