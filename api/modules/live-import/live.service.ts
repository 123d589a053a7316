// Live import: one respondent in, scored and charged exactly once. The respondent row
// is written inside the charge's transaction (chargeDatafile's afterWrites), so a respondent is
// stored if and only if it is charged; the primary key (datafile, record id) and the ledger key
// live:<datafileId>:<recordId> make every resend, concurrent or after a crash, a replay.
import { combinedWeightsOf } from '../../../scoring/index';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { viennaDate } from '../../../db/domain/calendar';
import { contractStatus } from '../../../db/domain/contracts';
import type { DbOrTx } from '../../../db/client';
import type { LiveScores } from '../../../db/schema';
import { chargeDatafile } from '../credits';
import { hashIdentity, readIdentity, storeIdentity } from '../duplicates';
import { pagesOfDatapointRows, type LivePage } from './live-config';
import { readRespondent, respondentWarnings, type LiveRespondentInput } from './live-respondent';
import { finishRespondent, LiveMedians, prepareRespondent, scoreRespondent, timedCount } from './live-scoring';
import * as repo from './live.repo';
import { LIVE_RESPONDENT_JOB } from './jobs/contract';
import { forgetKeys } from './live-keys';
import { ceilingFull, ceilingRefusal, holdWithinLimits, noteCeilingReached, precheck, type Sender } from './live-guard';

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

/**
 * What this process keeps about a live datafile: its pages (fixed once defined) and the running
 * medians of the respondents stored so far, up to arrival number `seq`. The medians are a cache of
 * the live_respondents table, not state of their own: before scoring, a process reads the rows
 * stored after `seq` (by any process), and inside the charge's transaction it reads the last ones,
 * so a respondent is scored against exactly the respondents stored before it, whichever process
 * answers it.
 */
type DatafileState = {
  pages: Promise<LivePage[]>;
  medians: LiveMedians;
  seq: number;
  /** When the last catch-up ended (performance.now()). */
  caughtUpAt: number;
  /** Catch-ups run one at a time per datafile and process (two at once would add rows twice). */
  catchingUp: Promise<unknown>;
};
/** Thrown inside the charge's transaction (rolling it back) when its credits no longer match what is scored. */
class StaleCredits extends Error {}
/** A process that caught up this recently leaves the rest to the catch-up inside the transaction. */
const RECENT_CATCH_UP_MS = 1_000;
const states = new WeakMap<Pick<Deps, 'db'>, Map<string, DatafileState>>();
const contractCache = new WeakMap<Pick<Deps, 'db'>, Map<string, { at: number; active: boolean }>>();
/** How long a company's "has an active contract" answer is reused (a contract's status changes by date, at most daily). */
const CONTRACT_TTL_MS = 5_000;
const CATCH_UP_PAGE = 5_000;

function stateOf(deps: Deps, target: repo.LiveTarget): DatafileState {
  let map = states.get(deps);
  if (!map) states.set(deps, (map = new Map()));
  let s = map.get(target.id);
  if (!s) {
    // The definition does not change once the live import is defined; the status is read per request.
    const uploadId = target.publishedUploadId;
    s = {
      pages: uploadId ? repo.datapointsOfUpload(deps.db, uploadId).then(pagesOfDatapointRows) : Promise.resolve([]),
      medians: new LiveMedians(),
      seq: 0,
      caughtUpAt: -Infinity,
      catchingUp: Promise.resolve(),
    };
    s.pages.catch(() => map!.delete(target.id));
    map.set(target.id, s);
  }
  return s;
}

/**
 * Adds the respondents stored after `s.seq` to the medians, a page at a time: all of them on a
 * process's first respondent, then the few other processes stored meanwhile. Inside a transaction
 * (`db` a tx holding the write lock) nothing can be stored meanwhile, so the medians then hold
 * every respondent stored so far.
 */
function catchUp(db: DbOrTx, datafileId: string, s: DatafileState): Promise<LiveMedians> {
  const run = s.catchingUp.then(async () => {
    for (;;) {
      const rows = await repo.respondentDurationsAfter(db, datafileId, s.seq, CATCH_UP_PAGE);
      for (const r of rows) s.medians.add(r.totalSeconds, r.answers);
      if (rows.length > 0) s.seq = rows[rows.length - 1]!.seq;
      if (rows.length < CATCH_UP_PAGE) {
        s.caughtUpAt = performance.now();
        return s.medians;
      }
    }
  });
  s.catchingUp = run.catch(() => undefined);
  return run;
}

