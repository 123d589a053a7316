// The reconciliation pack: what a researcher sends each sample supplier at the end of a study. One
// line per removed interview: its record id, its sample source, the cleaning's reason (our code and
// name) and its category in the industry's removal-reason frame (reconciliation-codes.ts), and the
// evidence a supplier can check: the interview's length against the file's median, the open answers
// the open-ended check flagged, each flagged grid's pattern, the behaviour score, and the earlier
// interview a duplicate matches. Built from the export table, so every text is the one the other
// exports print in the same language. Pure: no database (the job's main thread gathers the
// identities, the Worker builds the pack).
import type { Table } from 'apache-arrow';
import { GRID_LABELS, REASONS } from '../../../scoring/index';
import { DURATION_UNITS, type DurationUnit } from '../../ingest/index';
import { translate, type Locale } from '../../lib/i18n';
import { recordIds, type Decisions, type ExportColumn, type ExportTable } from './export-table';
import { mappingTitles } from './export-texts';
import { gdqCategoryOf, type GdqCategory } from './reconciliation-codes';

/** What the duplicates module knows of the datafile's interviews (gathered where the database is). */
export type IdentityEvidence = {
  /** Sample source per record id (records without one are absent). */
  sourceOf: Record<string, string | null>;
  duplicates: { recordId: string; kind: 'DEVICE' | 'PANEL'; matchDatafileTitle: string; matchRecordId: string }[];
};

export type PackRow = {
  recordId: string;
  source: string | null;
  reasonCode: string;
  reason: string;
  reasonCodes: string;
  gdq: GdqCategory;
  gdqName: string;
  lengthSeconds: number | null;
  medianSeconds: number | null;
  lengthRatio: number | null;
  openAnswers: string;
  gridPattern: string;
  behaviour: number | null;
  duplicateOf: string;
};

export type PackSummary = { source: string | null; interviews: number; removed: number; byReason: number[] };

export type ReconciliationPack = { rows: PackRow[]; summary: PackSummary[]; locale: Locale };

/** Open-ended categories that count as bad answers (the OES rule's set). */
const BAD_OPEN = new Set([6, 7, 10, 11, 12, 13]);
const GRID_FINE = new Set([GRID_LABELS.indexOf('none'), GRID_LABELS.indexOf('OK')]);
const ANSWER_CHARS = 80;

type Num = Extract<ExportColumn, { kind: 'number' }>;
type Text = Extract<ExportColumn, { kind: 'text' }>;

function totalDuration(raw: Table): { column: string; seconds: number } | null {
  try {
    const mapping = JSON.parse(raw.schema.metadata.get('mapping') ?? '{}') as {
      dataPoints?: { type: string; role?: string; column?: string; unit?: DurationUnit }[];
    };
    const dp = mapping.dataPoints?.find((d) => d.type === 'DURATION' && d.role === 'TOTAL' && d.column);
    return dp ? { column: dp.column!, seconds: DURATION_UNITS[dp.unit ?? 's'] ?? 1 } : null;
  } catch {
    return null;
  }
}

