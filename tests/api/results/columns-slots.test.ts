// The places of the columns and scores routes' bodies: a body that neither ends nor is cancelled (a
// client that stopped reading without closing) gives its place back after COLUMNS_SLOT_MAX_MS, so
// stuck bodies cannot close the routes for good.
import { afterEach, expect, it, vi } from 'vitest';
import {
  COLUMNS_AT_ONCE,
  COLUMNS_SLOT_MAX_MS,
  columnsWaiting,
  takeColumnsSlot,
} from '../../../api/modules/results/columns-slots';

afterEach(() => vi.useRealTimers());

it('a place whose body never ends is given back after COLUMNS_SLOT_MAX_MS', async () => {
  vi.useFakeTimers();
  const stuck = await Promise.all(Array.from({ length: COLUMNS_AT_ONCE }, () => takeColumnsSlot('stuck', () => {})));
  let waited = false;
  const next = takeColumnsSlot('next', () => (waited = true));
  expect(waited).toBe(true);
  expect(columnsWaiting()).toBe(1);
  await vi.advanceTimersByTimeAsync(COLUMNS_SLOT_MAX_MS - 1);
  expect(columnsWaiting()).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  const release = await next;
  expect(columnsWaiting()).toBe(0);
  // Releasing again (the body ending late) frees nothing twice.
  for (const r of stuck) r();
  release();
  const again = await Promise.all(Array.from({ length: COLUMNS_AT_ONCE }, () => takeColumnsSlot('after', () => {})));
  expect(columnsWaiting()).toBe(0);
  let waitedAgain = false;
  void takeColumnsSlot('after', () => (waitedAgain = true)).then((r) => r());
  expect(waitedAgain).toBe(true);
  for (const r of again) r();
  expect(columnsWaiting()).toBe(0);
});
