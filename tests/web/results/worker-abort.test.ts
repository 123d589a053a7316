import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The data worker itself (results.worker.ts, run here on a stand-in for its global scope): a
// request the page aborts ends its download at once and gets no answer. The server holds one of its few places for big bodies until the
// body's last byte has left or the client cancels it, so a download left running would keep that
// place from everyone's next page.

type Sent = { type: string; id?: number };

/** A body that sends one chunk and then waits forever, and notes when its reader cancels it. */
function endlessBody() {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled++;
      if (seen.pulled === 1) controller.enqueue(new Uint8Array([0xff, 0xff, 0xff, 0xff]));
      return new Promise(() => {});
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

let sent: Sent[];
let deliver: (data: unknown) => void;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(async () => {
  sent = [];
  vi.resetModules();
  vi.stubGlobal('self', {
    postMessage: (message: Sent) => sent.push(message),
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => {
      deliver = (data) => listener({ data });
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  // The decoder the worker imports beside its first request, loaded ahead (a cold import takes seconds here).
  await import('../../../web/features/results/data/plain-table');
  await import('../../../web/features/results/data/results.worker');
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the data worker ends an aborted request', () => {
  it('its own download: the fetch is aborted, the body cancelled, and nothing is answered', async () => {
    const { body, seen } = endlessBody();
    fetchMock.mockResolvedValue(new Response(body));
    deliver({ type: 'fetch', id: 7, request: { url: '/api/datafiles/d/columns?file=raw', headers: {} } });
    await vi.waitFor(() => expect(seen.pulled).toBeGreaterThan(0));
    const signal = fetchMock.mock.calls[0]![1].signal!;
    expect(signal.aborted).toBe(false);
    deliver({ type: 'abort', id: 7 });
    expect(signal.aborted).toBe(true);
    await vi.waitFor(() => expect(seen.cancelled).toBe(true));
    await settle();
    expect(sent.filter((m) => m.id === 7)).toEqual([]);
  });

  it('aborting one request leaves the others running', async () => {
    const first = endlessBody();
    const second = endlessBody();
    fetchMock.mockResolvedValueOnce(new Response(first.body)).mockResolvedValueOnce(new Response(second.body));
    deliver({ type: 'fetch', id: 1, request: { url: '/a', headers: {} } });
    deliver({ type: 'careless', id: 2, request: { url: '/b', headers: {}, grids: [] } });
    await vi.waitFor(() => expect(second.seen.pulled).toBeGreaterThan(0));
    deliver({ type: 'abort', id: 1 });
    await vi.waitFor(() => expect(first.seen.cancelled).toBe(true));
    await settle();
    expect(second.seen.cancelled).toBe(false);
    expect(fetchMock.mock.calls[1]![1].signal!.aborted).toBe(false);
  });
});
