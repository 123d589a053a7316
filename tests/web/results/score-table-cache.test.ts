import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WORKER_MS } from '../../../web/features/results/data/columns-client';
import { decodedScoreTable, loadScoreTable, type ScoreFile } from '../../../web/features/results/data/score-table';
import { clearSession, saveSession } from '../../../web/lib/session';
import { FakeColumnsWorker } from './fake-columns-worker';

// The result page keeps decoded score tables in memory between visits, keyed by the revision and
// the selection: a new revision (a re-upload, a live import that grew) must show its own interviews,
// never the table decoded for the revision before; the same revision is not loaded twice.

const file = (revision: number): ScoreFile => ({
  id: 'df-1',
  revision,
  scoreColumns: ['record_id', 'combined'],
  rawColumns: [],
  dataPoints: [],
});

let served = 0;
const fetchMock = vi.fn(async () => new Response(new Uint8Array(served)));

beforeEach(() => {
  vi.stubGlobal('Worker', FakeColumnsWorker);
  FakeColumnsWorker.fetching = true;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  saveSession('test-token', 3600, 'ADMIN');
});
afterEach(() => {
  clearSession();
  vi.useFakeTimers();
  vi.advanceTimersByTime(IDLE_WORKER_MS + 1);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeColumnsWorker.reset();
});

describe('the score table kept between visits', () => {
  it('loads a new revision anew and keeps showing each revision its own table', async () => {
    served = 5;
    expect((await loadScoreTable(file(1)))!.rows).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The next visit of the same revision: decoded already, nothing is loaded.
    expect(decodedScoreTable(file(1))!.rows).toBe(5);
    expect((await loadScoreTable(file(1)))!.rows).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A re-upload published revision 2 with 7 interviews.
    served = 7;
    expect(decodedScoreTable(file(2))).toBeUndefined();
    expect((await loadScoreTable(file(2)))!.rows).toBe(7);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('loads the table anew once the saved weights changed the combined score of the revision', async () => {
    served = 6;
    const weighted = (value: number): ScoreFile => ({
      ...file(4),
      weightingMethod: { datafileWeighting: [{ key: 'TS', value }] },
    });
    await loadScoreTable(weighted(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(decodedScoreTable(weighted(2))!.rows).toBe(6);
    expect(decodedScoreTable(weighted(9))).toBeUndefined();
    await loadScoreTable(weighted(9));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('forgets every table when the session ends (the next user of the tab loads their own)', async () => {
    served = 4;
    await loadScoreTable(file(3));
    clearSession();
    expect(decodedScoreTable(file(3))).toBeUndefined();
  });
});
