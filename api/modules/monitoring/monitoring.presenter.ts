import type { JobRow } from '../../../db/schema';

const ERROR_DETAIL_MAX = 2_000;
const PAYLOAD_MAX = 500;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A jobs row as the schema's Job; `now` decides whether a running job's lease has run out. */
export function presentJob(row: JobRow, now: Date) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    progress: row.progress,
    errorCode: row.errorCode,
    errorDetail: row.errorDetail === null ? null : cut(row.errorDetail, ERROR_DETAIL_MAX),
    payload: cut(JSON.stringify(row.payload ?? null), PAYLOAD_MAX),
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    runAfter: row.runAfter,
    cancelRequestedAt: row.cancelRequestedAt,
    isStalled: row.state === 'RUNNING' && row.leaseExpiresAt !== null && row.leaseExpiresAt < now.toISOString(),
  };
}
