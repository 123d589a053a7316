// Live import: one respondent in, scored and charged exactly once. The respondent row
// is written inside the charge's transaction (chargeDatafile's afterWrites), so a respondent is
// stored if and only if it is charged; the primary key (datafile, record id) and the ledger key
// live:<datafileId>:<recordId> make every resend, concurrent or after a crash, a replay.
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { safeEqual } from '../../lib/crypto';
import { viennaDate } from '../../../db/domain/calendar';
import { contractStatus } from '../../../db/domain/contracts';
import type { LiveScores } from '../../../db/schema';
import { chargeDatafile } from '../credits';
import { pagesOfDatapointRows, type LivePage } from './live-config';
import { readRespondent, respondentWarnings, type LiveRespondentInput } from './live-respondent';
import { LiveMedians, scoreRespondent } from './live-scoring';
import * as repo from './live.repo';
import { LIVE_RESPONDENT_JOB } from './jobs/contract';

export type LiveAnswerBody = {
  recordId: string;
  /** SCORED: scored and charged now; ALREADY_RECEIVED: stored before, answered from the store, nothing charged. */
  status: 'SCORED' | 'ALREADY_RECEIVED';
  credits: number;
  scores: Omit<LiveScores, 'kept'>;
  decision: 'KEEP' | 'REMOVE';
  /** LIVE_RECORD_CHANGED when a resend carried other answers than the stored first version. */
  reason?: 'LIVE_RECORD_CHANGED';
};

/** The job kind of a respondent accepted with 202 (jobs/live.jobs.ts). */
export { LIVE_RESPONDENT_JOB };

type DatafileState = { pages: Promise<LivePage[]>; medians?: Promise<LiveMedians> };
const states = new WeakMap<Pick<Deps, 'db'>, Map<string, DatafileState>>();
const contractCache = new WeakMap<Pick<Deps, 'db'>, Map<string, { at: number; active: boolean }>>();
/** How long a company's "has an active contract" answer is reused (a contract's status changes by date, at most daily). */
const CONTRACT_TTL_MS = 5_000;
const WARM_PAGE = 5_000;

function stateOf(deps: Deps, target: repo.LiveTarget): DatafileState {
  let map = states.get(deps);
  if (!map) states.set(deps, (map = new Map()));
  let s = map.get(target.id);
  if (!s) {
    // The definition does not change once the live import is defined; the status is read per request.
    const uploadId = target.publishedUploadId;
    s = {
      pages: uploadId ? repo.datapointsOfUpload(deps.db, uploadId).then(pagesOfDatapointRows) : Promise.resolve([]),
    };
    s.pages.catch(() => map!.delete(target.id));
    map.set(target.id, s);
  }
  return s;
}

/** The running medians, warmed from the stored respondents once per process. */
function mediansOf(deps: Pick<Deps, 'db'>, datafileId: string, s: DatafileState): Promise<LiveMedians> {
  s.medians ??= (async () => {
    const m = new LiveMedians();
    for (let after = 0; ;) {
      const rows = await repo.respondentsAfter(deps.db, datafileId, after, WARM_PAGE);
      for (const r of rows) m.add(r.totalSeconds, r.answers);
      if (rows.length < WARM_PAGE) return m;
      after = rows[rows.length - 1]!.seq;
    }
  })();
  return s.medians;
}

/** Forgets what this process cached about a datafile (tests that rewrite the definition). */
export function forgetLiveDatafile(deps: Deps, datafileId: string) {
  states.get(deps)?.delete(datafileId);
}

async function requireActiveContract(deps: Deps, companyId: string) {
  let map = contractCache.get(deps);
  if (!map) contractCache.set(deps, (map = new Map()));
  const now = deps.clock.now();
  const hit = map.get(companyId);
  let active = hit && now.getTime() - hit.at < CONTRACT_TTL_MS ? hit.active : undefined;
  if (active === undefined) {
    const today = viennaDate(now);
    active = (await repo.contractsOfCompany(deps.db, companyId)).some((c) => contractStatus(c, today) === 'ACTIVE');
    map.set(companyId, { at: now.getTime(), active });
  }
  if (!active) throw new AppError('COMPANY_CONTRACT_NOT_ACTIVE');
}

/** Who may send: the datafile's secret key, compared in constant time; any mismatch looks the same. */
export async function authenticate(
  deps: Pick<Deps, 'db'>,
  datafileId: string,
  secret: string | undefined,
): Promise<repo.LiveTarget> {
  const target = datafileId.length <= 64 ? await repo.liveTarget(deps.db, datafileId) : undefined;
  if (
    !target ||
    target.isDeleted ||
    target.importType !== 'LIVE' ||
    !target.secretKey ||
    !secret ||
    !safeEqual(secret, target.secretKey)
  )
    throw new AppError('UNAUTHENTICATED');
  return target;
}

/**
 * Refuses what must not be analysed: a stopped datafile, a draft (not started yet). A test
 * respondent (stored and charged never) is answered for a draft too: that is when the snippet is tried.
 */
function requireOpen(target: repo.LiveTarget, test = false) {
  if (target.status === 'STOPPED') throw new AppError('LIVE_DATAFILE_STOPPED');
  if (test && target.status === 'DRAFT') return;
  if (target.status === 'DRAFT')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'LIVE_DATAFILE_DRAFT' });
  if (target.status !== 'READY')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'DATAFILE_NOT_READY' });
}

