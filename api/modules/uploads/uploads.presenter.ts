import { translate, type Locale } from '../../lib/i18n';
import type { DatafileRow, DatapointRow, UploadRow } from './uploads.repo';
import { presentDatapoint, presentMetadata, presentRecordSummary } from '../datafiles';
import { rowOfDataPoint } from './datapoints';
import { refusalFactsOf } from '../../kernel/errors/refusal-messages';
import type { UploadPreview } from '../../ingest';
import { toGraphqlFormat } from './source-keys';
import type { Cell } from '../../ingest';
import { presentRefusal, type checkOf } from './upload-draft.service';

type Names = Map<string, string>;
const person = (id: string, names: Names) => ({ id, name: names.get(id) ?? '' });

export function presentUpload(u: UploadRow, names: Names, locale: Locale) {
  return {
    uploadId: u.id,
    kind: u.kind,
    status: u.status,
    progress: u.progress,
    revision: u.revision,
    datafileKey: u.sourceKey,
    fileName: u.sourceFileName,
    fileSize: u.sourceBytes,
    format: toGraphqlFormat(u.sourceFormat),
    sheetName: u.sheetName,
    headerRow: u.headerRow,
    dataRecordStartRow: u.firstDataRow,
    lastDataRow: u.lastDataRow,
    missingValues: u.missingValues,
    creditEstimate: u.creditEstimate,
    numberOfRecords: u.numberOfRecords,
    chargedRecords: u.chargedRecords,
    creditsCharged: u.creditsCharged,
    createdBy: person(u.createdBy, names),
    createdDate: u.createdAt,
    finishedDate: u.finishedAt,
    error:
      u.status === 'ERROR' && u.errorCode
        ? presentRefusal(refusalFactsOf(u.errorCode as never, u.errorDetails), locale)
        : null,
  };
}

export function presentDraft(
  d: {
    file: DatafileRow;
    upload: UploadRow;
    points: DatapointRow[];
    company: { id: string; name: string; image: string | null };
    names: Names;
  },
  locale: Locale,
) {
  return {
    id: d.file.id,
    name: d.file.title,
    createdDate: d.file.createdAt,
    status: d.file.status,
    company: d.company,
    owner: person(d.file.ownerId, d.names),
    integration: d.file.integration,
    cleaningSetting: { targetSampleSize: d.file.cleaningSettings?.targetSampleSize ?? null },
    datafileSecretKey: d.file.secretKey,
    datapointsMetadata: d.points.map(presentDatapoint),
    upload: presentUpload(d.upload, d.names, locale),
    revision: d.file.revision,
  };
}

/** Cells as text for the preview table; NaN (a missing-value code) is listed in `missing`. */
function previewCells(row: Cell[], width: number) {
  const cells: (string | null)[] = [];
  const missing: number[] = [];
  for (let j = 0; j < width; j++) {
    const c = row[j];
    if (typeof c === 'number' && Number.isNaN(c)) {
      missing.push(j);
      cells.push(null);
    } else cells.push(c === null || c === undefined ? null : String(c));
  }
  return { cells, missing };
}

/** Raw cells as text: numbers in their shortest form, ISO dates as they are. */
const rawCells = (cells: readonly Cell[]) =>
  cells.map((c) => (c === null || c === undefined || (typeof c === 'number' && Number.isNaN(c)) ? null : String(c)));

export function presentPreview(p: UploadPreview, locale: Locale) {
  const h = p.header;
  const width = h.columns.length;
  return {
    columns: p.columns.map((c, i) => ({
      index: i + 1,
      withdrawnBecause: c.withdrawn ?? null,
      name: c.column,
      label: c.label ?? null,
      valueLabels: Object.entries(c.valueLabels ?? {}).map(([value, label]) => ({ value, label })),
      suggestedType: c.type,
      basis: c.basis,
      group: c.group ?? null,
      stats: c.stats,
    })),
    rows: p.rows.slice(0, 20).map((r, i) => ({ number: p.rowNumbers[i]!, ...previewCells(r, width) })),
    sampledRows: p.sampled,
    suggestedColumns: p.suggestedMapping.map((dp) => presentDatapoint(rowOfDataPoint(dp))),
    suggestionIssues: p.suggestionIssues.map((i) => presentRefusal(i, locale)),
    readingIssues: p.readingIssues.map((i) => presentRefusal(i, locale)),
    rawRows: p.rawRows.map((r) => ({ number: r.number, cells: rawCells(r.cells) })),
    layout: {
      headerRow: p.layout.headerRow,
      dataRecordStartRow: p.layout.firstDataRow,
      lastDataRow: p.layout.lastDataRow ?? null,
      labelRow: p.layout.labelRow ?? null,
      kind: p.layout.kind ?? null,
      notSurveyData: p.layout.notSurveyData ?? null,
      notSurveyDataMessage: p.layout.notSurveyData ? translate(locale, `reasons.${p.layout.notSurveyData}`) : null,
    },
    gridCandidates: p.gridCandidates.map((g) => ({ id: g.id, columns: g.items, scaleMin: g.min, scaleMax: g.max })),
    missingValueSuggestions: p.missingValueSuggestions.map((s) => ({
      value: s.code,
      columns: s.columns,
      count: s.count,
    })),
    source: {
      format: toGraphqlFormat(h.format),
      sheetName: h.sheet ?? null,
      headerRow: h.headerRow,
      dataRecordStartRow: h.firstDataRow,
      lastDataRow: h.lastDataRow ?? null,
      delimiter: h.delimiter ?? null,
      encoding: h.encoding ?? null,
      isQualtrics: h.qualtrics === true,
    },
  };
}

export function presentCheck(c: Awaited<ReturnType<typeof checkOf>>, locale: Locale) {
  return {
    state: c.state,
    progress: c.progress,
    issues: c.issues.map((i) => presentRefusal(i, locale)),
    estimate: c.estimate,
  };
}

export function presentProgress(p: { file: DatafileRow; upload: UploadRow | undefined; names: Names }, locale: Locale) {
  const ready = p.file.status === 'READY' || p.file.revision > 0;
  return {
    datafileId: p.file.id,
    title: p.file.title,
    status: p.file.status,
    upload: p.upload ? presentUpload(p.upload, p.names, locale) : null,
    metadata: ready ? presentMetadata(p.file, p.names.get(p.file.ownerId) ?? '') : null,
    recordSummary: ready ? presentRecordSummary(p.file) : null,
  };
}
