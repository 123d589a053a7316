// Duplicates and velocity. A duplicate is an interview whose device fingerprint or panel ID
// appeared earlier in the organisation (the same datafile or another, not deleted) within the
// chosen window: the first interview is kept, every later one is flagged and names the first
// earlier interview it matches (datafile and record). Velocity flags an interview whose identity
// appears in at least `velocitySurveys` of the organisation's datafiles within some span of
// `velocityDays` that contains it (a professional respondent taking one survey after another).
// Nothing crosses organisations: the hashes are keyed per organisation and every query names it.
import type { SourceRemoval } from '../../../scoring/index';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { requireDatafile } from '../datafiles';
import { identityHasher, type HashedIdentity, type RawIdentity } from './identity';
import * as repo from './duplicates.repo';
import { savedRemovalsBySource } from './source-removals';

export type DuplicateOptions = { windowDays: number; velocitySurveys: number; velocityDays: number };
export const DEFAULT_DUPLICATE_OPTIONS: DuplicateOptions = { windowDays: 30, velocitySurveys: 5, velocityDays: 7 };
const LIMITS: Record<keyof DuplicateOptions, [number, number]> = {
  windowDays: [1, 730],
  velocitySurveys: [2, 100],
  velocityDays: [1, 90],
};

export type IdentityKind = 'DEVICE' | 'PANEL';
export type DuplicateFlag = {
  recordId: string;
  /** When this interview arrived (an upload: when its record was first processed). */
  seenAt: string;
  kind: IdentityKind;
  matchDatafileId: string;
  matchDatafileTitle: string;
  matchRecordId: string;
  matchSeenAt: string;
};
export type VelocityFlag = { recordId: string; kind: IdentityKind; surveys: number };
export type SourceCount = { source: string | null; interviews: number; duplicates: number; velocity: number };
export type DuplicateReport = DuplicateOptions & {
  interviewsWithIdentity: number;
  duplicates: DuplicateFlag[];
  velocity: VelocityFlag[];
  sources: SourceCount[];
};
/** What the query adds for the screens (not the matching, which the benchmark times alone). */
export type DuplicateReportWithRemovals = DuplicateReport & {
  /** The source of each interview that came with one (the worksheet tallies its live cleaning by it). */
  recordSources: { recordId: string; source: string }[];
  /** Removal rates per source under the saved cleaning of the published revision (empty: not cleaned, or no sources). */
  removals: SourceRemoval[];
};

/** The sample source of each of the datafile's interviews that carried an identity (by record id). */
export async function sourceOfRecords(deps: Pick<Deps, 'db'>, datafileId: string): Promise<Map<string, string | null>> {
  return new Map((await repo.sourcesOf(deps.db, datafileId)).map((r) => [r.recordId, r.source]));
}

const COLUMNS: Record<IdentityKind, repo.HashColumn> = { DEVICE: 'device_hash', PANEL: 'panel_hash' };
const DAY_MS = 86_400_000;

/** Hashes a respondent's identity under its organisation's key (before anything is queued or stored). */
export const hashIdentity = (deps: Pick<Deps, 'appSecret'>, companyId: string, raw: RawIdentity): HashedIdentity =>
  identityHasher(deps.appSecret, companyId)(raw);

/** Stores the identity of one interview (inside the caller's transaction); nothing when it carried none. */
export async function storeIdentity(
  tx: Parameters<typeof repo.insertIdentities>[0],
  row: { companyId: string; datafileId: string; recordId: string; seenAt: string; identity: HashedIdentity },
) {
  const { identity, ...rest } = row;
  if (identity.deviceHash === null && identity.panelHash === null && identity.source === null) return;
  await repo.insertIdentities(tx, [{ ...rest, ...identity }]);
}

export function checkOptions(given: Partial<Record<keyof DuplicateOptions, number | null>>): DuplicateOptions {
  const out = { ...DEFAULT_DUPLICATE_OPTIONS };
  for (const key of Object.keys(LIMITS) as (keyof DuplicateOptions)[]) {
    const v = given[key];
    if (v === undefined || v === null) continue;
    const [min, max] = LIMITS[key];
    if (!Number.isInteger(v) || v < min || v > max)
      throw new AppError('INVALID_PARAMETERS', { reason: 'OUT_OF_RANGE', field: key, min, max });
    out[key] = v;
  }
  return out;
}

/**
 * Whether some span of `days` that contains `at` holds interviews of at least `surveys` datafiles.
 * `nearby` are the identity's interviews within `days` either side, sorted by time.
 */
export function inVelocitySpan(at: number, nearby: readonly { datafileId: string; at: number }[], days: number) {
  const span = days * DAY_MS;
  let most = 0;
  // Every span worth testing starts at one of the interviews no later than `at`.
  for (const start of nearby) {
    if (start.at > at || start.at < at - span) continue;
    const files = new Set<string>();
    for (const n of nearby) if (n.at >= start.at && n.at <= start.at + span) files.add(n.datafileId);
    most = Math.max(most, files.size);
  }
  return most;
}

/** Whether the other interview of a pair came first (ties on time go by datafile, then record id). */
function isEarlier(p: repo.PairRow, datafileId: string): boolean {
  if (p.otherSeenAt !== p.seenAt) return p.otherSeenAt < p.seenAt;
  if (p.otherDatafileId !== datafileId) return p.otherDatafileId < datafileId;
  return p.otherRecordId < p.recordId;
}

