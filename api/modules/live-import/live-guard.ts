// The limits of a live import on the request path. Cheap checks first, from the row read with the
// key (origin, a ceiling already reached, a source this process saw at its limit); the exact ones
// inside the charge's transaction (ceilings and per-source counts, conditional statements), so
// concurrent respondents from any number of processes stop exactly at them and a refused one is
// not charged. The organisation's ADMINs hear at 80 % and at 100 % of a ceiling, once each.
import { ceilingReached, ceilingShare, NEARING_SHARE, originAllowed } from '../../../db/domain/live-limits';
import type { LiveKeyKind } from '../../../db/schema';
import { writeTransaction, type Tx } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { CREDITS_MIN } from '../../../scoring/credits';
import { alertAdmins } from '../credits';
import { hourOf, type LiveSource } from './live-sources';
import * as repo from './live.repo';

/** Who sent a respondent: the key kind, and for the browser key where from (null for jobs of old payloads). */
export type Sender = { keyKind: LiveKeyKind; source: LiveSource | null };
export const SERVER_SENDER: Sender = { keyKind: 'SERVER', source: null };

type Limits = Pick<repo.LiveTarget, 'maxRespondents' | 'maxCredits' | 'respondents' | 'credits'>;

function ceilingError(limits: Limits, respondentCredits = CREDITS_MIN): AppError {
  const byRespondents = (limits.respondents ?? 0) >= (limits.maxRespondents ?? 0);
  return new AppError('LIVE_CEILING_REACHED', {
    reason: byRespondents ? 'LIVE_CEILING_RESPONDENTS' : 'LIVE_CEILING_CREDITS',
    max: byRespondents ? limits.maxRespondents : limits.maxCredits,
    ...(byRespondents ? {} : { credits: respondentCredits }),
  });
}

// Sources this process saw at their limit, until when (address: the hour's end; device: while the
// limit stays what it was): later requests from them are refused without a transaction.
const blocked = new WeakMap<Pick<Deps, 'db'>, Map<string, { until: number; error: AppError }>>();
const BLOCKED_MAX = 50_000;

function blockedOf(deps: Pick<Deps, 'db'>) {
  let map = blocked.get(deps);
  if (!map) blocked.set(deps, (map = new Map()));
  return map;
}

const addressKey = (target: repo.LiveTarget, source: LiveSource, hour: string) =>
  `${target.id}:${target.perAddressPerHour}:a:${hour}:${source.address}`;
const deviceKey = (target: repo.LiveTarget, source: LiveSource) =>
  `${target.id}:${target.perDevice}:d:${source.device}`;

/**
 * Before the body is scored: the browser key's allowed origins, a ceiling the row read with the key
 * shows reached, a source seen at its limit. A datafile without limits (none written) refuses: a
 * ceiling that cannot be read must not let anything be charged.
 */
export function precheck(deps: Pick<Deps, 'db' | 'clock'>, target: repo.LiveTarget, sender: Sender): void {
  if (target.maxRespondents === null || target.maxCredits === null) throw ceilingError({ ...target, respondents: 0 });
  if (sender.keyKind === 'BROWSER' && !originAllowed(sender.source?.origin, target.allowedOrigins ?? []))
    throw new AppError('UNAUTHORIZED', { reason: 'LIVE_ORIGIN_NOT_ALLOWED', field: 'origin' });
  if (sender.keyKind !== 'BROWSER' || !sender.source) return;
  const map = blockedOf(deps);
  const now = deps.clock.now().getTime();
  const { hour } = hourOf(deps.clock.now());
  for (const key of [
    addressKey(target, sender.source, hour),
    sender.source.device && deviceKey(target, sender.source),
  ]) {
    const hit = key ? map.get(key) : undefined;
    if (hit && hit.until > now) throw hit.error;
  }
}

/** True when the row read with the key shows that no further respondent fits. */
export const ceilingFull = (target: repo.LiveTarget) =>
  target.maxRespondents === null ||
  ceilingReached(
    { respondents: target.respondents ?? 0, credits: target.credits ?? 0 },
    { maxRespondents: target.maxRespondents, maxCredits: target.maxCredits! },
    CREDITS_MIN,
  );

export function ceilingRefusal(target: repo.LiveTarget): AppError {
  return ceilingError(target);
}

/**
 * Inside the charge's transaction, before anything is written: the ceilings, then the per-source
 * counts (browser key). Throws the refusal, which rolls the charge back; raises the 80 % and 100 %
 * alerts when this respondent crosses them.
 */
