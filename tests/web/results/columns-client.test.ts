import { afterEach, describe, expect, it, vi } from 'vitest';
import { createColumnsClient } from '../../../web/features/results/data/columns-client';

// The result page creates its columns client while rendering; React may throw such a render away
// (a lazy chunk suspending under the page does, on every full load). A worker started by the client
// itself was then never terminated and loaded the decoder a second time (found by bench:results).

class FakeWorker {
  static started: FakeWorker[] = [];
  posted: unknown[] = [];
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  addEventListener() {}
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.started = [];
});

describe('createColumnsClient', () => {
  it('starts no worker until the first request, then one for all requests', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const client = createColumnsClient();
    expect(FakeWorker.started).toHaveLength(0);
    void client.fetchTable('/api/datafiles/d/columns').catch(() => undefined);
    void client.careless('/api/datafiles/d/columns?file=raw', []).catch(() => undefined);
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.posted).toHaveLength(2);
    client.dispose();
    expect(FakeWorker.started[0]!.terminated).toBe(true);
  });

  it('a disposed client starts a new worker when asked again (effects re-run under StrictMode)', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const client = createColumnsClient();
    void client.fetchTable('/a').catch(() => undefined);
    client.dispose();
    void client.fetchTable('/b').catch(() => undefined);
    expect(FakeWorker.started).toHaveLength(2);
    expect(FakeWorker.started[1]!.terminated).toBe(false);
    client.dispose();
  });
});
