import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestBudget } from './request-budget';

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
