import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createColumnsClient,
  IDLE_WORKER_MS,
  requestTable,
  warmColumnsWorker,
} from '../../../web/features/results/data/columns-client';

// The result page creates its columns client while rendering; React may throw such a render away
// (a lazy chunk suspending under the page does, on every full load): a client must start nothing
// by itself. The tab keeps one data worker (boot starts it ahead of the page, so its decoder is
// ready when the data arrives), shared by every client and ended once nobody has used it for a while.

class FakeWorker {
  static started: FakeWorker[] = [];
  posted: { id: number; type: string }[] = [];
  terminated = false;
  listeners: ((event: { data: unknown }) => void)[] = [];
  constructor() {
    FakeWorker.started.push(this);
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  postMessage(message: { id: number; type: string }) {
    this.posted.push(message);
  }
  answer(id: number) {
    for (const l of this.listeners) l({ data: { type: 'table', id, table: { columns: {} }, bytes: 1, ms: 1 } });
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  // Whatever a test left running ends: the next test starts without a worker.
  vi.advanceTimersByTime(IDLE_WORKER_MS + 1);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeWorker.started = [];
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
    expect(worker.posted).toHaveLength(2);
    worker.answer(worker.posted[0]!.id);
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
    const [rawId, gridsId] = worker.posted.map((m) => m.id);
    left.dispose();
    await expect(raw).rejects.toThrow('disposed');
    await expect(grids).rejects.toThrow('disposed');
    expect(worker.posted.filter((m) => m.type === 'abort').map((m) => m.id)).toEqual([rawId, gridsId]);

    const next = createColumnsClient();
    let settled = false;
    const answer = next.fetchTable('/api/datafiles/e/columns?file=raw').finally(() => (settled = true));
    const nextId = worker.posted.at(-1)!.id;
    expect(nextId).not.toBe(rawId);
    // The worker finished the old download before it read the abort: its answer is dropped.
    worker.answer(rawId!);
    await Promise.resolve();
    expect(settled).toBe(false);
    worker.answer(nextId);
    expect((await answer).bytes).toBe(1);
    // Disposing again (React's cleanup may run twice) sends nothing more.
    const sent = worker.posted.length;
    left.dispose();
    next.dispose();
    expect(worker.posted).toHaveLength(sent);
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
    expect(worker.posted.filter((m) => m.type === 'abort')).toHaveLength(2);
    client.dispose();
  });

  it('boot can start the worker ahead of any client; unused, it ends after the idle time', () => {
    warmColumnsWorker();
    expect(FakeWorker.started).toHaveLength(1);
    vi.advanceTimersByTime(IDLE_WORKER_MS + 1);
    expect(FakeWorker.started[0]!.terminated).toBe(true);
  });
});
