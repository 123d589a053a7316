import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createColumnsClient, IDLE_WORKER_MS, requestTable } from '../../../web/features/results/data/columns-client';
import { WORKER_NAME } from '../../../web/features/results/data/protocol';
import { FakeColumnsWorker as FakeWorker } from './fake-columns-worker';

// The result page creates its columns client while rendering; React may throw such a render away
// (a lazy chunk suspending under the page does, on every full load): a client must start nothing
// by itself. The tab keeps one data worker, started by the first request (boot sends the score
// table's), shared by every client and ended once nobody has used it for a while.

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  // Whatever a test left running ends: the next test starts without a worker.
  vi.advanceTimersByTime(IDLE_WORKER_MS + 1);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeWorker.reset();
});

describe('createColumnsClient', () => {
  it('starts no worker until the first request, then one for every client, ended once idle', async () => {
    const client = createColumnsClient();
    const other = createColumnsClient();
    expect(FakeWorker.started).toHaveLength(0);
    const table = client.fetchTable('/api/datafiles/d/columns');
    void other.careless('/api/datafiles/d/columns?file=raw', []).catch(() => undefined);
    expect(FakeWorker.started).toHaveLength(1);
    const worker = FakeWorker.started[0]!;
    const requests = worker.received;
    expect(requests).toHaveLength(2);
    worker.answer(requests[0]!.id);
    expect((await table).bytes).toBe(1);
    client.dispose();
    other.dispose();
    // The next page (or a StrictMode re-run) within the idle time finds the same worker.
    vi.advanceTimersByTime(IDLE_WORKER_MS - 1);
    expect(worker.terminated).toBe(false);
    const next = createColumnsClient();
    void next.fetchTable('/b').catch(() => undefined);
    expect(FakeWorker.started).toHaveLength(1);
    next.dispose();
    vi.advanceTimersByTime(IDLE_WORKER_MS);
    expect(worker.terminated).toBe(true);
  });

  it("a disposed client's open requests fail, and asking again works on the tab's worker", async () => {
    const client = createColumnsClient();
    const pending = client.fetchTable('/a');
    client.dispose();
    await expect(pending).rejects.toThrow('disposed');
    void client.fetchTable('/b').catch(() => undefined);
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.terminated).toBe(false);
    client.dispose();
  });

  it("leaving the page tells the worker to end the client's downloads; an answer already on its way reaches no later request", async () => {
    const left = createColumnsClient();
    const raw = left.fetchTable('/api/datafiles/d/columns?file=raw');
    const grids = left.careless('/api/datafiles/d/columns?file=raw&columns=q1,q2', []);
    const worker = FakeWorker.started[0]!;
    const [rawId, gridsId] = worker.received.map((m) => m.id);
    left.dispose();
    await expect(raw).rejects.toThrow('disposed');
    await expect(grids).rejects.toThrow('disposed');
    expect(worker.received.filter((m) => m.type === 'abort').map((m) => m.id)).toEqual([rawId, gridsId]);

    const next = createColumnsClient();
    let settled = false;
    const answer = next.fetchTable('/api/datafiles/e/columns?file=raw').finally(() => (settled = true));
    const nextId = worker.received.at(-1)!.id;
    expect(nextId).not.toBe(rawId);
    // The worker finished the old download before it read the abort: its answer is dropped.
    worker.answer(rawId!);
    await Promise.resolve();
    expect(settled).toBe(false);
    worker.answer(nextId);
    expect((await answer).bytes).toBe(1);
    // Disposing again (React's cleanup may run twice) sends nothing more.
    const sent = worker.received.length;
    left.dispose();
    next.dispose();
    expect(worker.received).toHaveLength(sent);
  });

  it('the end of the session ends every download the worker has, also one no page client asked for', async () => {
    const session = await import('../../../web/lib/session');
    const client = createColumnsClient();
    const mine = client.fetchTable('/api/datafiles/d/columns?file=raw');
    const shared = requestTable({ type: 'fetch', request: { url: '/api/datafiles/d/columns?file=all', headers: {} } });
    const worker = FakeWorker.started[0]!;
    session.clearSession();
    await expect(mine).rejects.toThrow('session ended');
    await expect(shared).rejects.toThrow('session ended');
    expect(worker.received.filter((m) => m.type === 'abort')).toHaveLength(2);
    client.dispose();
  });

  it('the request that starts the worker travels in its name, later ones as messages', async () => {
    const client = createColumnsClient();
    void client.fetchTable('/api/datafiles/d/columns?columns=a').catch(() => undefined);
    const worker = FakeWorker.started[0]!;
    // Read by the worker itself once its script has run: no message of the page's thread carries it.
    expect(worker.name.startsWith(`${WORKER_NAME} `)).toBe(true);
    const first = JSON.parse(worker.name.slice(WORKER_NAME.length + 1));
    expect(first).toMatchObject({ type: 'fetch', request: { url: '/api/datafiles/d/columns?columns=a' } });
    void client.fetchTable('/api/datafiles/d/columns?columns=b').catch(() => undefined);
    const requests = worker.requests;
    expect(requests.map((r) => r.request.url)).toEqual([
      '/api/datafiles/d/columns?columns=a',
      '/api/datafiles/d/columns?columns=b',
    ]);
    expect(FakeWorker.started).toHaveLength(1);
    client.dispose();
  });
});