const answerOf = (
  row: repo.LiveRespondentRow,
  status: LiveAnswerBody['status'],
  input?: LiveRespondentInput,
): LiveAnswerBody => {
  const { kept, ...scores } = row.scores;
  return {
    recordId: row.recordId,
    status,
    credits: row.credits,
    scores,
    decision: kept ? 'KEEP' : 'REMOVE',
    ...(input && input.payloadHash !== row.payloadHash ? { reason: 'LIVE_RECORD_CHANGED' as const } : {}),
  };
};

/** Checks a request before it is answered at once or queued: key, status, body. */
export async function admitRespondent(
  deps: Deps,
  datafileId: string,
  secret: string | undefined,
  body: unknown,
  test = false,
) {
  const target = await authenticate(deps, datafileId, secret);
  requireOpen(target, test);
  const pages = await stateOf(deps, target).pages;
  const input = readRespondent(body, pages);
  return { target, input, warnings: respondentWarnings(input, pages) };
}

/**
 * Scores and charges one respondent once; a respondent stored before is answered from the store.
 * Refusals (nothing written): LIVE_DATAFILE_STOPPED, COMPANY_CONTRACT_NOT_ACTIVE, BALANCE_NOT_ENOUGH
 * (no credits and no backup pay-as-usage plan: the ledger decides).
 */
export async function acceptRespondent(
  deps: Deps,
  target: repo.LiveTarget,
  input: LiveRespondentInput,
): Promise<LiveAnswerBody> {
  // No read of the store first: a new record (the common case) goes straight to the charge, whose
  // key answers a resend (replayed, or refused as another payload) and sends it to the store below.
  await requireActiveContract(deps, target.companyId);
  const state = stateOf(deps, target);
  const [pages, medians] = await Promise.all([state.pages, mediansOf(deps, target.id, state)]);
  const scored = scoreRespondent(deps.scoring, medians, pages, input.totalSeconds, input.answers);
  const receivedAt = deps.clock.now().toISOString();
  const key = `live:${target.id}:${input.recordId}`;
  let written: repo.LiveRespondentRow | undefined;
  try {
    const charge = await chargeDatafile(
      deps,
      {
        companyId: target.companyId,
        datafileId: target.id,
        kind: 'LIVE',
        idempotencyKey: key,
        interviewCredits: [scored.credits],
        actorId: null,
        description: `${target.title}: ${input.recordId}`,
      },
      {
        afterWrites: async (tx) => {
          const row = {
            datafileId: target.id,
            recordId: input.recordId,
            answers: input.answers,
            totalSeconds: input.totalSeconds,
            scores: scored.scores,
            credits: scored.credits,
            payloadHash: input.payloadHash,
            receivedAt,
          };
          written = { ...row, ...(await repo.insertRespondent(tx, row, key)) };
        },
      },
    );
    if (written && !charge.replayed) {
      medians.add(input.totalSeconds, input.answers);
      return answerOf(written, 'SCORED');
    }
  } catch (error) {
    // The same record with other answers (a resend, or another request at the same moment): the first wins.
    if (
      !(
        error instanceof AppError &&
        error.code === 'INVALID_PARAMETERS' &&
        error.details.reason === 'IDEMPOTENCY_KEY_REUSED'
      )
    )
      throw error;
  }
  // Replayed: stored before (by this or another request or process), in the same transaction as its charge.
  const first = await repo.findRespondent(deps.db, target.id, input.recordId);
  if (!first) throw new AppError('GENERAL_ERROR');
  return answerOf(first, 'ALREADY_RECEIVED', input);
}

/** The stored answer for a record (the asynchronous mode's follow-up, and the screens' test). */
export async function storedRespondent(
  deps: Pick<Deps, 'db'>,
  target: repo.LiveTarget,
  recordId: string,
): Promise<LiveAnswerBody | undefined> {
  const row = await repo.findRespondent(deps.db, target.id, recordId);
  return row ? answerOf(row, 'ALREADY_RECEIVED') : undefined;
}

/** A job's view of its datafile (the request was authenticated when it was queued); undefined when gone. */
export async function authenticateById(
  deps: Pick<Deps, 'db'>,
  datafileId: string,
): Promise<repo.LiveTarget | undefined> {
  const target = await repo.liveTarget(deps.db, datafileId);
  if (!target || target.isDeleted || target.importType !== 'LIVE') return undefined;
  // Stopped while queued: the queued respondent is refused like a request now would be.
  requireOpen(target);
  return target;
}

export async function pagesOf(deps: Deps, datafileId: string, publishedUploadId: string): Promise<LivePage[]> {
  const target = await repo.liveTarget(deps.db, datafileId);
  return stateOf(deps, { ...target!, publishedUploadId }).pages;
}

/**
 * The snippet screen's 'send a test respondent' (header X-Live-Test: 1): the same checks and scores
 * against the current medians, but nothing is stored, charged or counted in the medians.
 */
export async function scoreTestRespondent(
  deps: Deps,
  target: repo.LiveTarget,
  input: LiveRespondentInput,
): Promise<Omit<LiveAnswerBody, 'status'> & { status: 'TEST' }> {
  const state = stateOf(deps, target);
  const [pages, medians] = await Promise.all([state.pages, mediansOf(deps, target.id, state)]);
  const scored = scoreRespondent(deps.scoring, medians, pages, input.totalSeconds, input.answers);
  const { kept, ...scores } = scored.scores;
  return {
    recordId: input.recordId,
    status: 'TEST',
    credits: scored.credits,
    scores,
    decision: kept ? 'KEEP' : 'REMOVE',
  };
}
