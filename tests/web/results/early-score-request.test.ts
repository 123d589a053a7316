import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreFile } from '../../../web/features/results/data/score-table';
import { storageKeys } from '../../../web/lib/storage';

// A full load of the result page sends the score table's request of the last visit to the same
// datafile at once, beside the page's query, instead of after its answer; the page takes that table
// only when its query names the same revision, weights and columns, and asks anew otherwise.

/** Decodes nothing: answers each request with a table of as many rows as the bytes it was handed. */
class FakeWorker {
  listeners: ((event: { data: unknown }) => void)[] = [];
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  postMessage(message: { id: number; request: { bytes: ArrayBuffer } }) {
    const rows = message.request.bytes.byteLength;
    const table = { rows, numeric: {}, text: {}, fields: [] };
    queueMicrotask(() => {
      for (const l of this.listeners) l({ data: { type: 'table', id: message.id, table, bytes: rows, ms: 1 } });
    });
  }
  terminate() {}
}

const file = (revision: number, id = 'df-1'): ScoreFile => ({
  id,
  revision,
  scoreColumns: ['record_id', 'combined'],
  rawColumns: [],
  dataPoints: [],
});

let served = 0;
const fetchMock = vi.fn(async (_url: string) => new Response(new Uint8Array(served)));
const urls = () => fetchMock.mock.calls.map(([url]) => url);

/** The page's modules as a new full load of the tab finds them: nothing in memory, local storage kept. */
async function freshLoad() {
  vi.resetModules();
  const table = await import('../../../web/features/results/data/score-table');
  const session = await import('../../../web/lib/session');
  session.saveSession('test-token', 3600, 'ADMIN');
  return table;
}

beforeEach(() => {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the last visit's score request at boot", () => {
  it('goes out before the query answers and is the table the page then shows', async () => {
    served = 5;
    const first = await freshLoad();
    await first.loadScoreTable(file(3));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const next = await freshLoad();
    next.prefetchRememberedScoreTable('df-1');
    // Sent at once, with the same address the page would build from its query.
    expect(urls()).toEqual([first.scoreTableRequest(file(3))!.url, first.scoreTableRequest(file(3))!.url]);
    expect((await next.loadScoreTable(file(3)))!.rows).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken for a new revision: the page asks for that one and shows its rows', async () => {
    served = 5;
    await (await freshLoad()).loadScoreTable(file(3));
    const next = await freshLoad();
    next.prefetchRememberedScoreTable('df-1');
    served = 8;
    expect((await next.loadScoreTable(file(4)))!.rows).toBe(8);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The next load remembers the revision the page showed.
    const after = await freshLoad();
    after.prefetchRememberedScoreTable('df-1');
    expect(after.decodedScoreTable(file(4))).toBeUndefined();
    expect((await after.loadScoreTable(file(4)))!.rows).toBe(8);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("sends nothing for another datafile, nor to an address outside this datafile's columns route", async () => {
    served = 2;
    await (await freshLoad()).loadScoreTable(file(1));
    const next = await freshLoad();
    next.prefetchRememberedScoreTable('df-2');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const stored = JSON.parse(window.localStorage.getItem(storageKeys.resultScoreRequest)!) as { url: string };
    window.localStorage.setItem(
      storageKeys.resultScoreRequest,
      JSON.stringify({ ...stored, url: 'https://elsewhere.example/steal' }),
    );
    next.prefetchRememberedScoreTable('df-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
