import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_POLL_MS,
  PUSHED_POLL_MS,
  useJobEvents,
  useJobPollMs,
  type JobEvent,
} from '../../../web/lib/job-events';
import { resetAppState, startSession } from '../../support/web/render-app';

// The tab's event stream as a page uses it: the stream tells the page when its job moved, so the
// page asks at once instead of at its next poll, and polls rarely while the stream is open; without
// one (refused: too many tabs) it polls every second as before.

function Probe({ datafileId, onEvent }: { datafileId: string; onEvent: (e: JobEvent | null) => void }) {
  useJobEvents(true, (e) => e.datafileId === datafileId, onEvent);
  const poll = useJobPollMs(true);
  return <span data-testid="poll">{poll}</span>;
}

/** fetch answering /api/events with a stream the test writes to (or with `status`). */
function stubStream(status = 200) {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => {};
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), headers: init?.headers as Record<string, string> });
      if (status !== 200)
        return new Response('{"errors":[]}', { status, headers: { 'content-type': 'application/json' } });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { calls, push: (text: string) => act(() => push(text)) };
}

const job = (datafileId: string, state: JobEvent['state'], hasResult = false): JobEvent => ({
  jobId: `job-${datafileId}`,
  kind: 'upload.check',
  state,
  progress: 0,
  hasResult,
  datafileId,
});

beforeEach(() => {
  resetAppState();
  startSession();
});
afterEach(() => {
  // Ends the stream (a session's stream ends with it) and forgets a refusal.
  resetAppState();
  vi.unstubAllGlobals();
});

describe('useJobEvents', () => {
  it('passes on the events of its job, with the session, and polls rarely while the stream is open', async () => {
    const stream = stubStream();
    const heard: (JobEvent | null)[] = [];
    render(<Probe datafileId="df-1" onEvent={(e) => heard.push(e)} />);
    expect(screen.getByTestId('poll').textContent).toBe(String(FALLBACK_POLL_MS));
    await waitFor(() => expect(stream.calls).toHaveLength(1));
    expect(stream.calls[0]!.url).toBe('/api/events');
    expect(stream.calls[0]!.headers.authorization).toBe('Bearer test-token');
    stream.push('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(screen.getByTestId('poll').textContent).toBe(String(PUSHED_POLL_MS)));
    stream.push(`event: job\ndata: ${JSON.stringify(job('df-2', 'RUNNING'))}\n\n`);
    stream.push(`event: job\ndata: ${JSON.stringify(job('df-1', 'RUNNING'))}\n\n`);
    stream.push(': ping\n\n');
    stream.push(`event: job\ndata: ${JSON.stringify(job('df-1', 'RUNNING', true))}\n\n`);
    // `ready` first tells the page to ask once (what moved before the stream opened is not sent).
    await waitFor(() =>
      expect(heard.map((e) => (e ? `${e.datafileId} ${e.hasResult}` : 'ask'))).toEqual([
        'ask',
        'df-1 false',
        'df-1 true',
      ]),
    );
  });

  it('polls every second when the server refuses the stream, and does not ask again at once', async () => {
    const stream = stubStream(429);
    render(<Probe datafileId="df-1" onEvent={() => undefined} />);
    await waitFor(() => expect(stream.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('poll').textContent).toBe(String(FALLBACK_POLL_MS));
    // Another page of the tab does not open one either while the refusal holds.
    render(<Probe datafileId="df-2" onEvent={() => undefined} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(stream.calls).toHaveLength(1);
  });
});
