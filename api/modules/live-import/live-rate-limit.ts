/**
 * Token buckets per datafile in this process's memory: a survey tool sends at most `ratePerSecond`
 * respondents per second on average with bursts of `burst` to one process, which keeps the
 * process's work bounded. The limit over all processes is SharedRate's.
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

/** Takes up to `chunk` tokens from a datafile's shared bucket; resolves with those granted and those left. */
export type TakeRateTokens = (input: {
  datafileId: string;
  nowMs: number;
  chunk: number;
  rate: number;
  burst: number;
}) => Promise<{ granted: number; tokens: number }>;

/**
 * The same bucket per datafile over every process on the database. A process takes a share of the
 * bucket at a time (a fiftieth of the rate, at least one) in one database write and admits from it
 * in memory, so at 2,000 respondents a second a write costs one in 40 requests, and at low rates
 * one per request. A share held by a process is spent by that process only: the sum admitted never
 * passes what the bucket gave out.
 */
export class SharedRate {
  #local = new Map<string, number>();
  /** The take in flight per datafile: concurrent requests wait for it rather than each taking a share. */
  #pending = new Map<string, Promise<{ granted: number; tokens: number }>>();
  readonly chunk: number;
  constructor(
    readonly takeTokens: TakeRateTokens,
    readonly ratePerSecond: number,
    readonly burst: number,
  ) {
    this.chunk = Math.max(1, Math.floor(ratePerSecond / 50));
  }

  /** 0 when admitted, else the whole seconds to wait (Retry-After). */
  async take(datafileId: string, nowMs: number): Promise<number> {
    for (;;) {
      const left = this.#local.get(datafileId) ?? 0;
      if (left > 0) {
        this.#local.set(datafileId, left - 1);
        return 0;
      }
      let pending = this.#pending.get(datafileId);
      if (!pending) {
        pending = this.takeTokens({
          datafileId,
          nowMs,
          chunk: this.chunk,
          rate: this.ratePerSecond,
          burst: this.burst,
        })
          .then((taken) => {
            if (this.#local.size > 100_000) this.#local.clear();
            this.#local.set(datafileId, (this.#local.get(datafileId) ?? 0) + taken.granted);
            return taken;
          })
          .finally(() => this.#pending.delete(datafileId));
        this.#pending.set(datafileId, pending);
      }
      const { granted, tokens } = await pending;
      // The bucket is empty: every request waiting on this take is refused (no write each).
      if (granted <= 0) return Math.max(1, Math.ceil((1 - tokens) / this.ratePerSecond));
    }
  }
}
