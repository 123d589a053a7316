import { lt, sql } from 'drizzle-orm';
import { endpointHits, endpointRefusalSamples, endpointRefusals } from '../../../db/schema';
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';

/**
 * Requests and refusals of the live endpoints, counted per endpoint and minute for the monitoring
 * page. A call costs a map update in memory; every few seconds the process adds what it counted
 * to the `endpoint_hits` rows in one write (an upsert that adds), so the table holds the sum over
 * every process sharing the database, whatever the request rate.
 *
 * Refusals also count per reason (the catalogue's reason, else its code) in `endpoint_refusals`, and
 * the last few refused calls of each flush go to `endpoint_refusal_samples` (the newest
 * SAMPLES_KEPT kept): what the operators' refused-traffic panel shows. A sample carries no
 * personal data beyond a network and a short keyed hash of the client address.
 *
 * Live import calls `recordEndpointHit(deps, 'live.records', { refused, reason, sample })` once per request.
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
/** Refused calls one process keeps as samples between two flushes (the newest). */
export const SAMPLES_PER_FLUSH = 20;
/** Samples the table keeps (the newest). */
export const SAMPLES_KEPT = 200;
/** Distinct reasons one process counts between two flushes; beyond it they count under OVERFLOW_ENDPOINT. */
const MAX_REASONS = 200;

type DepsForHits = Pick<Deps, 'db' | 'clock' | 'log'>;
type Counter = { endpoint: string; minute: string; requests: number; refusals: number };
type ReasonCounter = { endpoint: string; minute: string; reason: string; refusals: number };
/** A refused call as the operators see it: which datafile id was asked for, with which key kind, from which network. */
export type RefusalSample = {
  datafileId?: string | null;
  /** BROWSER, SERVER, WRONG (a key that matches none), NONE (no key). */
  keyKind?: string | null;
  /** The client's network and a short keyed hash of its address, never the address. */
  source?: string | null;
  origin?: string | null;
};
type StoredSample = { at: string; endpoint: string; reason: string } & Required<RefusalSample>;
type HitBuffer = {
  counts: Map<string, Counter>;
  reasons: Map<string, ReasonCounter>;
  samples: StoredSample[];
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
      (buffer = {
        counts: new Map(),
        reasons: new Map(),
        samples: [],
        endpoints: new Set(),
        timer: undefined,
        flushing: undefined,
        lastPruneAt: 0,
      }),
    );
  return buffer;
}

const label = (text: string | null | undefined, max: number, pattern: RegExp) =>
  text ? text.slice(0, max).replace(pattern, '_') : null;

/**
 * Counts one call of a live endpoint (a refused call counts as a request and a refusal, under its
 * reason, and may be kept as a sample). Never throws and never waits: the count is written by the
 * next flush, within FLUSH_INTERVAL_MS.
 */
export function recordEndpointHit(
  deps: DepsForHits,
  endpoint: string,
  options: { refused?: boolean; reason?: string; sample?: RefusalSample } = {},
): void {
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
  if (options.refused) {
    counter.refusals++;
    let reason = label(options.reason, 60, /[^A-Z0-9_]/g) ?? 'UNSPECIFIED';
    if (buffer.reasons.size >= MAX_REASONS && !buffer.reasons.has(`${name}\n${minute}\n${reason}`))
      reason = OVERFLOW_ENDPOINT;
    const reasonKey = `${name}\n${minute}\n${reason}`;
    let byReason = buffer.reasons.get(reasonKey);
    if (!byReason) buffer.reasons.set(reasonKey, (byReason = { endpoint: name, minute, reason, refusals: 0 }));
    byReason.refusals++;
    if (options.sample) {
      const s = options.sample;
      buffer.samples.push({
        at: deps.clock.now().toISOString(),
        endpoint: name,
        reason,
        datafileId: label(s.datafileId, 64, /[^A-Za-z0-9_-]/g),
        keyKind: label(s.keyKind, 10, /[^A-Z]/g),
        source: label(s.source, 80, /[^0-9a-z.:/# ]/gi),
        origin: label(s.origin, 100, /[^\x21-\x7e]/g),
      });
      if (buffer.samples.length > SAMPLES_PER_FLUSH) buffer.samples.shift();
    }
  }
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
  const reasons = [...buffer.reasons.values()];
  const samples = buffer.samples;
  buffer.counts = new Map();
  buffer.reasons = new Map();
  buffer.samples = [];
  buffer.endpoints = new Set();
  const now = deps.clock.now().getTime();
  const prune = now - buffer.lastPruneAt >= PRUNE_EVERY_MS;
  const written = { rows, reasons, samples };
  buffer.flushing = writeRows(
    deps,
    written,
    prune ? new Date(now - RETENTION_MS).toISOString().slice(0, 16) : undefined,
  )
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
      for (const row of reasons) {
        const key = `${row.endpoint}\n${row.minute}\n${row.reason}`;
        const counter = buffer.reasons.get(key);
        if (counter) counter.refusals += row.refusals;
        else buffer.reasons.set(key, row);
      }
    })
    .finally(() => {
      buffer.flushing = undefined;
    });
  await buffer.flushing;
}

async function writeRows(
  deps: DepsForHits,
  { rows, reasons, samples }: { rows: Counter[]; reasons: ReasonCounter[]; samples: StoredSample[] },
  pruneBefore: string | undefined,
): Promise<void> {
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
    for (let i = 0; i < reasons.length; i += ROWS_PER_STATEMENT) {
      const chunk = reasons.slice(i, i + ROWS_PER_STATEMENT);
      await tx.run(
        sql`insert into ${endpointRefusals} (endpoint, minute, reason, refusals) values ${sql.join(
          chunk.map((r) => sql`(${r.endpoint}, ${r.minute}, ${r.reason}, ${r.refusals})`),
          sql`, `,
        )} on conflict (endpoint, minute, reason) do update set refusals = refusals + excluded.refusals`,
      );
    }
    if (samples.length > 0) {
      await tx.insert(endpointRefusalSamples).values(samples);
      await tx.run(
        sql`delete from ${endpointRefusalSamples} where id <= (select max(id) from ${endpointRefusalSamples}) - ${SAMPLES_KEPT}`,
      );
    }
    if (pruneBefore) {
      await tx.delete(endpointHits).where(lt(endpointHits.minute, pruneBefore));
      await tx.delete(endpointRefusals).where(lt(endpointRefusals.minute, pruneBefore));
    }
  });
}

/** Counts not yet written (for tests and the benchmark). */
export function pendingEndpointHits(deps: DepsForHits): number {
  let n = 0;
  for (const c of buffers.get(deps)?.counts.values() ?? []) n += c.requests;
  return n;
}
