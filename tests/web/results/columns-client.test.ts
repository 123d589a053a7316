import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createColumnsClient,
  IDLE_WORKER_MS,
  warmColumnsWorker,
} from '../../../web/features/results/data/columns-client';

// The result page creates its columns client while rendering; React may throw such a render away
// (a lazy chunk suspending under the page does, on every full load): a client must start nothing
// by itself. The tab keeps one data worker (boot starts it ahead of the page, so its decoder is
// ready when the data arrives), shared by every client and ended once nobody has used it for a while.

class FakeWorker {
  static started: FakeWorker[] = [];
  posted: { id: number }[] = [];
  terminated = false;
  listeners: ((event: { data: unknown }) => void)[] = [];
  constructor() {
    FakeWorker.started.push(this);
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  postMessage(message: { id: number }) {
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

  it('boot can start the worker ahead of any client; unused, it ends after the idle time', () => {
    warmColumnsWorker();
    expect(FakeWorker.started).toHaveLength(1);
    vi.advanceTimersByTime(IDLE_WORKER_MS + 1);
    expect(FakeWorker.started[0]!.terminated).toBe(true);
  });
});