/** The datafile's duplicate and velocity flags and its interviews per source, for whoever may see the datafile. */
export async function datafileDuplicates(
  deps: Pick<Deps, 'db' | 'blobs'>,
  viewer: Viewer,
  datafileId: string,
  given: Partial<Record<keyof DuplicateOptions, number | null>> = {},
): Promise<DuplicateReportWithRemovals> {
  checkOptions(given);
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  // What is not asked for is what the worksheet saved for this datafile, else the defaults.
  const saved = file.cleaningSettings?.duplicateRule;
  const options = checkOptions({
    windowDays: given.windowDays ?? saved?.windowDays,
    velocitySurveys: given.velocitySurveys ?? saved?.velocitySurveys,
    velocityDays: given.velocityDays ?? saved?.velocityDays,
  });
  const report = await duplicatesOf(deps, file.companyId, file.id, options);
  const recordSources = (await repo.sourcesOf(deps.db, file.id)).flatMap((r) =>
    r.source === null ? [] : [{ recordId: r.recordId, source: r.source }],
  );
  return { ...report, recordSources, removals: await savedRemovalsBySource(deps, file) };
}

/** The report of one datafile of one organisation (no access check: the caller made it). */
export async function duplicatesOf(
  deps: Pick<Deps, 'db'>,
  companyId: string,
  datafileId: string,
  options: DuplicateOptions,
): Promise<DuplicateReport> {
  const duplicates: DuplicateFlag[] = [];
  const velocity: VelocityFlag[] = [];
  const sourceOf = new Map<string, string | null>();
  for (const kind of ['DEVICE', 'PANEL'] as const) {
    const pairs = await repo.sameIdentityPairs(deps.db, companyId, datafileId, COLUMNS[kind]);
    for (let i = 0; i < pairs.length;) {
      // Ordered by record, then time: one record's pairs are a run, its earliest match first.
      const first = pairs[i]!;
      sourceOf.set(first.recordId, first.source);
      let end = i;
      while (end < pairs.length && pairs[end]!.recordId === first.recordId) end++;
      const at = Date.parse(first.seenAt);
      const from = at - options.windowDays * DAY_MS;
      const nearby = [{ datafileId, at }];
      let match: repo.PairRow | undefined;
      for (let k = i; k < end; k++) {
        const p = pairs[k]!;
        const other = Date.parse(p.otherSeenAt);
        if (!match && other >= from && other <= at && isEarlier(p, datafileId)) match = p;
        if (Math.abs(other - at) <= options.velocityDays * DAY_MS)
          nearby.push({ datafileId: p.otherDatafileId, at: other });
      }
      if (match)
        duplicates.push({
          recordId: first.recordId,
          seenAt: first.seenAt,
          kind,
          matchDatafileId: match.otherDatafileId,
          matchDatafileTitle: match.otherTitle,
          matchRecordId: match.otherRecordId,
          matchSeenAt: match.otherSeenAt,
        });
      const surveys = inVelocitySpan(at, nearby, options.velocityDays);
      if (surveys >= options.velocitySurveys) velocity.push({ recordId: first.recordId, kind, surveys });
      i = end;
    }
  }
  // Counted in the database; a flagged interview's source came with its pairs.
  const sources = new Map<string | null, SourceCount>(
    (await repo.sourceCountsOf(deps.db, datafileId)).map((r) => [
      r.source,
      { source: r.source, interviews: r.interviews, duplicates: 0, velocity: 0 },
    ]),
  );
  const count = (s: string | null) => {
    let c = sources.get(s);
    if (!c) sources.set(s, (c = { source: s, interviews: 0, duplicates: 0, velocity: 0 }));
    return c;
  };
  for (const id of new Set(duplicates.map((d) => d.recordId))) count(sourceOf.get(id) ?? null).duplicates++;
  for (const id of new Set(velocity.map((v) => v.recordId))) count(sourceOf.get(id) ?? null).velocity++;
  const byRecord = (a: { recordId: string }, b: { recordId: string }) =>
    a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0;
  return {
    ...options,
    interviewsWithIdentity: [...sources.values()].reduce((n, c) => n + c.interviews, 0),
    duplicates: duplicates.sort(byRecord),
    velocity: velocity.sort(byRecord),
    sources: [...sources.values()].sort((a, b) => (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff')),
  };
}

/**
 * What a reconciliation pack needs of a datafile's identities (no access check: the export job
 * runs for a request that made it): the sample source of each interview and its duplicate flags
 * under the default window.
 */
export async function identityEvidenceOf(deps: Pick<Deps, 'db'>, companyId: string, datafileId: string) {
  const report = await duplicatesOf(deps, companyId, datafileId, DEFAULT_DUPLICATE_OPTIONS);
  const sourceOf: Record<string, string | null> = {};
  for (const r of await repo.sourcesOf(deps.db, datafileId)) sourceOf[r.recordId] = r.source;
  const forward = report.duplicates.map((d) => ({
    recordId: d.recordId,
    kind: d.kind,
    matchDatafileTitle: d.matchDatafileTitle,
    matchRecordId: d.matchRecordId,
  }));
  // "Keep the best" can remove the first interview of a respondent, which matches nothing earlier:
  // it names the later interview of this datafile that matched it (after its own earlier match, if any).
  const backward = report.duplicates
    .filter((d) => d.matchDatafileId === datafileId)
    .map((d) => ({
      recordId: d.matchRecordId,
      kind: d.kind,
      matchDatafileTitle: d.matchDatafileTitle,
      matchRecordId: d.recordId,
    }));
  return { sourceOf, duplicates: [...forward, ...backward] };
}
