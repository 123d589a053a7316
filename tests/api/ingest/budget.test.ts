// The memory budget of a processing run: a check waiting for its estimate forces no garbage
// collection while memory is well below the cap (each one of an unpacked sheet cost the parse thread
// 0.1-0.2 s before step 3 showed), yet still refuses past its cap, after collecting once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Budget } from '../../../api/ingest/processing/budget';
import { withLimits } from '../../../api/ingest/limits';

afterEach(() => vi.restoreAllMocks());

describe('Budget', () => {
  it('waiting for the estimate, it forces no collection below 1 GiB; once settled, above 320 MB', () => {
    // Resident memory between the two thresholds (pages written, so counted).
    const ballast = new Uint8Array(Math.max(0, 400 * 1024 ** 2 - process.memoryUsage.rss())).fill(1);
    const rss = process.memoryUsage.rss();
    expect(rss).toBeGreaterThan(320 * 1024 ** 2);
    expect(rss).toBeLessThan(1024 ** 3);
    const gc = vi.spyOn(Bun, 'gc').mockImplementation(() => 0);
    const budget = new Budget(withLimits(), { quiet: true });
    for (let i = 0; i < 5; i++) budget.check();
    expect(gc).not.toHaveBeenCalled();
    budget.settle();
    budget.check();
    expect(gc).toHaveBeenCalledTimes(1);
    expect(ballast[0]).toBe(1);
  });

  it('waiting for the estimate or not, it refuses past the memory cap, after one collection', () => {
    for (const quiet of [true, false]) {
      const gc = vi.spyOn(Bun, 'gc');
      const budget = new Budget(withLimits({ maxRssBytes: 1024 * 1024 }), { quiet });
      expect(() => budget.check()).toThrow(expect.objectContaining({ code: 'UPLOAD_FILE_LIMITS_EXCEEDED' }));
      expect(gc).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    }
  });
});
