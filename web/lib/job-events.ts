// The tab's event stream (GET /api/events, server-sent events over the same origin): one stream for
// every page of the tab that waits for a job, opened while one does and closed a little after the
// last stops. A page still polls (the fallback), only slower while the stream is open: the stream
// tells it when to ask, the poll catches what a stream that dropped or was refused missed. Sent with
// fetch, not EventSource, because the session travels in the Authorization header.
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentToken, onSessionEnd } from './session';

/** One change of a job of the caller's organisation (the server's JobEvent). */
export type JobEvent = {
  jobId: string;
  kind: string;
  state: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  progress: number;
  hasResult: boolean;
  datafileId: string | null;
};

export const EVENTS_URL = '/api/events';
/** Polls while the stream is open: a safety net, not the way answers arrive. */
export const PUSHED_POLL_MS = 10_000;
/** Polls without a stream (refused, dropped, or not yet open): as before there was one. */
export const FALLBACK_POLL_MS = 1_000;
/** The stream outlives its last page this long (step 2 -> step 3 keeps it). */
const LINGER_MS = 5_000;
/** After the server refused a stream (too many tabs), the tab polls this long before it asks again. */
const REFUSED_PAUSE_MS = 60_000;
const RETRY_MS = 3_000;
/** Progress-only events are passed on at most this often (each makes the page ask GraphQL). */
const PROGRESS_EVERY_MS = 1_000;

class Refused extends Error {}

/** A listener hears each job event, and `null` when the stream (re)opens: what moved before is not sent. */
type Listener = (event: JobEvent | null) => void;
const listeners = new Set<Listener>();
const liveListeners = new Set<() => void>();
let controller: AbortController | null = null;
let live = false;
let linger: ReturnType<typeof setTimeout> | null = null;
let refusedUntil = 0;

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  for (const notify of liveListeners) notify();
}

function close() {
  controller?.abort();
  controller = null;
  setLive(false);
}

function open() {
  if (controller || Date.now() < refusedUntil) return;
  const token = currentToken();
  if (!token) return;
  const headers = {
    authorization: `Bearer ${token}`,
    'accept-language': document.documentElement.lang || 'de',
  };
  const mine = new AbortController();
  controller = mine;
  fetchEventSource(EVENTS_URL, {
    signal: mine.signal,
    headers,
    // Hidden tabs keep their stream: a check started before switching tabs is done when one returns.
    openWhenHidden: true,
    onopen: async (response) => {
      if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) return;
      // A refusal (401, 429) is not retried at once: the page's poll goes on at its old pace.
      throw new Refused(`events: HTTP ${response.status}`);
    },
    onmessage: (message) => {
      if (message.event === 'ready') {
        setLive(true);
        // The server sends `ready` once it has read the jobs as they are: a page asks once now, so a
        // job that moved while the stream was not open (or was reconnecting) is not left to the slow poll.
        for (const listener of listeners) listener(null);
      } else if (message.event === 'job') {
        const event = JSON.parse(message.data) as JobEvent;
        for (const listener of listeners) listener(event);
      }
    },
    onclose: () => {
      // The server ended the stream (a restart, a session that ended): try again like a dropped one.
      throw new Error('events: closed');
    },
    onerror: (error: unknown) => {
      setLive(false);
      if (error instanceof Refused) throw error;
      return RETRY_MS;
    },
  }).catch(() => {
    if (controller !== mine) return;
    controller = null;
    setLive(false);
    refusedUntil = Date.now() + REFUSED_PAUSE_MS;
  });
}

function subscribe(listener: Listener): () => void {
  if (linger) clearTimeout(linger);
  linger = null;
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || linger) return;
    linger = setTimeout(() => {
      linger = null;
      if (listeners.size === 0) close();
    }, LINGER_MS);
  };
}

// A stream is one user's: it ends with the session, and the next user's starts afresh.
onSessionEnd(() => {
  close();
  refusedUntil = 0;
});

const subscribeLive = (notify: () => void) => {
  liveListeners.add(notify);
  return () => void liveListeners.delete(notify);
};

/**
 * While `enabled`, hears the tab's job events and calls `onEvent` for those `matches` accepts, and
 * with `null` each time the stream opens (ask once: what moved before it opened is not sent).
 */
export function useJobEvents(
  enabled: boolean,
  matches: (event: JobEvent) => boolean,
  onEvent: (event: JobEvent | null) => void,
): void {
  const latest = useRef({ matches, onEvent });
  latest.current = { matches, onEvent };
  useEffect(() => {
    if (!enabled) return undefined;
    // A new state or answer is passed on at once; progress alone (every 250 ms) at most every
    // PROGRESS_EVERY_MS, the last one always: each call asks GraphQL again.
    const last = new Map<string, string>();
    let pending: JobEvent | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let passedAt = 0;
    const pass = (event: JobEvent) => {
      passedAt = Date.now();
      latest.current.onEvent(event);
    };
    const unsubscribe = subscribe((event) => {
      if (event === null) return latest.current.onEvent(null);
      if (!latest.current.matches(event)) return;
      const step = `${event.state}:${event.hasResult}`;
      const changed = last.get(event.jobId) !== step;
      last.set(event.jobId, step);
      if (changed || Date.now() - passedAt >= PROGRESS_EVERY_MS) {
        pending = null;
        pass(event);
        return;
      }
      pending = event;
      timer ??= setTimeout(
        () => {
          timer = null;
          if (pending) pass(pending);
          pending = null;
        },
        PROGRESS_EVERY_MS - (Date.now() - passedAt),
      );
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [enabled]);
}

/**
 * How often a page waiting for a job should still poll: PUSHED_POLL_MS while the tab's stream is
 * open, else FALLBACK_POLL_MS (the stream is refused, dropped or not open yet).
 */
export function useJobPollMs(enabled: boolean): number {
  const isLive = useSyncExternalStore(
    subscribeLive,
    () => live,
    () => false,
  );
  return enabled && isLive ? PUSHED_POLL_MS : FALLBACK_POLL_MS;
}
