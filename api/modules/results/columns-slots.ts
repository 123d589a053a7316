// How many bodies the columns route (and the scores route for scripts) builds at once in this process.
// A body holds what it was read from (raw.arrow read whole is 50 MB at 100,000 interviews x 50
// columns) until its last byte has left: measured about 120 MB per request, so 20 requests at once
// for a whole raw.arrow of 100,000 interviews grew the server by 2.4 GB, and 200 (one script or a few
// tabs of one user) would take any server down. Further requests wait their turn, which the result
// page's one request of a page load does not notice. A free place goes to the user with the fewest
// places now (then the one who asked first), so one user's 200 requests do not make everyone else's
// page wait behind them; a user may have COLUMNS_WAITING_PER_USER waiting (past that TOO_MANY_REQUESTS),
// the process COLUMNS_MAX_WAITING (past that SERVER_BUSY), both with Retry-After.
import type { Context } from 'hono';
import { AppError } from '../../kernel/errors/errors';
import { keepRequestOpen } from '../../lib/request-body';

export const COLUMNS_AT_ONCE = 4;
export const COLUMNS_MAX_WAITING = 200;
export const COLUMNS_WAITING_PER_USER = 50;
/** A slot whose body was neither finished nor cancelled (a client that stopped reading) is freed after this. */
export const COLUMNS_SLOT_MAX_MS = 120_000;

/** Per user: places held and requests waiting (in the order they came). A user is listed while they have either. */
const users = new Map<string, { running: number; waiting: (() => void)[] }>();
let running = 0;
let waiting = 0;

/** Requests waiting for a place now. */
export const columnsWaiting = (): number => waiting;

function userOf(owner: string) {
  let user = users.get(owner);
  if (!user) users.set(owner, (user = { running: 0, waiting: [] }));
  return user;
}

/** Frees `owner`'s place and hands it to the waiting user with the fewest places (running stays the same). */
function hand(owner: string): void {
  const user = users.get(owner)!;
  user.running--;
  if (user.running === 0 && user.waiting.length === 0) users.delete(owner);
  let next: { running: number; waiting: (() => void)[] } | undefined;
  for (const candidate of users.values())
    if (candidate.waiting.length > 0 && (!next || candidate.running < next.running)) next = candidate;
  if (!next) return void running--;
  waiting--;
  next.running++;
  next.waiting.shift()!();
}

/** The request went away while it waited for a place: nobody is left to answer. */
export class RequestGone extends Error {}

/**
 * Waits for a place to build a body for `owner` (the user asking); the returned release frees it
 * (once, whoever calls it). `onWait` runs when the request has to wait (the route lifts the
 * connection's idle timeout, which a wait behind 200 bodies of 100,000 interviews would pass). A
 * request whose `signal` aborts while it waits (its client went away) leaves the queue and rejects
 * with RequestGone, so a burst sent and dropped builds no bodies.
 */
export async function takeColumnsSlot(owner: string, onWait: () => void, signal?: AbortSignal): Promise<() => void> {
  if (running < COLUMNS_AT_ONCE) {
    running++;
    userOf(owner).running++;
  } else {
    if ((users.get(owner)?.waiting.length ?? 0) >= COLUMNS_WAITING_PER_USER)
      throw new AppError('TOO_MANY_REQUESTS', { reason: 'TOO_MANY_DATA_REQUESTS', retryAfterSeconds: 1 });
    if (waiting >= COLUMNS_MAX_WAITING) throw new AppError('SERVER_BUSY', { retryAfterSeconds: 1 });
    if (signal?.aborted) throw new RequestGone();
    const user = userOf(owner);
    onWait();
    waiting++;
    // hand() counts the place for this user before it wakes the request.
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', gone);
        resolve();
      };
      const gone = () => {
        user.waiting.splice(user.waiting.indexOf(wake), 1);
        waiting--;
        if (user.running === 0 && user.waiting.length === 0) users.delete(owner);
        reject(new RequestGone());
      };
      user.waiting.push(wake);
      signal?.addEventListener('abort', gone, { once: true });
    });
  }
  let held = true;
  const timer = setTimeout(() => release(), COLUMNS_SLOT_MAX_MS);
  // Only a stuck body's backstop: it keeps no process alive.
  timer.unref?.();
  const release = () => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    hand(owner);
  };
  return release;
}

/**
 * takeColumnsSlot for a route's request: while it waits, the connection's idle timeout is lifted, and
 * it leaves the queue when its client goes away.
 */
export function takeRequestSlot(c: Context, owner: string): Promise<() => void> {
  return takeColumnsSlot(owner, () => keepRequestOpen(c.env, c.req.raw), c.req.raw.signal);
}

/** `body` as a response body that calls `release` once its last byte is taken, or it fails or is cancelled. */
export function releasedAtEnd(
  body: ReadableStream<Uint8Array> | Uint8Array,
  release: () => void,
): ReadableStream<Uint8Array> | Uint8Array {
  if (body instanceof Uint8Array) {
    release();
    return body;
  }
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
