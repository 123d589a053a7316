// Queries racing their budgets share one timer per process: each must still be refused at its own
// deadline, whichever order the budgets started in and whatever settled before, and work that
// settles in time must answer as it settled.
import { describe, expect, it, vi } from 'vitest';
import { raceBudget, withRequestBudget } from '../../../api/lib/request-budget';

const never = () => new Promise<never>(() => {});
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** When the race settled (ms after the start) and how. */
async function outcome(budgetMs: number, work: () => Promise<unknown>, started: number) {
  return withRequestBudget(budgetMs, (budget) =>
    raceBudget(budget, work()).then(
      (value) => ({ value, ms: performance.now() - started }),
      (error: { code?: string }) => ({ code: error.code, ms: performance.now() - started }),
    ),
  );
}

describe('a query racing its budget', () => {
  it('is refused at its own deadline, also when a later race has the earlier deadline', async () => {
    // The test's clock and timers: each deadline is met to the millisecond, where wall time gave
    // only bounds (a 60 ms race under 300 ms), which a starved process can overrun.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const started = performance.now();
      const races = Promise.all([
        outcome(400, never, started),
        // Started after the 400 ms race, due before it: the shared timer must move forward for it.
        outcome(60, never, started),
        outcome(30, () => after(5, 'in time'), started),
        outcome(150, () => after(20, 'also in time'), started),
      ]);
      await vi.advanceTimersByTimeAsync(1_000);
      const [long, short, settled, slow] = await races;
      expect(short).toEqual({ code: 'REQUEST_TIME_LIMIT', ms: 60 });
      expect(long).toEqual({ code: 'REQUEST_TIME_LIMIT', ms: 400 });
      expect(settled).toEqual({ value: 'in time', ms: 5 });
      expect(slow).toEqual({ value: 'also in time', ms: 20 });
      // A race started after the others settled or were refused is still watched.
      const again = outcome(40, never, performance.now());
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await again).toEqual({ code: 'REQUEST_TIME_LIMIT', ms: 40 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a failure of the work on as it failed', async () => {
    const failed = await outcome(1_000, () => Promise.reject(Object.assign(new Error('x'), { code: 'OWN' })), 0);
    expect(failed).toMatchObject({ code: 'OWN' });
  });
});

describe("a request's budget", () => {
  it('aborts the signal a Worker step holds at the deadline, with the refusal, and only once asked for', async () => {
    const started = performance.now();
    const aborted = await withRequestBudget(40, (budget) => {
      const signal = budget.signal;
      expect(budget.signal).toBe(signal);
      expect(signal.aborted).toBe(false);
      return new Promise<{ reason: unknown; ms: number; refusal: unknown }>((resolve) =>
        signal.addEventListener('abort', () =>
          resolve({ reason: signal.reason, ms: performance.now() - started, refusal: budget.refusal }),
        ),
      );
    });
    expect(aborted.ms).toBeGreaterThanOrEqual(35);
    expect(aborted.reason).toBe(aborted.refusal);
    expect(aborted.reason).toMatchObject({ code: 'REQUEST_TIME_LIMIT' });
    // Asked for after the deadline: aborted at once; check() and pace() refuse too.
    await withRequestBudget(1, async (budget) => {
      await after(5, null);
      expect(budget.signal.aborted).toBe(true);
      expect(() => budget.check()).toThrow(budget.refusal);
      expect(() => budget.pace()).toThrow(budget.refusal);
    });
  });
});
