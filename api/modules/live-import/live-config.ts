// The definition of a live import (step 2): its pages, and how they become the
// data points of datafile_datapoints and the columns of a published revision.
import { AppError } from '../../kernel/errors/errors';
import type { DatapointInsert } from '../uploads';
import type { ColumnMapping, DataPoint } from '../../ingest';
import { rowOfDataPoint, splitKeywords } from '../uploads';
import { requireTitle } from '../../lib/validation';

export const SURVEY_SOFTWARE = ['NFIELD', 'FORSTA', 'QUALTRICS', 'OTHER'] as const;
export type SurveySoftware = (typeof SURVEY_SOFTWARE)[number];
/** What a page is scored by: an open answer (OES), a grid (IBS) or only its time (TS). */
export const QUALITY_CRITERIA = ['OES', 'IBS', 'TS'] as const;
export type QualityCriterion = (typeof QUALITY_CRITERIA)[number];

export const MAX_NAME = 100;
export const MAX_KEYWORDS = 15;
export const MAX_PAGES = 200;
export const MAX_GRID_ITEMS = 100;
/** Letters (any script) and digits, as survey tools name their questions. */
const LABEL = /^[\p{L}\p{N}]{1,64}$/u;

export type LivePage = {
  label: string;
  start: boolean;
  criterion: QualityCriterion;
  questionTitle: string;
  contextCheck: boolean;
  duplicateCheck: boolean;
  copyPasteCheck: boolean;
  keywords: string[];
  languages: string[];
  /** Grid pages: number of items and the scale. */
  items?: number;
  min?: number;
  max?: number;
};

/** Column names of a published revision (raw.arrow): fixed, derived from the labels. */
export const RECORD_COLUMN = 'record_id';
export const TOTAL_COLUMN = 'total_seconds';
export const pageTimeColumn = (label: string) => `${label}_seconds`;
export const gridItemColumn = (label: string, i: number) => `${label}_${i + 1}`;

const refuse = (
  code: 'INVALID_PARAMETERS' | 'INCOMPLETE_INPUT',
  reason: Parameters<typeof mk>[1],
  field: string,
): never => {
  throw mk(code, reason, field);
};
function mk(
  code: 'INVALID_PARAMETERS' | 'INCOMPLETE_INPUT',
  reason: import('../../kernel/errors/refusal-reasons').RefusalReason,
  field: string,
) {
  return new AppError(code, { field, reason });
}

export function validateName(name: unknown): string {
  // The datafile's title: the one rule every title follows, with the live form's own reason.
  return requireTitle('name', name, { max: MAX_NAME, emptyReason: 'LIVE_NAME', tooLongReason: 'LIVE_NAME' });
}

export function validateSurveySoftware(value: unknown): SurveySoftware {
  if (!SURVEY_SOFTWARE.includes(value as SurveySoftware))
    refuse('INCOMPLETE_INPUT', 'LIVE_SURVEY_SOFTWARE', 'surveySoftware');
  return value as SurveySoftware;
}

/** Every rule of step 2, the same on the server as in the form. */
export function validatePages(input: readonly Partial<LivePage>[]): LivePage[] {
  if (!Array.isArray(input) || input.length === 0) refuse('INCOMPLETE_INPUT', 'LIVE_NO_PAGES', 'pages');
  if (input.length > MAX_PAGES) refuse('INVALID_PARAMETERS', 'OUT_OF_RANGE', 'pages');
  const seen = new Set<string>();
  const pages = input.map((p, i): LivePage => {
    const label = typeof p.label === 'string' ? p.label.trim() : '';
    if (!LABEL.test(label))
      refuse(label ? 'INVALID_PARAMETERS' : 'INCOMPLETE_INPUT', 'LIVE_PAGE_LABEL', `pages.${i}.label`);
    const key = label.toLowerCase();
    if (seen.has(key)) refuse('INVALID_PARAMETERS', 'LIVE_PAGE_LABEL_DUPLICATE', `pages.${i}.label`);
    seen.add(key);
    if (!QUALITY_CRITERIA.includes(p.criterion as QualityCriterion))
      refuse('INCOMPLETE_INPUT', 'DATA_POINT_SHAPE', `pages.${i}.criterion`);
    const questionTitle = typeof p.questionTitle === 'string' ? p.questionTitle.trim() : '';
    if (!questionTitle) refuse('INCOMPLETE_INPUT', 'QUESTION_TITLE_REQUIRED', `pages.${i}.questionTitle`);
    const keywords = splitKeywords(p.keywords ?? []);
    if (keywords.length > MAX_KEYWORDS) refuse('INVALID_PARAMETERS', 'TOO_MANY_KEYWORDS', `pages.${i}.keywords`);
    const languages = [...new Set((p.languages ?? []).map((l) => String(l).toLowerCase()))];
    if (languages.some((l) => !/^[a-z]{2}$/.test(l)))
      refuse('INVALID_PARAMETERS', 'DATA_POINT_SHAPE', `pages.${i}.languages`);
    const page: LivePage = {
      label,
      start: p.start === true,
      criterion: p.criterion as QualityCriterion,
      questionTitle,
      contextCheck: p.contextCheck === true,
      duplicateCheck: p.duplicateCheck !== false,
      copyPasteCheck: p.copyPasteCheck === true,
      keywords,
      languages,
    };
    if (page.criterion === 'IBS') {
      const { items, min, max } = p;
      if (!Number.isInteger(items) || items! < 7 || items! > MAX_GRID_ITEMS)
        refuse('INVALID_PARAMETERS', 'DATA_POINT_SHAPE', `pages.${i}.items`);
      if (!Number.isFinite(min) || !Number.isFinite(max) || min! >= max!)
        refuse('INVALID_PARAMETERS', 'LIVE_GRID_SCALE', `pages.${i}.min`);
      Object.assign(page, { items, min, max });
    }
    return page;
  });
  if (pages.filter((p) => p.start).length !== 1) refuse('INVALID_PARAMETERS', 'LIVE_ONE_START_PAGE', 'pages');
  return pages;
}

