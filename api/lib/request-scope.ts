import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppError } from '../kernel/errors/errors';

/**
 * A request's execution-time budget (REQUEST_TIME_BUDGET_MS; made and checked in
 * api/lib/request-budget.ts). JavaScript cannot stop a function that is running, so the budget stops
 * work where it can: at the next GraphQL resolver (none starts past the deadline), at a Worker step
 * (its Worker is terminated through `signal`) and at the answer (a query answers the refusal at the
 * deadline instead of waiting). Work that takes longer belongs in a job. The budget is found through
 * the request's scope (below), so services need not pass it on.
 */
export type RequestBudget = {
  /** performance.now() at which the request's time is up. */
  readonly deadline: number;
  /** Aborted at the deadline with the refusal as its reason. */
  readonly signal: AbortSignal;
  readonly refusal: AppError;
  /** Throws the refusal when the time is up. */
  check(): void;
  /**
   * Throws the refusal when the time is up; once the request has run a slice (SLICE_MS) since it last
   * let others in, returns a promise to await first, which gives the event loop to other requests
   * for a turn. Undefined otherwise, so a short request pays one clock read per resolver.
   */
  pace(): Promise<void> | undefined;
  /**
   * Runs `work` once the request's previous `serial` work has settled. A query's root fields run one
   * after another this way (graphql-js starts them all at once), so that its turns come between
   * them: with synchronous reads, fields started together would hold the loop together.
   */
  serial<T>(work: () => Promise<T>): Promise<T>;
  /** Set for a query (it only reads): its database reads past the deadline are refused too. */
  readsStop: boolean;
};

/**
 * What every log line written inside a request or a job carries: the request id (the caller's
 * X-Request-Id or one made for it; a job keeps the id of the request that enqueued it) and, in a
 * job, its id and kind.
 */
export type LogContext = { requestId?: string; jobId?: string; jobKind?: string };

/**
 * What code running for a request or a job finds without being passed it: the log context and,
 * while a request's execution runs, its time budget (api/lib/request-budget.ts). One
 * AsyncLocalStorage holds both: each store is one more context every `run` and every await of the
 * request carries.
 */
export type Scope = { readonly log: LogContext; readonly budget: RequestBudget | undefined };

const NONE: Scope = { log: {}, budget: undefined };
const scope = new AsyncLocalStorage<Scope>();

/** The scope of the code running now (an empty one outside requests and jobs). */
export const currentScope = (): Scope => scope.getStore() ?? NONE;

/** Runs `fn` with these log fields added to the current ones; the budget stays. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  const parent = currentScope();
  return scope.run({ log: { ...parent.log, ...fields }, budget: parent.budget }, fn);
}

/** Runs `fn` under `budget`; the log fields stay. */
export function withBudget<T>(budget: RequestBudget, fn: () => T): T {
  return scope.run({ log: currentScope().log, budget }, fn);
}
