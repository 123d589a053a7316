import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REST_WAIT_MS, useAfterRows } from '../../../web/features/worksheet/components/use-after-rows';

// Speed: the worksheet's first rows must not wait for the render of its rules, quota, duplicates,
// impact view and audit trail; those come right after the frame that painted the rows.

afterEach(() => vi.useRealTimers());

describe('the worksheet renders its other parts after the rows', () => {
  it('holds them while no rows are shown, and shows them after the frame that painted the rows', async () => {
    // Timeouts stand still (frames do not), so "after the frame, not after the wait" holds by
    // construction rather than by a race of the frame against half the wait on a loaded machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = renderHook(({ rows }) => useAfterRows(rows), { initialProps: { rows: false } });
    expect(result.current).toBe(false);
    rerender({ rows: true });
    // Not in the commit that shows the rows: the frame is painted first.
    expect(result.current).toBe(false);
    // The next frame (queued after the hook's own), then the task the hook queues from it; no time passes.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    await act(async () => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(true);
    // Once shown they stay, whatever the table does next (a new revision's first run).
    rerender({ rows: false });
    expect(result.current).toBe(true);
  });

  it("shows them anyway when no rows come within the wait (a large file's first run)", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useAfterRows(false));
    await act(async () => {
      vi.advanceTimersByTime(REST_WAIT_MS - 1);
    });
    expect(result.current).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });
});
