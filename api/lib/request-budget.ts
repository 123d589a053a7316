import { AppError } from '../kernel/errors/errors';
import { currentScope, withBudget, type RequestBudget } from './request-scope';

export type { RequestBudget } from './request-scope';

/**
 * How long a request's resolvers run before they let other requests in. Database reads are
 * synchronous (db/sync-session.ts), so without a turn a long query would hold every other request
 * (`me` included) until it ends or its budget stops it.
 */
export const SLICE_MS = 20;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const budgetRefusal = (budgetMs: number) =>
  new AppError('REQUEST_TIME_LIMIT', { reason: 'REQUEST_TIME_BUDGET', seconds: Math.round(budgetMs / 100) / 10 });

/**
 * Runs `work` under a budget of `budgetMs`. The refusal (an Error, whose stack costs more than a
 * short request's other bookkeeping) and the signal with its timer are made when first asked for:
 * most requests end well inside their budget and never ask.
 */
export async function withRequestBudget<T>(budgetMs: number, work: (budget: RequestBudget) => Promise<T>): Promise<T> {
  const budget = new Budget(budgetMs);
  try {
    return await withBudget(budget, () => work(budget));
  } finally {
    budget.end();
  }
}

/**
 * One request's budget. A class rather than an object literal of closures and getters: every
 * request makes one, and its methods then live once on the prototype.
 */
class Budget implements RequestBudget {
  readonly deadline: number;
  readsStop = false;
  #refusal: AppError | undefined;
  #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sliceStart: number;
  #chain: Promise<unknown> | undefined;

  constructor(readonly budgetMs: number) {
    this.#sliceStart = performance.now();
    this.deadline = this.#sliceStart + budgetMs;
  }

  get refusal(): AppError {
    return (this.#refusal ??= budgetRefusal(this.budgetMs));
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = (this.#controller = new AbortController());
      const left = this.deadline - performance.now();
      if (left <= 0) controller.abort(this.refusal);
      else this.#timer = setTimeout(() => controller.abort(this.refusal), left);
    }
    return this.#controller.signal;
  }

  check(): void {
    if (performance.now() >= this.deadline) throw this.refusal;
  }

  pace(): Promise<void> | undefined {
    const now = performance.now();
    if (now >= this.deadline) throw this.refusal;
    if (now - this.#sliceStart < SLICE_MS) return undefined;
    return nextTurn().then(() => {
      this.#sliceStart = performance.now();
      this.check();
    });
  }

  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = (this.#chain ?? Promise.resolve()).then(work);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** The request has answered: the signal's timer (if one was asked for) is not needed any more. */
  end(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}

/** The budget of the request this code runs for (undefined in jobs, commands and tests without one). */
export const currentBudget = (): RequestBudget | undefined => currentScope().budget;

/**
 * The database's hook before a read outside a transaction (db/client.ts): a query's reads past its
 * deadline are refused, so the work of resolvers that started in time stops at their next read.
 * Mutations are left to finish the field they started (their writes must not stop half-way).
 */
export function stopReadsPastBudget(): void {
  const budget = currentScope().budget;
  if (budget?.readsStop) budget.check();
}

/** A race waiting for its budget's deadline. */
type Waiting = { deadline: number; refuse: () => void };
const waiting = new Set<Waiting>();
let watch: { timer: ReturnType<typeof setTimeout>; at: number } | undefined;

/** The one timer of this process's races, due at the earliest deadline still waiting. */
function armWatch(): void {
  let at = Infinity;
  for (const w of waiting) if (w.deadline < at) at = w.deadline;
  if (watch) clearTimeout(watch.timer);
  watch = undefined;
  if (at === Infinity) return;
  const timer = setTimeout(
    () => {
      watch = undefined;
      const now = performance.now();
      for (const w of waiting)
        if (w.deadline <= now) {
          waiting.delete(w);
          w.refuse();
        }
      armWatch();
    },
    Math.max(0, at - performance.now()),
  );
  // Only the requests' own work keeps the process running: a watch left after they settled does not.
  timer.unref?.();
  watch = { timer, at };
}

/**
 * Settles like `work`, or rejects with the budget's refusal at its deadline, whichever comes first.
 * The deadlines share one timer: a timer set and cleared per query cost more than the rest of the
 * race, and requests' deadlines come in the order they started, so the timer rarely moves.
 */
export function raceBudget<T>(budget: RequestBudget, work: Promise<T>): Promise<T> {
  if (budget.deadline - performance.now() <= 0) return Promise.reject(budget.refusal);
  return new Promise<T>((resolve, reject) => {
    const entry: Waiting = { deadline: budget.deadline, refuse: () => reject(budget.refusal) };
    waiting.add(entry);
    if (!watch || entry.deadline < watch.at) armWatch();
    work.then(
      (value) => {
        waiting.delete(entry);
        resolve(value);
      },
      (error: unknown) => {
        waiting.delete(entry);
        reject(error);
      },
    );
  });
}
