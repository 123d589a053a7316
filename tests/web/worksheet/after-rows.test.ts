import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REST_WAIT_MS, useAfterRows } from '../../../web/features/worksheet/components/use-after-rows';

// Speed: the worksheet's first rows must not wait for the render of its rules, quota, duplicates,
// impact view and audit trail; those come right after the frame that painted the rows.

afterEach(() => vi.useRealTimers());

describe('the worksheet renders its other parts after the rows', () => {
  it('holds them while no rows are shown, and shows them after the frame that painted the rows', async () => {
    const { result, rerender } = renderHook(({ rows }) => useAfterRows(rows), { initialProps: { rows: false } });
    expect(result.current).toBe(false);
    rerender({ rows: true });
    // Not in the commit that shows the rows: the frame is painted first.
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true), { timeout: REST_WAIT_MS / 2 });
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
