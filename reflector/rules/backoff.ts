import { createRequire } from "node:module";
import type { IBackoff } from "cockatiel";

// Required on the first retry, not imported: cockatiel's index loads every policy it has (a
// tenth of a second of a cold `ask` on a busy machine) and most questions never retry.
const require = createRequire(import.meta.url);

/** Delay before the n-th retry (1-based): exponential with decorrelated jitter, from cockatiel. */
export function backoffDelayMs(
  retry: number,
  options: { initialDelayMs?: number; maxDelayMs?: number } = {},
): number {
  const { ExponentialBackoff } = require("cockatiel") as typeof import("cockatiel");
  const factory = new ExponentialBackoff({
    initialDelay: options.initialDelayMs ?? 200,
    maxDelay: options.maxDelayMs ?? 5000,
  });
  let backoff: IBackoff<unknown> = factory.next();
  for (let index = 1; index < retry; index++) backoff = backoff.next(undefined as never);
  return Math.round(backoff.duration);
}
