import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreFile } from '../../../web/features/results/data/score-table';

// Once the data worker has loaded, it fetches the score table itself and decodes the body as it arrives
// (the page's thread never waits for or holds the bytes); before, the page fetches and hands the worker
// the body as a stream (or, where streams cannot be handed over, the bytes), so a request never waits
// for the worker's script.

type Posted = {
  id: number;
  request: { url: string; headers: Record<string, string>; bytes?: ArrayBuffer; body?: ReadableStream<Uint8Array> };
};

class FakeWorker {
  static last: FakeWorker | null = null;
  listeners: ((event: { data: unknown }) => void)[] = [];
  posted: Posted[] = [];
  constructor() {
    FakeWorker.last = this;
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  send(data: unknown) {
    for (const l of this.listeners) l({ data });
  }
  postMessage(message: Posted) {
    this.posted.push(message);
    const table = { rows: message.request.bytes?.byteLength ?? 42, numeric: {}, text: {}, fields: [] };
    queueMicrotask(() => this.send({ type: 'table', id: message.id, table, bytes: 1, ms: 1, bytesAt: Date.now() }));
  }
  terminate() {}
}

const file: ScoreFile = {
  id: 'df-1',
  revision: 2,
  scoreColumns: ['record_id', 'combined'],
  rawColumns: [],
  dataPoints: [],
};
const fetchMock = vi.fn(async (_url: string) => new Response(new Uint8Array(3)));

async function fresh() {
  vi.resetModules();
  const session = await import('../../../web/lib/session');
  session.saveSession('test-token', 3600, 'ADMIN');
  const client = await import('../../../web/features/results/data/columns-client');
  const table = await import('../../../web/features/results/data/score-table');
  return { client, table };
}

beforeEach(() => {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('who fetches the score table', () => {
  it('the page, handing over the body as a stream, while the worker is still loading', async () => {
    // A browser that can hand a stream to a worker (the test's environment cannot).
    vi.stubGlobal(
      'MessageChannel',
      class {
        port1 = { postMessage() {}, close() {} };
        port2 = { close() {} };
      },
    );
    const { client, table } = await fresh();
    client.warmColumnsWorker();
    expect(client.columnsWorkerReady()).toBe(false);
    await table.loadScoreTable(file);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = FakeWorker.last!.posted[0]!.request;
    expect(sent.bytes).toBeUndefined();
    expect(new Uint8Array(await new Response(sent.body!).arrayBuffer())).toEqual(new Uint8Array(3));
  });

  it('the page, handing over the bytes, where a stream cannot be handed to a worker', async () => {
    vi.stubGlobal(
      'MessageChannel',
      class {
        port1 = {
          postMessage: () => {
            throw new DOMException('not transferable', 'DataCloneError');
          },
          close() {},
        };
        port2 = { close() {} };
      },
    );
    const { client, table } = await fresh();
    client.warmColumnsWorker();
    expect((await table.loadScoreTable(file))!.rows).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakeWorker.last!.posted[0]!.request.bytes?.byteLength).toBe(3);
  });

  it('the worker, once it said it is ready: the page fetches nothing and sends the session with the request', async () => {
    const { client, table } = await fresh();
    client.warmColumnsWorker();
    FakeWorker.last!.send({ type: 'ready' });
    expect(client.columnsWorkerReady()).toBe(true);
    expect((await table.loadScoreTable(file))!.rows).toBe(42);
    expect(fetchMock).not.toHaveBeenCalled();
    const sent = FakeWorker.last!.posted[0]!.request;
    expect(sent.bytes).toBeUndefined();
    expect(sent.url).toBe(table.scoreTableRequest(file)!.url);
    expect(sent.headers.Authorization).toBe('Bearer test-token');
  });
});
