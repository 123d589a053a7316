/**
 * Token buckets per datafile (a limit, so one survey tool cannot flood the server), in this process's memory: a survey tool
 * sends at most `ratePerSecond` respondents per second on average with bursts of `burst`. Each
 * process limits on its own; behind N processes the sum is N times the rate, which keeps the
 * server's work bounded per process, the point of the limit.
 */
export class RateLimiter {
  #buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
  ) {}

  /** 0 when admitted, else the whole seconds to wait (Retry-After). */
  take(key: string, nowMs: number): number {
    let b = this.#buckets.get(key);
    if (!b) {
      if (this.#buckets.size > 100_000) this.#buckets.clear();
      this.#buckets.set(key, (b = { tokens: this.burst, at: nowMs }));
    }
    b.tokens = Math.min(this.burst, b.tokens + ((nowMs - b.at) / 1000) * this.ratePerSecond);
    b.at = nowMs;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.ratePerSecond));
  }
}
