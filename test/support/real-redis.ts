/**
 * A real Redis (Debian's redis-server) for the queue tests and benches: `.ci/start-redis` installs
 * and starts it on 127.0.0.1:6390 and `.ci/run` exports TRIANGULATE_REDIS_URL. Each test or bench
 * uses a prefix of its own, so runs never see each other's jobs.
 */
import { randomBytes } from "node:crypto";
import { connectRedis, queueSettings } from "../../workers/queue-connection.js";

export const REDIS_URL = process.env.TRIANGULATE_REDIS_URL ?? "redis://127.0.0.1:6390";

/** The running Redis, or why there is none (printed: a test that needs it must not pass silently). */
export async function findRealRedis(): Promise<{ url: string } | { reason: string }> {
  try {
    const redis = await connectRedis(queueSettings(REDIS_URL), 3000);
    await redis.quit();
    return { url: REDIS_URL };
  } catch (error) {
    return {
      reason: `no Redis answers at ${REDIS_URL} (${error instanceof Error ? error.message : String(error)}): start one with .ci/start-redis`,
    };
  }
}

/** A key prefix no other run uses. */
export function scratchPrefix(name: string): string {
  return `test-${name}-${randomBytes(4).toString("hex")}`;
}
