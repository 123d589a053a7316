// Data points of step 2 in their three shapes: the GraphQL input (SelectedColumnInput, the spec's
// datapointsMetadata fields), the stored row (datafile_datapoints) and the engine's DataPoint
// (types.ts), which validation and processing read. The input's shape is checked here (how many
// columns a type reads, lengths, units); what needs the file (unknown columns, 5 grid items, IS with
// SDS, ...) is the engine's check, which names the column in its refusal.
import { createHash } from 'node:crypto';
import type { DataPointAlgorithms, DataPointSettings } from '../../../db/schema';
import type { DatapointInsert, DatapointRow } from './uploads.repo';
import { AppError } from '../../kernel/errors/errors';
import type { SelectedColumnInput } from '../../graphql/generated/resolvers';
import {
  BEHAVIOUR_COLUMN_TYPES,
  DURATION_UNITS,
  isBehaviourDataPoint,
  type BehaviourColumnType,
  PROJECTIVE_ALGORITHMS,
  ROW_NUMBER_ID,
  type ColumnMapping,
  type DataPoint,
  type DurationUnit,
  type ProjectiveAlgorithm,
} from '../../ingest';

export const MAX_DATA_POINTS = 5_000;
/** The identifier of the record ID that is the row number (it names no column). */
export const ROW_NUMBER_IDENTIFIER = 'ROW_NUMBER';
const MAX_TEXT = 1_000;
const MAX_NAME = 200;
const LANGUAGE = /^[a-z]{2}$/;

const NONE: DataPointAlgorithms = { IS: false, PS: false, SDS: false, TS: false, IBS: false, CS: false, OES: false };

/** How many columns each type reads: exactly n, or at least n. */
const COLUMN_COUNT: Record<DatapointRow['dataPointType'], { exactly?: number; atLeast?: number }> = {
  RECORD_ID: { exactly: 1 },
  DURATION: { exactly: 1 },
  OPEN_ENDED: { exactly: 1 },
  GROUPING: { exactly: 1 },
  VOTE: { exactly: 1 },
  DEVICE_FINGERPRINT: { exactly: 1 },
  PANEL_ID: { exactly: 1 },
  SAMPLE_SOURCE: { exactly: 1 },
  IGNORE: { exactly: 1 },
  ...(Object.fromEntries(Object.keys(BEHAVIOUR_COLUMN_TYPES).map((t) => [t, { exactly: 1 }])) as Record<
    BehaviourColumnType,
    { exactly: number }
  >),
  TIMESTAMP: { exactly: 2 },
  ITEM_BATTERY: { atLeast: 1 },
  PROJECTIVE: { atLeast: 2 },
};

const shape = (column: string, value: string) =>
  new AppError('INVALID_PARAMETERS', { field: 'selectedColumns', reason: 'DATA_POINT_SHAPE', column, value });

