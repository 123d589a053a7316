// Publishing a live import's respondents as a revision (datafiles/<id>/<revision>/raw.arrow,
// scores.arrow): the same revisions the result pages and the worksheet read for uploads. The
// respondents are written as a CSV snapshot and run through the upload engine's processUpload
// (in a Worker), so every respondent is re-scored against the whole sample: the Time-Score against
// the current median (earlier respondents get one once 30 exist), duplicate answers across
// respondents. Re-scoring charges nothing: the charges were made per respondent.
import Papa from 'papaparse';
import type { Deps } from '../../kernel/deps';
import type { LiveRespondentRow } from './live.repo';
import {
  gridItemColumn,
  mappingOfPages,
  pageTimeColumn,
  RECORD_COLUMN,
  TOTAL_COLUMN,
  type LivePage,
} from './live-config';
import { BEHAVIOUR_COLUMN_TYPES, type BehaviourColumnType, type ColumnMapping, type DataPoint } from '../../ingest';
import { TS_MIN_RECORDS } from './live-scoring';
import { LIVE_PUBLISH_JOB, livePublishNowKey, livePublishSlotKey } from './jobs/contract';

export { LIVE_PUBLISH_JOB };

const memo = new WeakMap<Deps, Map<string, number>>();

/**
 * Asks for a revision at the end of the current slot (LIVE_PUBLISH_SECONDS): one job per datafile
 * and slot whatever the traffic and the number of processes (the dedupe key), at most one enqueue
 * per slot from this process (the memo), so a respondent costs no extra write.
 */
export function schedulePublish(deps: Deps, file: { id: string; companyId: string }): void {
  const datafileId = file.id;
  const ms = deps.env.live.publishSeconds * 1000;
  const slot = Math.floor(deps.clock.now().getTime() / ms);
  let map = memo.get(deps);
  if (!map) memo.set(deps, (map = new Map()));
  if (map.get(datafileId) === slot) return;
  map.set(datafileId, slot);
  deps.jobs
    .enqueue(
      LIVE_PUBLISH_JOB,
      { datafileId },
      // The organisation owns the job, so the runner's fair claim weighs it like its uploads and exports.
      { dedupeKey: livePublishSlotKey(datafileId, slot), runAfter: new Date((slot + 1) * ms), owner: file.companyId },
    )
    .catch((error) => {
      map!.delete(datafileId);
      deps.log.error('live publish could not be scheduled', { datafileId, error: String(error) });
    });
}

/** A revision now (tests, the screens' refresh). */
export const publishNow = (deps: Deps, file: { id: string; companyId: string }) =>
  deps.jobs.enqueue(
    LIVE_PUBLISH_JOB,
    { datafileId: file.id },
    { dedupeKey: livePublishNowKey(file.id, crypto.randomUUID()), owner: file.companyId },
  );

/** The snapshot's column of one behaviour measure of an open page. */
export const behaviourColumn = (label: string, type: BehaviourColumnType) => `${label}_${BEHAVIOUR_COLUMN_TYPES[type]}`;
const BEHAVIOUR_TYPES = Object.keys(BEHAVIOUR_COLUMN_TYPES) as BehaviourColumnType[];

const cell = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : String(v));

/**
 * The snapshot as CSV (header and rows) and the mapping to score it with. Data points the engine
 * would refuse for the whole file are left unmapped, their columns kept: durations with fewer than
 * 30 valid values (no median yet), open questions nobody answered, grids with an empty item.
 */
export function snapshotOf(
  pages: readonly LivePage[],
  rows: readonly LiveRespondentRow[],
): { csv: string; mapping: ColumnMapping } {
  const header = [RECORD_COLUMN, TOTAL_COLUMN];
  // Open pages some respondent sent behaviour for get one column per measure: the revision's BAS.
  const recorded = new Set(
    pages.filter((p) => p.criterion === 'OES' && rows.some((r) => r.answers[p.label]?.behaviour)).map((p) => p.label),
  );
  for (const p of pages) {
    header.push(pageTimeColumn(p.label));
    if (p.criterion === 'OES') header.push(p.label);
    if (recorded.has(p.label)) for (const t of BEHAVIOUR_TYPES) header.push(behaviourColumn(p.label, t));
    if (p.criterion === 'IBS') for (let k = 0; k < p.items!; k++) header.push(gridItemColumn(p.label, k));
  }
  const filled = new Map<string, number>();
  const count = (column: string, v: unknown) => {
    if (v !== '' && v !== null && v !== undefined) filled.set(column, (filled.get(column) ?? 0) + 1);
  };
  const data = rows.map((r) => {
    const line: string[] = [r.recordId, cell(r.totalSeconds)];
    count(TOTAL_COLUMN, line[1]);
    for (const p of pages) {
      const a = r.answers[p.label] ?? {};
      const t = cell(a.seconds);
      count(pageTimeColumn(p.label), t);
      line.push(t);
      if (p.criterion === 'OES') {
        const text = a.answer?.trim() ? a.answer : '';
        count(p.label, text);
        line.push(text);
      }
      if (recorded.has(p.label)) {
        const b = a.behaviour ?? {};
        for (const t of BEHAVIOUR_TYPES) {
          const field = BEHAVIOUR_COLUMN_TYPES[t];
          const v =
            field === 'translated'
              ? b.translated === undefined || b.translated === null
                ? null
                : +b.translated
              : b[field];
          line.push(cell(v));
        }
      }
      if (p.criterion === 'IBS')
        for (let k = 0; k < p.items!; k++) {
          const v = cell(a.items?.[k]);
          count(gridItemColumn(p.label, k), v);
          line.push(v);
        }
    }
    return line;
  });
  const keep = (dp: DataPoint) => {
    if (dp.type === 'DURATION') return (filled.get(dp.column) ?? 0) >= TS_MIN_RECORDS;
    if (dp.type === 'OPEN_ENDED') return (filled.get(dp.column) ?? 0) > 0;
    if (dp.type === 'ITEM_BATTERY') return dp.items.every((c) => (filled.get(c) ?? 0) > 0);
    return true;
  };
  const dataPoints = mappingOfPages(pages).dataPoints.filter(keep);
  const open = new Set(dataPoints.flatMap((d) => (d.type === 'OPEN_ENDED' ? [d.column] : [])));
  for (const label of recorded)
    if (open.has(label))
      for (const t of BEHAVIOUR_TYPES) dataPoints.push({ type: t, column: behaviourColumn(label, t), question: label });
  const mapping = { dataPoints };
  // Text cells that look like formulas stay text: the engine reads CSV cells as they are.
  return { csv: Papa.unparse({ fields: header, data }, { quotes: true, newline: '\n' }), mapping };
}