export async function holdWithinLimits(
  tx: Tx,
  deps: Pick<Deps, 'db' | 'clock'>,
  target: repo.LiveTarget,
  sender: Sender,
  credits: number,
): Promise<void> {
  const raised = await repo.raiseCounters(tx, target.id, credits);
  if (!raised) {
    const now = await repo.settingsOf(tx, target.id);
    throw ceilingError(now ?? { ...target, respondents: 0, maxRespondents: 0 }, credits);
  }
  if (sender.keyKind === 'BROWSER' && sender.source) {
    const source = sender.source;
    const at = deps.clock.now();
    const { hour, secondsLeft } = hourOf(at);
    if (target.perAddressPerHour && target.perAddressPerHour > 0) {
      const row = await repo.raiseSource(tx, target.id, `a:${hour}:${source.address}`, target.perAddressPerHour);
      if (!row) {
        const error = new AppError('LIVE_SOURCE_LIMIT', {
          reason: 'LIVE_ADDRESS_LIMIT',
          max: target.perAddressPerHour,
          retryAfterSeconds: secondsLeft,
        });
        remember(deps, addressKey(target, source, hour), at.getTime() + secondsLeft * 1000, error);
        throw error;
      }
    }
    if (source.device && target.perDevice && target.perDevice > 0) {
      const row = await repo.raiseSource(tx, target.id, `d:${source.device}`, target.perDevice);
      if (!row) {
        const error = new AppError('LIVE_SOURCE_LIMIT', { reason: 'LIVE_DEVICE_LIMIT', max: target.perDevice });
        remember(deps, deviceKey(target, source), Number.MAX_SAFE_INTEGER, error);
        throw error;
      }
    }
  }
  const share = ceilingShare(raised, raised);
  const full = ceilingReached(raised, raised, CREDITS_MIN);
  if (full && !raised.reachedNotifiedAt) await alertCeiling(tx, deps, target, raised, 'reachedNotifiedAt');
  else if (share >= NEARING_SHARE && !raised.nearingNotifiedAt)
    await alertCeiling(tx, deps, target, raised, 'nearingNotifiedAt');
}

function remember(deps: Pick<Deps, 'db'>, key: string, until: number, error: AppError) {
  const map = blockedOf(deps);
  if (map.size >= BLOCKED_MAX) map.clear();
  map.set(key, { until, error });
}

type Used = { respondents: number; credits: number; maxRespondents: number; maxCredits: number };

async function alertCeiling(
  tx: Tx,
  deps: Pick<Deps, 'clock'>,
  target: repo.LiveTarget,
  used: Used,
  which: 'nearingNotifiedAt' | 'reachedNotifiedAt',
) {
  const at = deps.clock.now().toISOString();
  if (!(await repo.markNotified(tx, target.id, which, at))) return;
  // Reaching the ceiling at once also covers the 80 % notice: the admins get the one that applies.
  if (which === 'reachedNotifiedAt') await repo.markNotified(tx, target.id, 'nearingNotifiedAt', at);
  const reached = which === 'reachedNotifiedAt';
  await alertAdmins(
    tx,
    deps,
    target.companyId,
    reached ? 'liveCeilingReached' : 'liveCeilingNearing',
    // The ceiling in the key: after a raise, the next 80 % and 100 % are new alerts.
    `live-ceiling:${reached ? 'reached' : 'nearing'}:${target.id}:${used.maxRespondents}:${used.maxCredits}`,
    {
      title: target.title,
      percent: Math.floor(ceilingShare(used, used) * 100),
      respondents: used.respondents,
      maxRespondents: used.maxRespondents,
      credits: used.credits,
      maxCredits: used.maxCredits,
    },
    `/snippet-integration-instructions?datafileId=${encodeURIComponent(target.id)}`,
  );
}

// Datafiles whose 100 % notice this process raised after a refusal, per ceiling.
const reachedSeen = new WeakMap<Pick<Deps, 'db'>, Set<string>>();

/**
 * A respondent was refused at the ceiling (a credits ceiling need not be hit exactly): make sure
 * the 100 % notice went out, at most one transaction per process and ceiling.
 */
export async function noteCeilingReached(deps: Pick<Deps, 'db' | 'clock'>, target: repo.LiveTarget): Promise<void> {
  let seen = reachedSeen.get(deps);
  if (!seen) reachedSeen.set(deps, (seen = new Set()));
  const key = `${target.id}:${target.maxRespondents}:${target.maxCredits}`;
  if (seen.has(key)) return;
  if (seen.size > BLOCKED_MAX) seen.clear();
  seen.add(key);
  await writeTransaction(deps.db, async (tx) => {
    const row = await repo.settingsOf(tx, target.id);
    if (!row || row.reachedNotifiedAt) return;
    await alertCeiling(tx, deps, target, row, 'reachedNotifiedAt');
  });
}
