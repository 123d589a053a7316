import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreFile } from '../../../web/features/results/data/score-table';
import { FakeColumnsWorker } from './fake-columns-worker';

// A full load of the result page asks for the score table at boot, beside the page's query instead of
// after its answer: the columns route chooses the columns (preset=score-table). The page takes that
// table only when its query names the same revision, weights and columns, and asks anew otherwise.

const file = (revision: number, weights = [{ key: 'ts', value: 2 }]): ScoreFile => ({
  id: 'df-1',
  revision,
  scoreColumns: ['record_id', 'combined'],
  rawColumns: [],
  dataPoints: [],
  weightingMethod: { datafileWeighting: weights },
});

/** What the route answers: its bytes (the fake's row count) and the revision and weights it names. */
let served = { bytes: 5, revision: '3', weights: 'ts=2' };
const fetchMock = vi.fn(
  async (_url: string) =>
    new Response(new Uint8Array(served.bytes), {
      headers: { 'x-datafile-revision': served.revision, 'x-datafile-weights': served.weights },
    }),
);
const urls = () => fetchMock.mock.calls.map(([url]) => url);

/** The page's modules as a new full load of the tab finds them: nothing in memory. */
async function freshLoad() {
  vi.resetModules();
  const session = await import('../../../web/lib/session');
  session.saveSession('test-token', 3600, 'ADMIN');
  return import('../../../web/features/results/data/score-table');
}

beforeEach(() => {
  vi.stubGlobal('Worker', FakeColumnsWorker);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  FakeColumnsWorker.fetching = true;
  FakeColumnsWorker.fields = ['record_id', 'combined'];
  served = { bytes: 5, revision: '3', weights: 'ts=2' };
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeColumnsWorker.reset();
});

describe('the score table asked for at boot', () => {
  it('goes out before the query answers, by the worker, and is the table the page then shows', async () => {
    const table = await freshLoad();
    table.prefetchScoreTable('df-1');
    table.prefetchScoreTable('df-1');
    expect(FakeColumnsWorker.started).toHaveLength(1);
    await vi.waitFor(() => expect(urls()).toEqual(['/api/datafiles/df-1/columns?preset=score-table']));
    expect(FakeColumnsWorker.last!.requests[0]!.request.headers.Authorization).toBe('Bearer test-token');
    expect((await table.loadScoreTable(file(3)))!.rows).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: it is the page's table now, kept under the page's own request.
    expect(table.decodedScoreTable(file(3))!.rows).toBe(5);
  });

  it('is not taken for another revision, other weights or other columns: the page asks anew', async () => {
    for (const [change, expected] of [
      [() => (served.revision = '2'), file(3)],
      [() => (served.weights = 'ts=1'), file(3)],
      [() => (FakeColumnsWorker.fields = ['record_id', 'combined', 'ts']), file(3)],
      [() => (served.weights = 'ts=2'), file(3, [{ key: 'ts', value: 3 }])],
    ] as const) {
      const table = await freshLoad();
      fetchMock.mockClear();
      FakeColumnsWorker.fields = ['record_id', 'combined'];
      served = { bytes: 5, revision: '3', weights: 'ts=2' };
      change();
      table.prefetchScoreTable('df-1');
      expect(urls()).toEqual(['/api/datafiles/df-1/columns?preset=score-table']);
      fetchMock.mockClear();
      served = { ...served, bytes: 8 };
      FakeColumnsWorker.fields = ['record_id', 'combined'];
      // The boot request answered with 5 rows of something else; the page's own shows its 8.
      expect((await table.loadScoreTable(expected))!.rows).toBe(8);
      expect(urls()).toEqual([table.scoreTableRequest(expected)!.url]);
    }
  });

  it('a refused boot request costs nothing more: the page asks for its own', async () => {
    const table = await freshLoad();
    fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 503 }));
    table.prefetchScoreTable('df-1');
    expect((await table.loadScoreTable(file(3)))!.rows).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is forgotten when the session ends, and belongs to its datafile only', async () => {
    const table = await freshLoad();
    const session = await import('../../../web/lib/session');
    table.prefetchScoreTable('df-1');
    session.clearSession();
    session.saveSession('next-user', 3600, 'ADMIN');
    expect((await table.loadScoreTable(file(3)))!.rows).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    table.prefetchScoreTable('df-2');
    expect(urls().at(-1)).toBe('/api/datafiles/df-2/columns?preset=score-table');
    await table.loadScoreTable(file(3));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
