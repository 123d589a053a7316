import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreFile } from '../../../web/features/results/data/score-table';
import { FakeColumnsWorker } from './fake-columns-worker';

// The data worker fetches the score table itself and decodes the body as it arrives: the page's
// thread never fetches, holds or relays the bytes (a body handed over as a stream is pumped through the
// page's thread, which the first render keeps busy), and the request carries the session.

const file: ScoreFile = {
  id: 'df-1',
  revision: 2,
  scoreColumns: ['record_id', 'combined'],
  rawColumns: [],
  dataPoints: [],
};
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(new Uint8Array(3)));

async function fresh() {
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
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeColumnsWorker.reset();
});

describe('who fetches the score table', () => {
  it('the worker, with the session: the page sends it the request only', async () => {
    const table = await fresh();
    expect((await table.loadScoreTable(file))!.rows).toBe(3);
    // Once, by the worker (the fake fetches what it is sent; a page that fetched too would show twice).
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = FakeColumnsWorker.last!.requests[0]!.request;
    expect(sent.url).toBe(table.scoreTableRequest(file)!.url);
    expect(sent.headers.Authorization).toBe('Bearer test-token');
    expect(Object.keys(sent)).not.toContain('body');
  });
});