function median(values: Float64Array): number | null {
  const finite = Array.from(values).filter((v) => Number.isFinite(v) && v >= 0);
  if (finite.length === 0) return null;
  finite.sort((a, b) => a - b);
  const mid = finite.length >> 1;
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/**
 * The pack of one datafile, or of one sample source (`source`: its name; `null`: interviews without
 * one; undefined: all). The summary counts per source every interview and the removed ones by each
 * reason of REASONS, so a reason the cleaning gains appears without a change here.
 */
export function buildReconciliationPack(
  raw: Table,
  table: ExportTable,
  decisions: Decisions,
  evidence: IdentityEvidence,
  locale: Locale,
  source?: string | null,
): ReconciliationPack {
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params);
  const ids = recordIds(table);
  const byName = new Map(table.columns.map((c) => [c.name, c]));
  const num = (name: string) => byName.get(name) as Num | undefined;
  const text = (name: string) => byName.get(name) as Text | undefined;
  const duration = totalDuration(raw);
  const titles = mappingTitles(raw.schema.metadata.get('mapping'));
  const durations = duration ? (num(duration.column)?.values ?? null) : null;
  const med = durations ? median(durations) : null;
  const grids = table.columns.filter((c): c is Num => c.kind === 'number' && /^grid\..+\.label$/.test(c.name));
  const opens = table.columns
    .filter((c): c is Num => c.kind === 'number' && /^oes\..+\.category$/.test(c.name))
    .map((c) => ({ code: c, column: c.name.slice(4, -'.category'.length) }));
  const bas = num('bas');
  const duplicateOf = new Map<string, string>();
  for (const d of evidence.duplicates)
    if (!duplicateOf.has(d.recordId))
      duplicateOf.set(
        d.recordId,
        t('exports.reconciliation.duplicateOf', {
          title: d.matchDatafileTitle,
          record: d.matchRecordId,
          kind: t(`exports.reconciliation.identityKinds.${d.kind}`),
        }),
      );
  const rows: PackRow[] = [];
  const summary = new Map<string | null, PackSummary>();
  for (let i = 0; i < table.rows; i++) {
    const id = ids[i] ?? '';
    const from = evidence.sourceOf[id] ?? null;
    if (source !== undefined && from !== source) continue;
    let s = summary.get(from);
    if (!s) summary.set(from, (s = { source: from, interviews: 0, removed: 0, byReason: REASONS.map(() => 0) }));
    s.interviews++;
    if (decisions.kept[i] === 1) continue;
    s.removed++;
    const p = decisions.primary[i]!;
    const bits = decisions.reasons[i]!;
    REASONS.forEach((_, k) => {
      if (bits & (1 << k)) s.byReason[k]!++;
    });
    const code = p >= 0 ? REASONS[p]! : '';
    const gdq = gdqCategoryOf(code);
    const length = durations ? durations[i]! * duration!.seconds : Number.NaN;
    const flaggedOpen = opens
      .filter((o) => BAD_OPEN.has(o.code.values[i]!))
      .map((o) => {
        const answer = text(o.column)?.values[i] ?? '';
        const label = text(`${o.code.name}_label`)?.values[i] ?? String(o.code.values[i]);
        const short = answer.length > ANSWER_CHARS ? `${answer.slice(0, ANSWER_CHARS)}…` : answer;
        return `${o.column}: ${label} "${short}"`;
      });
    const flaggedGrids = grids
      .filter((g) => Number.isFinite(g.values[i]!) && !GRID_FINE.has(g.values[i]!))
      .map(
        (g) =>
          `${titles.grid(g.name.slice(5, -'.label'.length))}: ${text(`${g.name}_label`)?.values[i] ?? GRID_LABELS[g.values[i]!]}`,
      );
    const b = bas?.values[i];
    rows.push({
      recordId: id,
      source: from,
      reasonCode: code,
      reason: code ? t(`worksheet.reasons.${code}`) : '',
      reasonCodes: REASONS.filter((_, k) => (bits & (1 << k)) !== 0).join('|'),
      gdq,
      gdqName: t(`exports.reconciliation.gdq.${gdq}`),
      lengthSeconds: Number.isFinite(length) ? length : null,
      medianSeconds: med === null ? null : med * duration!.seconds,
      lengthRatio: Number.isFinite(length) && med ? length / (med * duration!.seconds) : null,
      openAnswers: flaggedOpen.join('; '),
      gridPattern: flaggedGrids.join('; '),
      behaviour: b !== undefined && Number.isFinite(b) ? b : null,
      duplicateOf: duplicateOf.get(id) ?? '',
    });
  }
  const sorted = [...summary.values()].sort((a, b) => (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff'));
  return { rows, summary: sorted, locale };
}
