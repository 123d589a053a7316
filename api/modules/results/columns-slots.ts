// How many bodies the columns route builds at once in this process. A body holds what it was read
// from (raw.arrow read whole is 50 MB at 100,000 interviews x 50 columns) until its last byte has left:
// measured about 120 MB per request, so 20 requests at once for a whole raw.arrow of 100,000
// interviews grew the server by 2.4 GB, and 200 (one script or a few tabs of one user) would take
// any server down. Further requests wait their turn, which the result page's one request of a page
// load does not notice; past the waiting bound they are refused with SERVER_BUSY and Retry-After.
import { AppError } from '../../kernel/errors/errors';

export const COLUMNS_AT_ONCE = 4;
export const COLUMNS_MAX_WAITING = 200;
/** A slot whose body was neither finished nor cancelled (a client that stopped reading) is freed after this. */
export const COLUMNS_SLOT_MAX_MS = 120_000;

let running = 0;
const waiting: (() => void)[] = [];

/** Requests waiting for a place now. */
export const columnsWaiting = (): number => waiting.length;

function hand(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Waits for a place to build a body; the returned release frees it (once, whoever calls it). `onWait`
 * runs when the request has to wait (the route lifts the connection's idle timeout, which a wait
 * behind 200 bodies of 100,000 interviews would pass).
 */
export async function takeColumnsSlot(onWait: () => void): Promise<() => void> {
  if (running < COLUMNS_AT_ONCE) running++;
  else if (waiting.length >= COLUMNS_MAX_WAITING) throw new AppError('SERVER_BUSY', { retryAfterSeconds: 1 });
  else {
    onWait();
    // The place is handed over by the body that ends (running stays the same).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  let held = true;
  const timer = setTimeout(() => release(), COLUMNS_SLOT_MAX_MS);
  const release = () => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    hand();
  };
  return release;
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
