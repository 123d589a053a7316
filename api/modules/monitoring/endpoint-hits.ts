import { lt, sql } from 'drizzle-orm';
import { endpointHits } from '../../../db/schema';
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';

/**
 * Requests and refusals of the live endpoints, counted per endpoint and minute for the monitoring
 * page. A call costs a map update in memory; every few seconds the process adds what it counted
 * to the `endpoint_hits` rows in one write (an upsert that adds), so the table holds the sum over
 * every process sharing the database, whatever the request rate.
 *
 * Live import calls `recordEndpointHit(deps, 'live.records', { refused })` once per request.
 */

/** How long counts wait in memory before they are written (the panel lags by at most this). */
export const FLUSH_INTERVAL_MS = 2_000;
/** Minutes older than this are deleted (at most once an hour per process, during a flush). */
export const RETENTION_MS = 7 * 24 * 60 * 60_000;
/** Distinct endpoint names one process counts between two flushes; calls beyond it count under OVERFLOW_ENDPOINT. */
export const MAX_ENDPOINTS = 200;
export const OVERFLOW_ENDPOINT = '(other)';
const MAX_NAME = 100;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Rows per INSERT statement (SQLite's limit of bound parameters is far above 4 x 100). */
const ROWS_PER_STATEMENT = 100;

type DepsForHits = Pick<Deps, 'db' | 'clock' | 'log'>;
type Counter = { endpoint: string; minute: string; requests: number; refusals: number };
type HitBuffer = {
  counts: Map<string, Counter>;
  endpoints: Set<string>;
  timer: ReturnType<typeof setTimeout> | undefined;
  flushing: Promise<void> | undefined;
  lastPruneAt: number;
};

// One buffer per deps (per process; tests build several deps in one process).
const buffers = new WeakMap<DepsForHits, HitBuffer>();

/** Endpoint names are labels for the panel: printable, short, never user input. */
export function normaliseEndpoint(endpoint: string): string {
  const name = String(endpoint)
    .trim()
    .replace(/[^A-Za-z0-9 _./:-]/g, '_')
    .slice(0, MAX_NAME);
  return name === '' ? 'unnamed' : name;
}

function bufferOf(deps: DepsForHits): HitBuffer {
  let buffer = buffers.get(deps);
  if (!buffer)
    buffers.set(
      deps,
      (buffer = { counts: new Map(), endpoints: new Set(), timer: undefined, flushing: undefined, lastPruneAt: 0 }),
    );
  return buffer;
}

/**
 * Counts one call of a live endpoint (a refused call counts as a request and a refusal). Never
 * throws and never waits: the count is written by the next flush, within FLUSH_INTERVAL_MS.
 */
export function recordEndpointHit(deps: DepsForHits, endpoint: string, options: { refused?: boolean } = {}): void {
  const buffer = bufferOf(deps);
  let name = normaliseEndpoint(endpoint);
  if (!buffer.endpoints.has(name)) {
    if (buffer.endpoints.size >= MAX_ENDPOINTS) name = OVERFLOW_ENDPOINT;
    buffer.endpoints.add(name);
  }
  const minute = deps.clock.now().toISOString().slice(0, 16);
  const key = `${name}\n${minute}`;
  let counter = buffer.counts.get(key);
  if (!counter) buffer.counts.set(key, (counter = { endpoint: name, minute, requests: 0, refusals: 0 }));
  counter.requests++;
  if (options.refused) counter.refusals++;
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => {
      buffer.timer = undefined;
      void flushEndpointHits(deps);
    }, FLUSH_INTERVAL_MS);
    // A pending flush must not keep a finished process (a CLI, a test) alive.
    (buffer.timer as { unref?: () => void }).unref?.();
  }
}

/**
 * Writes the counts gathered so far (one transaction; the server calls it on shutdown, tests call
 * it instead of waiting). A failed write puts the counts back for the next flush.
 */
export async function flushEndpointHits(deps: DepsForHits): Promise<void> {
  const buffer = bufferOf(deps);
  // One flush at a time: counts gathered meanwhile wait for the next.
  while (buffer.flushing) await buffer.flushing;
  if (buffer.counts.size === 0) return;
  const rows = [...buffer.counts.values()];
  buffer.counts = new Map();
  buffer.endpoints = new Set();
  const now = deps.clock.now().getTime();
  const prune = now - buffer.lastPruneAt >= PRUNE_EVERY_MS;
  buffer.flushing = writeRows(deps, rows, prune ? new Date(now - RETENTION_MS).toISOString().slice(0, 16) : undefined)
    .then(() => {
      if (prune) buffer.lastPruneAt = now;
    })
    .catch((error) => {
      deps.log.error('writing live endpoint counts failed; keeping them for the next flush', error);
      for (const row of rows) {
        const key = `${row.endpoint}\n${row.minute}`;
        const counter = buffer.counts.get(key);
        if (counter) {
          counter.requests += row.requests;
          counter.refusals += row.refusals;
        } else buffer.counts.set(key, row);
        buffer.endpoints.add(row.endpoint);
      }
    })
    .finally(() => {
      buffer.flushing = undefined;
    });
  await buffer.flushing;
}

async function writeRows(deps: DepsForHits, rows: Counter[], pruneBefore: string | undefined): Promise<void> {
  await writeTransaction(deps.db, async (tx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
      await tx.run(
        sql`insert into ${endpointHits} (endpoint, minute, requests, refusals) values ${sql.join(
          chunk.map((r) => sql`(${r.endpoint}, ${r.minute}, ${r.requests}, ${r.refusals})`),
          sql`, `,
        )} on conflict (endpoint, minute) do update set requests = requests + excluded.requests, refusals = refusals + excluded.refusals`,
      );
    }
    if (pruneBefore) await tx.delete(endpointHits).where(lt(endpointHits.minute, pruneBefore));
  });
}

/** Counts not yet written (for tests and the benchmark). */
export function pendingEndpointHits(deps: DepsForHits): number {
  let n = 0;
  for (const c of buffers.get(deps)?.counts.values() ?? []) n += c.requests;
  return n;
}