/** Keywords as typed: entries may hold several separated by ';' or line breaks (Enter or ';' in the form). */
export function splitKeywords(list: readonly string[] | null | undefined): string[] {
  return (list ?? [])
    .flatMap((k) => k.split(/[;\n\r]+/))
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** Validates the shape of step 2's data points and turns them into rows (positions in the given order). */
export function rowsFromInput(inputs: readonly SelectedColumnInput[]): DatapointInsert[] {
  if (inputs.length > MAX_DATA_POINTS)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'selectedColumns',
      reason: 'OUT_OF_RANGE',
      min: 1,
      max: MAX_DATA_POINTS,
    });
  return inputs.map((d) => {
    const id = (d.dataPointIdentifier ?? '').trim();
    const columns = (d.columns ?? []).map((c) => c);
    const label = id || columns[0] || '?';
    const rowNumber = d.dataPointType === 'RECORD_ID' && d.isRowNumber === true;
    const count = rowNumber ? { exactly: 0 } : COLUMN_COUNT[d.dataPointType];
    if (!id || id.length > MAX_NAME) throw shape(label, d.dataPointType);
    if (
      (count.exactly !== undefined && columns.length !== count.exactly) ||
      (count.atLeast !== undefined && columns.length < count.atLeast)
    )
      throw shape(label, d.dataPointType);
    if (new Set(columns).size !== columns.length || columns.some((c) => c.length > MAX_NAME * 5))
      throw shape(label, d.dataPointType);
    const settings: DataPointSettings = {};
    const algorithms: DataPointAlgorithms = { ...NONE };
    switch (d.dataPointType) {
      case 'RECORD_ID':
        if (rowNumber) settings.rowNumber = true;
        break;
      case 'DURATION':
      case 'TIMESTAMP':
        settings.role = d.role ?? 'PAGE';
        if (d.dataPointType === 'DURATION') {
          const unit = d.unit ?? 's';
          if (!(unit in DURATION_UNITS)) throw shape(label, 'unit');
          settings.unit = unit;
        } else if (d.dateOrder) settings.dateOrder = d.dateOrder;
        algorithms.TS = true;
        break;
      case 'ITEM_BATTERY':
        if (d.scaleMin !== null && d.scaleMin !== undefined) settings.min = d.scaleMin;
        if (d.scaleMax !== null && d.scaleMax !== undefined) settings.max = d.scaleMax;
        settings.randomised = d.isRandomised === true;
        algorithms.IBS = true;
        break;
      case 'OPEN_ENDED': {
        const keywords = splitKeywords(d.keywords);
        if (keywords.some((k) => k.length > MAX_NAME)) throw shape(label, 'keywords');
        const languages = (d.languages ?? []).map((l) => l.trim().toLowerCase()).filter((l) => l !== '');
        if (languages.some((l) => !LANGUAGE.test(l))) throw shape(label, 'languages');
        Object.assign(settings, {
          keywords,
          languages,
          duplicateCheck: d.isEnableDuplicateCheck !== false,
          topicCheck: d.isEnableWrongTopicCheck ?? keywords.length > 0,
        });
        algorithms.OES = true;
        break;
      }
      case 'PROJECTIVE':
        for (const a of PROJECTIVE_ALGORITHMS) algorithms[a] = d.algorithms?.[a] === true;
        if (d.numberOfOptions !== null && d.numberOfOptions !== undefined) {
          if (!Number.isInteger(d.numberOfOptions) || d.numberOfOptions < 2 || d.numberOfOptions > 100)
            throw shape(label, 'numberOfOptions');
          settings.options = d.numberOfOptions;
        }
        break;
      default:
        if (d.dataPointType in BEHAVIOUR_COLUMN_TYPES) {
          const question = d.openEndedColumn?.trim() ?? '';
          // Which open question it describes is checked against the mapping by the engine.
          if (!question || question.length > MAX_NAME * 5) throw shape(label, 'openEndedColumn');
          settings.question = question;
        }
        break;
    }
    const title = d.questionTitle?.trim() || null;
    const pageTitle = d.pageTitle?.trim() || null;
    if ((title?.length ?? 0) > MAX_TEXT || (pageTitle?.length ?? 0) > MAX_NAME) throw shape(label, 'questionTitle');
    if (
      d.pageNumber !== null &&
      d.pageNumber !== undefined &&
      (!Number.isInteger(d.pageNumber) || d.pageNumber < 1 || d.pageNumber > 10_000)
    )
      throw shape(label, 'pageNumber');
    return {
      dataPointIdentifier: id,
      dataPointType: d.dataPointType,
      questionTitle: title,
      isEnableCopyPasteCheck: d.isEnableCopyPasteCheck === true,
      startingQuestion: false,
      algorithms,
      pageNumber: d.pageNumber ?? null,
      pageTitle,
      columns,
      settings,
    };
  });
}

type RowLike = Pick<
  DatapointRow,
  | 'dataPointIdentifier'
  | 'dataPointType'
  | 'questionTitle'
  | 'isEnableCopyPasteCheck'
  | 'algorithms'
  | 'pageNumber'
  | 'pageTitle'
  | 'columns'
  | 'settings'
>;

/** A stored row as the engine's data point. */
export function dataPointOf(row: RowLike): DataPoint {
  const s = row.settings;
  const [first = '', second = ''] = row.columns;
  const page = {
    ...(row.pageNumber !== null ? { pageNumber: row.pageNumber } : {}),
    ...(row.pageTitle ? { pageTitle: row.pageTitle } : {}),
  };
  switch (row.dataPointType) {
    case 'RECORD_ID':
      return s.rowNumber ? { ...ROW_NUMBER_ID } : { type: 'RECORD_ID', column: first };
    case 'DURATION':
      return {
        type: 'DURATION',
        column: first,
        role: s.role ?? 'PAGE',
        unit: (s.unit ?? 's') as DurationUnit,
        ...page,
      };
    case 'TIMESTAMP':
      return {
        type: 'TIMESTAMP',
        start: first,
        end: second,
        role: s.role ?? 'PAGE',
        ...(s.dateOrder ? { dateOrder: s.dateOrder } : {}),
        ...page,
      };
    case 'ITEM_BATTERY':
      return {
        type: 'ITEM_BATTERY',
        id: row.dataPointIdentifier,
        title: row.questionTitle ?? row.dataPointIdentifier,
        items: [...row.columns],
        ...(s.min !== undefined ? { min: s.min } : {}),
        ...(s.max !== undefined ? { max: s.max } : {}),
        randomised: s.randomised === true,
      };
    case 'OPEN_ENDED':
      return {
        type: 'OPEN_ENDED',
        column: first,
        questionTitle: row.questionTitle ?? '',
        keywords: s.keywords ?? [],
        languages: s.languages ?? [],
        duplicateCheck: s.duplicateCheck !== false,
        copyPasteCheck: row.isEnableCopyPasteCheck,
        ...(s.topicCheck !== undefined ? { topicCheck: s.topicCheck } : {}),
      };
    case 'PROJECTIVE':
      return {
        type: 'PROJECTIVE',
        id: row.dataPointIdentifier,
        title: row.questionTitle ?? row.dataPointIdentifier,
        vote: first,
        predictions: row.columns.slice(1),
        ...(s.options !== undefined ? { options: s.options } : {}),
        algorithms: PROJECTIVE_ALGORITHMS.filter((a) => row.algorithms[a]),
      };
    case 'GROUPING':
      return { type: 'GROUPING', column: first, ...(row.questionTitle ? { title: row.questionTitle } : {}) };
    case 'VOTE':
      return { type: 'VOTE', column: first };
    case 'DEVICE_FINGERPRINT':
    case 'PANEL_ID':
    case 'SAMPLE_SOURCE':
      return { type: row.dataPointType, column: first };
    case 'IGNORE':
      return { type: 'IGNORE', column: first };
    default:
      return { type: row.dataPointType, column: first, question: s.question ?? '' };
  }
}

