// Reading a request body with a cap, the one way every route of the app does it. A declared
// Content-Length over the cap is refused before a byte is read; without one (chunked transfer) the
// bytes are counted as they arrive and reading stops at the first byte past the cap, so a 500 MB
// body costs no more memory than the cap. Bun closes the connection when the answer leaves before
// the body was read to its end, so the sender stops too.
//
// A cap per body is not enough against many bodies at once (200 GraphQL bodies just under 4 MB
// took a server from 96 MB to 1.1 GB): the bytes of every body held at this moment, from the first
// chunk until its request is answered, count against one budget per process (BODY_BUDGET_BYTES);
// a body that would pass it is refused with BodyBudgetExhausted (the routes answer 503 with
// Retry-After, which the live snippet retries).

/** Thrown by capStream when the bytes pass the cap (a route turns it into its own 413). */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body over ${maxBytes} bytes`);
  }
}

/** Thrown by readBodyWithCap for a Content-Length that is not a whole number of bytes. */
export class BadContentLength extends Error {}

/** Thrown by readBodyWithCap when the process holds too many body bytes already. */
export class BodyBudgetExhausted extends Error {
  /** Seconds a sender should wait before sending again (the routes' Retry-After). */
  readonly retryAfterSeconds = 1;
}

/** The bytes of the request bodies one process holds at a time; each request takes a lease. */
export class BodyBudget {
  #used = 0;
  constructor(readonly maxBytes: number) {}
  get used() {
    return this.#used;
  }
  /** A lease for one request: take() as bytes arrive, release() once the request is answered. */
  lease() {
    let held = 0;
    return {
      take: (bytes: number) => {
        if (this.#used + bytes > this.maxBytes) throw new BodyBudgetExhausted('request bodies over the budget');
        this.#used += bytes;
        held += bytes;
      },
      release: () => {
        this.#used -= held;
        held = 0;
      },
    };
  }
}
export type BodyLease = ReturnType<BodyBudget['lease']>;

const budgets = new WeakMap<object, BodyBudget>();
/** The one budget of an app (its deps), made on first use. */
export function bodyBudgetOf(owner: object, maxBytes: number): BodyBudget {
  let budget = budgets.get(owner);
  if (!budget) budgets.set(owner, (budget = new BodyBudget(maxBytes)));
  return budget;
}

/** The declared Content-Length: null when absent; BadContentLength when not a whole number. */
export function declaredLength(request: Request): number | null {
  // With chunked transfer the length header (if any) does not describe the body.
  if (request.headers.has('transfer-encoding')) return null;
  const text = request.headers.get('content-length');
  if (text === null) return null;
  const n = Number(text);
  if (!/^\d{1,15}$/.test(text.trim()) || !Number.isSafeInteger(n)) throw new BadContentLength(text.slice(0, 20));
  return n;
}

/** Passes bytes through until `maxBytes` have passed, then fails the stream with BodyTooLarge. */
export function capStream(maxBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(maxBytes);
      controller.enqueue(chunk);
    },
  });
}

/**
 * The whole body as bytes when it has at most `maxBytes`, else BodyTooLarge (thrown before reading
 * when the declared length is over the cap, else as soon as the counted bytes are). Memory held is
 * at most the cap plus one chunk. With a lease, every chunk is taken from the process's budget
 * first (BodyBudgetExhausted when it is spent); the caller releases the lease when it answered.
 */
export async function readBodyWithCap(request: Request, maxBytes: number, lease?: BodyLease): Promise<Uint8Array> {
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) throw new BodyTooLarge(maxBytes);
  // A declared length is taken from the budget at once: refused before a byte is read.
  let taken = declared ?? 0;
  if (lease && taken > 0) lease.take(taken);
  if (declared !== null) {
    // Over HTTP the framing ends the body at its declared length, so one native read of the whole
    // body holds no more than the cap, without a promise per chunk. A body longer than declared (a
    // Request made in this process can be) is still refused past the cap and counted in full.
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw new BodyTooLarge(maxBytes);
    if (lease && bytes.byteLength > taken) lease.take(bytes.byteLength - taken);
    return bytes;
  }
  const body = request.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(maxBytes);
      if (lease && total > taken) {
        lease.take(total - taken);
        taken = total;
      }
      chunks.push(value);
    }
  } catch (error) {
    // Stop pulling: what is still on the wire is dropped with the connection.
    reader.cancel().catch(() => {});
    throw error;
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Lifts Bun's idle timeout (a connection that sent nothing for 10 s is closed) for one request whose
 * answer is meant to take longer: an event stream quiet between heartbeats, an upload that waits for
 * READY. Call it once the body is read: a sender that stalls mid-body is still cut off. Outside
 * Bun.serve (app.fetch in tests) there is no server and nothing to lift.
 */
export function keepRequestOpen(env: unknown, request: Request): void {
  const server = (env as { server?: { timeout?: (r: Request, seconds: number) => void } } | undefined)?.server;
  server?.timeout?.(request, 0);
}
