import { ExponentialBackoff, type IBackoff } from "cockatiel";

/** Delay before the n-th retry (1-based): exponential with decorrelated jitter, from cockatiel. */
export function backoffDelayMs(
  retry: number,
  options: { initialDelayMs?: number; maxDelayMs?: number } = {},
): number {
  const factory = new ExponentialBackoff({
    initialDelay: options.initialDelayMs ?? 200,
    maxDelay: options.maxDelayMs ?? 5000,
  });
  let backoff: IBackoff<unknown> = factory.next();
  for (let index = 1; index < retry; index++) backoff = backoff.next(undefined as never);
  return Math.round(backoff.duration);
}