/** The engine's data points of a live import: record id, total time, and per page its time and its criterion. */
export function mappingOfPages(pages: readonly LivePage[]): ColumnMapping {
  const dataPoints: DataPoint[] = [
    { type: 'RECORD_ID', column: RECORD_COLUMN },
    { type: 'DURATION', column: TOTAL_COLUMN, role: 'TOTAL', unit: 's' },
  ];
  pages.forEach((p, i) => {
    dataPoints.push({
      type: 'DURATION',
      column: pageTimeColumn(p.label),
      role: 'PAGE',
      unit: 's',
      pageNumber: i + 1,
      pageTitle: p.label,
    });
    if (p.criterion === 'OES')
      dataPoints.push({
        type: 'OPEN_ENDED',
        column: p.label,
        questionTitle: p.questionTitle,
        keywords: p.keywords,
        languages: p.languages,
        duplicateCheck: p.duplicateCheck,
        copyPasteCheck: p.copyPasteCheck,
        topicCheck: p.contextCheck,
      });
    if (p.criterion === 'IBS')
      dataPoints.push({
        type: 'ITEM_BATTERY',
        id: p.label,
        title: p.questionTitle,
        items: Array.from({ length: p.items! }, (_, k) => gridItemColumn(p.label, k)),
        min: p.min!,
        max: p.max!,
      });
  });
  return { dataPoints };
}

/** Rows for datafile_datapoints (as a draft datafile's data points: page number, page title, start flag). */
export function datapointRowsOfPages(pages: readonly LivePage[]): DatapointInsert[] {
  const byLabel = new Map(pages.map((p, i) => [p.label, { page: p, number: i + 1 }]));
  return mappingOfPages(pages).dataPoints.map((dp) => {
    const row = rowOfDataPoint(dp);
    const label =
      dp.type === 'OPEN_ENDED'
        ? dp.column
        : dp.type === 'ITEM_BATTERY'
          ? dp.id
          : dp.type === 'DURATION' && dp.role === 'PAGE'
            ? dp.pageTitle
            : undefined;
    const hit = label ? byLabel.get(label) : undefined;
    if (!hit) return row;
    const { page, number } = hit;
    // The page's own data point (its criterion, or its time for a TS page) carries the start flag.
    const own = dp.type !== 'DURATION' || page.criterion === 'TS';
    return {
      ...row,
      pageNumber: number,
      pageTitle: page.label,
      questionTitle: page.questionTitle,
      startingQuestion: own && page.start,
      settings: {
        ...row.settings,
        ...(dp.type === 'DURATION' ? {} : { keywords: page.keywords, languages: page.languages }),
      },
    };
  });
}

type StoredRow = Pick<
  DatapointInsert,
  | 'dataPointType'
  | 'dataPointIdentifier'
  | 'questionTitle'
  | 'isEnableCopyPasteCheck'
  | 'startingQuestion'
  | 'pageNumber'
  | 'pageTitle'
  | 'columns'
  | 'settings'
  | 'algorithms'
>;

/** The pages back from the stored data points (the endpoint's configuration). */
export function pagesOfDatapointRows(rows: readonly StoredRow[]): LivePage[] {
  const pages = new Map<number, LivePage>();
  for (const r of rows) {
    if (r.pageNumber === null || r.pageNumber === undefined || !r.pageTitle) continue;
    const page = pages.get(r.pageNumber) ?? {
      label: r.pageTitle,
      start: false,
      criterion: 'TS' as QualityCriterion,
      questionTitle: r.questionTitle ?? '',
      contextCheck: false,
      duplicateCheck: false,
      copyPasteCheck: false,
      keywords: [],
      languages: [],
    };
    page.start ||= r.startingQuestion === true;
    if (r.dataPointType === 'OPEN_ENDED') {
      Object.assign(page, {
        criterion: 'OES',
        contextCheck: r.settings?.topicCheck === true,
        duplicateCheck: r.settings?.duplicateCheck !== false,
        copyPasteCheck: r.isEnableCopyPasteCheck === true,
        keywords: r.settings?.keywords ?? [],
        languages: r.settings?.languages ?? [],
      });
    }
    if (r.dataPointType === 'ITEM_BATTERY')
      Object.assign(page, { criterion: 'IBS', items: r.columns.length, min: r.settings?.min, max: r.settings?.max });
    pages.set(r.pageNumber, page);
  }
  return [...pages.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
}