/** Forgets what this process cached about a datafile (tests that rewrite the definition). */
export function forgetLiveDatafile(deps: Deps, datafileId: string) {
  states.get(deps)?.delete(datafileId);
  forgetKeys(deps, datafileId);
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

/**
 * After the key (authenticate) and the body's cap: status, origin and known limits, then the body
 * against the pages. A test respondent is charged never, so the limits do not apply to it.
 */
export async function admitRespondent(
  deps: Deps,
  target: repo.LiveTarget,
  sender: Sender,
  body: unknown,
  test = false,
) {
  requireOpen(target, test);
  if (!test) precheck(deps, target, sender);
  const pages = await stateOf(deps, target).pages;
  const input = readRespondent(body, pages);
  // Hashed here, before a 202 queues the respondent: the fingerprint and panel ID are stored nowhere in clear.
  const identity = hashIdentity(deps, target.companyId, readIdentity(body as Record<string, unknown>));
  return { target, input: { ...input, identity }, warnings: respondentWarnings(input, pages) };
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
  sender: Sender,
): Promise<LiveAnswerBody> {
  // No read of the store first: a new record (the common case) goes straight to the charge, whose
  // key answers a resend (replayed, or refused as another payload) and sends it to the store below.
  await requireActiveContract(deps, target.companyId);
  if (ceilingFull(target)) {
    // A resend of a stored respondent is still answered; a new one is refused without scoring.
    const stored = await repo.findRespondent(deps.db, target.id, input.recordId);
    if (stored) return answerOf(stored, 'ALREADY_RECEIVED', input);
    await noteCeilingReached(deps, target);
    throw ceilingRefusal(target);
  }
  const state = stateOf(deps, target);
  // Most of the way outside the write lock (all stored respondents on a process's first one, or
  // after a pause); the rest, usually none or a few of other processes, inside the transaction. A
  // process that caught up within the last second skips the read out here: on a libSQL server
  // every statement is a round trip.
  const recent = performance.now() - state.caughtUpAt < RECENT_CATCH_UP_MS;
  const [pages] = await Promise.all([state.pages, recent ? undefined : catchUp(deps.db, target.id, state)]);
  const receivedAt = deps.clock.now().toISOString();
  const key = `live:${target.id}:${input.recordId}`;
  // The credits count the durations the medians seen out here can score. Inside the transaction, all
  // stored respondents are in the medians: if meanwhile a median came into being (around the 30th
  // respondent, another request was stored first), the charge would not match what is scored, so
  // it is prepared again. Medians only grow, so this repeats at most once per metric.
  for (let attempt = 0; ; attempt++) {
    const prepared = prepareRespondent(deps.scoring, state.medians, pages, input.totalSeconds, input.answers);
    let written: repo.LiveRespondentRow | undefined;
    try {
      const charge = await chargeDatafile(
        deps,
        {
          companyId: target.companyId,
          datafileId: target.id,
          kind: 'LIVE',
          idempotencyKey: key,
          interviewCredits: [prepared.credits],
          actorId: null,
          description: `${target.title}: ${input.recordId}`,
        },
        {
          beforeWrites: async (tx, credits) => {
            const medians = await catchUp(tx, target.id, state);
            if (timedCount(medians, pages, input.totalSeconds, input.answers) !== prepared.timed)
              throw new StaleCredits();
            await holdWithinLimits(tx, deps, target, sender, credits);
          },
          afterWrites: async (tx) => {
            const scored = finishRespondent(
              deps.scoring,
              prepared,
              state.medians,
              pages,
              input.totalSeconds,
              input.answers,
              combinedWeightsOf(target.weightingMethod?.datafileWeighting),
            );
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
            if (input.identity)
              await storeIdentity(tx, {
                companyId: target.companyId,
                datafileId: target.id,
                recordId: input.recordId,
                seenAt: receivedAt,
                identity: input.identity,
              });
          },
        },
      );
      // This respondent joins the medians at the next catch-up, read back from the table like any other.
      if (written && !charge.replayed) return answerOf(written, 'SCORED');
      break;
    } catch (error) {
      if (error instanceof StaleCredits && attempt < pages.length + 1) continue;
      if (error instanceof AppError && error.code === 'LIVE_CEILING_REACHED') await noteCeilingReached(deps, target);
      // The same record with other answers (a resend, or another request at the same moment): the first wins.
      if (
        !(
          error instanceof AppError &&
          error.code === 'INVALID_PARAMETERS' &&
          error.details.reason === 'IDEMPOTENCY_KEY_REUSED'
        )
      )
        throw error;
      break;
    }
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
  const [pages, medians] = await Promise.all([state.pages, catchUp(deps.db, target.id, state)]);
  const weights = combinedWeightsOf(target.weightingMethod?.datafileWeighting);
  const scored = scoreRespondent(deps.scoring, medians, pages, input.totalSeconds, input.answers, weights);
  const { kept, ...scores } = scored.scores;
  return {
    recordId: input.recordId,
    status: 'TEST',
    credits: scored.credits,
    scores,
    decision: kept ? 'KEEP' : 'REMOVE',
  };
}
