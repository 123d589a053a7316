// A live import's limits and its server key, as the define step sets them and the integration
// screen shows and changes them (its owner, the organisation's ADMINs, operators).
import {
  BOUNDS,
  ceilingReached,
  ceilingShare,
  checkLimits,
  DEFAULT_PER_ADDRESS_PER_HOUR,
  DEFAULT_PER_DEVICE,
  defaultCeilings,
  NEARING_SHARE,
  type LimitIssue,
  type LiveLimits,
} from '../../../db/domain/live-limits';
import { writeTransaction, type Tx } from '../../../db/write-transaction';
import type { Viewer } from '../../graphql/context';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { creditsForInterview, CREDITS_MIN } from '../../../scoring/credits';
import { requireDatafile } from '../datafiles';
import type { LivePage } from './live-config';
import { forgetKeys, newServerKey, serverKeyColumns, shownServerKey } from './live-keys';
import * as repo from './live.repo';

/** What one respondent answering every page costs (every page time and the total, each grid, each open answer). */
export const creditsPerRespondent = (pages: readonly Pick<LivePage, 'criterion'>[]) =>
  creditsForInterview([
    pages.length + 1,
    pages.filter((p) => p.criterion === 'IBS').length,
    pages.filter((p) => p.criterion === 'OES').length,
  ]);

function refuse(issue: LimitIssue): never {
  if (issue.reason === 'LIVE_LIMIT_VALUE')
    throw new AppError('INVALID_PARAMETERS', {
      field: issue.field,
      reason: issue.reason,
      min: issue.min,
      max: issue.max,
    });
  const field = issue.index !== undefined ? `allowedOrigins.${issue.index}` : issue.field;
  throw new AppError('INVALID_PARAMETERS', { field, reason: 'LIVE_ORIGIN', max: issue.max });
}

function checked(limits: LiveLimits): LiveLimits {
  const { limits: normalised, issues } = checkLimits(limits);
  if (issues.length > 0) refuse(issues[0]!);
  return normalised;
}

export type CeilingInput = {
  expectedRespondents?: number | null;
  maxRespondents?: number | null;
  maxCredits?: number | null;
};

/**
 * The settings row of a new live import: its ceilings (as given, else 1.5 x the expected sample, or
 * 1,000 respondents, at what one respondent of these pages costs), default per-source limits, no
 * origin restriction, and a fresh server key.
 */
export function newSettings(appSecret: string, datafileId: string, pages: readonly LivePage[], input: CeilingInput) {
  const expected = input.expectedRespondents ?? null;
  const { min, max } = BOUNDS.expectedRespondents;
  if (expected !== null && (!Number.isInteger(expected) || expected < min || expected > max))
    refuse({ field: 'expectedRespondents', reason: 'LIVE_LIMIT_VALUE', min, max });
  const defaults = defaultCeilings(expected, creditsPerRespondent(pages));
  const limits = checked({
    maxRespondents: input.maxRespondents ?? defaults.maxRespondents,
    maxCredits:
      input.maxCredits ??
      (input.maxRespondents ? input.maxRespondents * creditsPerRespondent(pages) : defaults.maxCredits),
    perAddressPerHour: DEFAULT_PER_ADDRESS_PER_HOUR,
    perDevice: DEFAULT_PER_DEVICE,
    allowedOrigins: [],
  });
  return { datafileId, ...serverKeyColumns(appSecret, newServerKey()), expectedRespondents: expected, ...limits };
}

async function requireLiveToManage(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  if (file.importType !== 'LIVE')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'LIVE_NOT_A_LIVE_DATAFILE' });
  return file;
}

export type LiveLimitsView = LiveLimits & { expectedRespondents: number | null; respondents: number; credits: number };

const viewOf = (row: repo.LiveSettingsRow): LiveLimitsView => ({
  expectedRespondents: row.expectedRespondents,
  maxRespondents: row.maxRespondents,
  maxCredits: row.maxCredits,
  respondents: row.respondents,
  credits: row.credits,
  perAddressPerHour: row.perAddressPerHour,
  perDevice: row.perDevice,
  allowedOrigins: row.allowedOrigins,
});

/** The limits and the server key of a live datafile the caller may already see (the integration screen). */
export async function settingsView(deps: Pick<Deps, 'db' | 'appSecret'>, datafileId: string) {
  const row = await repo.settingsOf(deps.db, datafileId);
  if (!row) throw new AppError('GENERAL_ERROR');
  return { limits: viewOf(row), serverKey: shownServerKey(deps.appSecret, row.serverKeySealed) };
}

/**
 * New limits. The counters stay; a notice already sent is sent again only when the new ceiling
 * puts the usage back under its threshold (raising the ceiling re-arms the 80 % and 100 % notices).
 */
export async function updateLiveLimits(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: Viewer,
  datafileId: string,
  input: LiveLimits,
): Promise<LiveLimitsView> {
  await requireLiveToManage(deps, viewer, datafileId);
  const limits = checked(input);
  return writeTransaction(deps.db, async (tx: Tx) => {
    const row = await repo.settingsOf(tx, datafileId);
    if (!row) throw new AppError('GENERAL_ERROR');
    const share = ceilingShare(row, limits);
    const patch = {
      ...limits,
      ...(share < NEARING_SHARE ? { nearingNotifiedAt: null } : {}),
      ...(!ceilingReached(row, limits, CREDITS_MIN) ? { reachedNotifiedAt: null } : {}),
      updatedAt: deps.clock.now().toISOString(),
    };
    await repo.updateSettings(tx, datafileId, patch);
    return viewOf({ ...row, ...patch });
  });
}

/** A new server key; the old one stops working at once, the browser key is untouched. */
export async function regenerateServerKey(
  deps: Pick<Deps, 'db' | 'clock' | 'appSecret'>,
  viewer: Viewer,
  datafileId: string,
): Promise<string> {
  await requireLiveToManage(deps, viewer, datafileId);
  const key = newServerKey();
  await repo.updateSettings(deps.db, datafileId, {
    ...serverKeyColumns(deps.appSecret, key),
    updatedAt: deps.clock.now().toISOString(),
  });
  forgetKeys(deps, datafileId);
  return key;
}