export const mappingOf = (rows: readonly RowLike[]): ColumnMapping => ({ dataPoints: rows.map(dataPointOf) });

/** An engine data point (a suggestion of step 2, a demo survey's mapping) as a row. */
export function rowOfDataPoint(dp: DataPoint): DatapointInsert {
  const algorithms: DataPointAlgorithms = { ...NONE };
  const base = {
    questionTitle: null as string | null,
    isEnableCopyPasteCheck: false,
    startingQuestion: false,
    pageNumber: null as number | null,
    pageTitle: null as string | null,
    settings: {} as DataPointSettings,
  };
  switch (dp.type) {
    case 'RECORD_ID':
      return dp.rowNumber
        ? {
            ...base,
            dataPointIdentifier: ROW_NUMBER_IDENTIFIER,
            dataPointType: dp.type,
            columns: [],
            algorithms,
            settings: { rowNumber: true },
          }
        : { ...base, dataPointIdentifier: dp.column, dataPointType: dp.type, columns: [dp.column], algorithms };
    case 'DURATION':
      algorithms.TS = true;
      return {
        ...base,
        dataPointIdentifier: dp.column,
        dataPointType: dp.type,
        columns: [dp.column],
        algorithms,
        pageNumber: dp.pageNumber ?? null,
        pageTitle: dp.pageTitle ?? null,
        settings: { role: dp.role, unit: dp.unit ?? 's' },
      };
    case 'TIMESTAMP':
      algorithms.TS = true;
      return {
        ...base,
        dataPointIdentifier: `${dp.start}..${dp.end}`,
        dataPointType: dp.type,
        columns: [dp.start, dp.end],
        algorithms,
        pageNumber: dp.pageNumber ?? null,
        pageTitle: dp.pageTitle ?? null,
        settings: { role: dp.role, ...(dp.dateOrder ? { dateOrder: dp.dateOrder } : {}) },
      };
    case 'ITEM_BATTERY':
      algorithms.IBS = true;
      return {
        ...base,
        dataPointIdentifier: dp.id,
        dataPointType: dp.type,
        columns: [...dp.items],
        algorithms,
        questionTitle: dp.title ?? null,
        settings: {
          ...(dp.min !== undefined ? { min: dp.min } : {}),
          ...(dp.max !== undefined ? { max: dp.max } : {}),
          randomised: dp.randomised === true,
        },
      };
    case 'OPEN_ENDED':
      algorithms.OES = true;
      return {
        ...base,
        dataPointIdentifier: dp.column,
        dataPointType: dp.type,
        columns: [dp.column],
        algorithms,
        questionTitle: dp.questionTitle || null,
        isEnableCopyPasteCheck: dp.copyPasteCheck === true,
        settings: {
          keywords: dp.keywords ?? [],
          languages: dp.languages ?? [],
          duplicateCheck: dp.duplicateCheck !== false,
          topicCheck: dp.topicCheck ?? (dp.keywords?.length ?? 0) > 0,
        },
      };
    case 'PROJECTIVE':
      for (const a of dp.algorithms) algorithms[a as ProjectiveAlgorithm] = true;
      return {
        ...base,
        dataPointIdentifier: dp.id,
        dataPointType: dp.type,
        columns: [dp.vote, ...dp.predictions],
        algorithms,
        questionTitle: dp.title ?? null,
        settings: dp.options !== undefined ? { options: dp.options } : {},
      };
    case 'GROUPING':
      return {
        ...base,
        dataPointIdentifier: dp.column,
        dataPointType: dp.type,
        columns: [dp.column],
        algorithms,
        questionTitle: dp.title ?? null,
      };
    default:
      return {
        ...base,
        dataPointIdentifier: dp.column,
        dataPointType: dp.type,
        columns: [dp.column],
        algorithms,
        ...(isBehaviourDataPoint(dp) ? { settings: { question: dp.question } } : {}),
      };
  }
}

/** A digest of what the data points mean, to tell whether a check still fits the saved columns. */
export function mappingHash(rows: readonly RowLike[]): string {
  return createHash('sha256')
    .update(JSON.stringify(mappingOf(rows)))
    .digest('hex');
}
