import type { DataPointType, SelectedColumnInput } from '../../../lib/gql/graphql';

/**
 * Step 2's editing model: the data points as the server takes them (SelectedColumnInput), each
 * with a stable key for React. Every column of the file belongs to exactly one data point (IGNORE
 * when the user gave it no type), so the table can show a type for each column and the save sends
 * the whole picture. Pure functions: the page keeps the list in state and replaces it.
 */
export type DraftPoint = SelectedColumnInput & { key: string };
export type Draft = DraftPoint[];

/** Types whose data point reads several columns: a column joins a group of its type. */
export const GROUP_TYPES: readonly DataPointType[] = ['ITEM_BATTERY', 'PROJECTIVE', 'TIMESTAMP'];
export const COLUMN_TYPES: readonly DataPointType[] = [
  'RECORD_ID',
  'DURATION',
  'TIMESTAMP',
  'ITEM_BATTERY',
  'OPEN_ENDED',
  'PROJECTIVE',
  'GROUPING',
  'VOTE',
  'DEVICE_FINGERPRINT',
  'PANEL_ID',
  'SAMPLE_SOURCE',
  'IGNORE',
];
/**
 * Behaviour measures (paradata) of an open question, one column each: the server's column types of
 * the same name. Offered in their own group of the type list.
 */
export const BEHAVIOUR_TYPES: readonly DataPointType[] = [
  'BEHAVIOUR_KEYS',
  'BEHAVIOUR_DELETIONS',
  'BEHAVIOUR_FIRST_KEY_MS',
  'BEHAVIOUR_TYPING_MS',
  'BEHAVIOUR_IKI_MEDIAN_MS',
  'BEHAVIOUR_IKI_IQR_MS',
  'BEHAVIOUR_REGULAR_SHARE',
  'BEHAVIOUR_PASTES',
  'BEHAVIOUR_PASTED_CHARS',
  'BEHAVIOUR_PASTES_AFTER_SWITCH',
  'BEHAVIOUR_UNEXPLAINED_CHARS',
  'BEHAVIOUR_FOCUS_LOSSES',
  'BEHAVIOUR_HIDDEN',
  'BEHAVIOUR_TRANSLATED',
];
export const isBehaviourType = (type: DataPointType) => BEHAVIOUR_TYPES.includes(type);

/** The open question a paradata column most likely describes: the longest open column its name starts with, else the only one. */
export function guessOpenQuestion(draft: Draft, column: string): string {
  const open = draft.filter((p) => p.dataPointType === 'OPEN_ENDED').map((p) => p.columns[0]!);
  const prefixed = open.filter((o) => column.startsWith(o)).sort((a, b) => b.length - a.length);
  return prefixed[0] ?? (open.length === 1 ? open[0]! : '');
}

export const PURPOSES = ['PS', 'CS', 'IS', 'SDS'] as const;
/** Grids are scored from 5 items (patterns from 7): the server's rule. */
export const MIN_GRID_ITEMS = 5;
/** The record ID that is each record's row number (it reads no column). */
export const ROW_NUMBER = 'ROW_NUMBER';
export const MAX_KEYWORDS = 15;

let counter = 0;
const newKey = () => `dp${++counter}`;

type Metadata = Omit<SelectedColumnInput, 'algorithms'> & {
  algorithms?: SelectedColumnInput['algorithms'] | null;
  startingQuestion?: boolean;
};

/** A data point as the API returns it (suggestion or saved), as an input with a key. */
export function pointFromMetadata(m: Metadata): DraftPoint {
  const { startingQuestion: _s, ...rest } = m;
  const point: DraftPoint = { ...rest, columns: [...m.columns], key: newKey() };
  for (const k of Object.keys(point) as (keyof DraftPoint)[]) if (point[k] === null) delete point[k];
  return point;
}

/** The saved data points when there are any, else the suggestions; every other column becomes IGNORE. */
export function initialDraft(
  fileColumns: readonly string[],
  saved: readonly Metadata[],
  suggested: readonly Metadata[],
): Draft {
  // A suggested question text that is only the column's name (no label in the file) is no question
  // text: left empty, so the user is asked for the real one.
  const fromSuggestion = (m: Metadata): Metadata =>
    m.dataPointType === 'OPEN_ENDED' && m.questionTitle === m.columns[0] ? { ...m, questionTitle: '' } : m;
  const points = (saved.length ? saved : suggested.map(fromSuggestion)).map(pointFromMetadata);
  const covered = new Set(points.flatMap((p) => p.columns));
  for (const c of fileColumns)
    if (!covered.has(c)) points.push({ key: newKey(), dataPointIdentifier: c, dataPointType: 'IGNORE', columns: [c] });
  return points;
}

export const pointOfColumn = (draft: Draft, column: string) => draft.find((p) => p.columns.includes(column));

const single = (type: DataPointType, column: string, draft: Draft, label?: string | null): DraftPoint => {
  const base: DraftPoint = { key: newKey(), dataPointIdentifier: column, dataPointType: type, columns: [column] };
  if (type === 'DURATION')
    return {
      ...base,
      role: draft.some((p) => p.dataPointType === 'DURATION' && p.role === 'TOTAL') ? 'PAGE' : 'TOTAL',
      unit: 's',
    };
  if (type === 'OPEN_ENDED')
    return {
      ...base,
      questionTitle: label ?? '',
      keywords: [],
      languages: [],
      isEnableDuplicateCheck: true,
      isEnableCopyPasteCheck: false,
    };
  if (isBehaviourType(type)) return { ...base, openEndedColumn: guessOpenQuestion(draft, column) };
  return base;
};

/** A group name that is not taken yet: the column's stem (Q1 of Q1_3), else the type's word. */
function groupName(draft: Draft, column: string, fallback: string): string {
  const stem = column.replace(/[_.\-\s]?[^_.\-\s]*$/, '') || fallback;
  let name = stem;
  for (let i = 2; draft.some((p) => p.dataPointIdentifier === name); i++) name = `${stem}_${i}`;
  return name;
}

function withoutColumn(draft: Draft, column: string): Draft {
  return draft.flatMap((p) => {
    if (!p.columns.includes(column)) return [p];
    const columns = p.columns.filter((c) => c !== column);
    return columns.length ? [{ ...p, columns }] : [];
  });
}

/**
 * Gives a column a type. A grouped type joins the newest group of that type (a projective
 * question's first column is its choice, a timestamp's first its start) or starts one; one record
 * ID only (a former one becomes IGNORE).
 */
export function setColumnType(draft: Draft, column: string, type: DataPointType, label?: string | null): Draft {
  const current = pointOfColumn(draft, column);
  if (current?.dataPointType === type && !GROUP_TYPES.includes(type)) return draft;
  let next = withoutColumn(draft, column);
  if (type === 'RECORD_ID') next = withoutRecordId(next);
  if (!GROUP_TYPES.includes(type)) return [...next, single(type, column, next, label)];
  const open = [...next]
    .reverse()
    .find((p) => p.dataPointType === type && (type !== 'TIMESTAMP' || p.columns.length < 2));
  if (open) return next.map((p) => (p === open ? { ...p, columns: [...p.columns, column] } : p));
  const name = groupName(
    next,
    column,
    type === 'ITEM_BATTERY' ? 'grid' : type === 'PROJECTIVE' ? 'projective' : 'timestamp',
  );
  const point: DraftPoint = {
    key: newKey(),
    dataPointIdentifier: name,
    dataPointType: type,
    columns: [column],
    questionTitle: name,
  };
  if (type === 'PROJECTIVE') point.algorithms = { PS: true, CS: true, IS: false, SDS: false };
  if (type === 'TIMESTAMP')
    point.role = draft.some(
      (p) => (p.dataPointType === 'DURATION' || p.dataPointType === 'TIMESTAMP') && p.role === 'TOTAL',
    )
      ? 'PAGE'
      : 'TOTAL';
  if (type === 'ITEM_BATTERY') point.isRandomised = false;
  return [...next, point];
}

/** The draft without its record ID: a column that was the ID becomes IGNORE, the row number goes. */
function withoutRecordId(draft: Draft): Draft {
  return draft
    .filter((p) => !(p.dataPointType === 'RECORD_ID' && p.isRowNumber))
    .map((p) => (p.dataPointType === 'RECORD_ID' ? { ...p, dataPointType: 'IGNORE' as const } : p));
}

/** True when the row number is the record ID. */
export const usesRowNumber = (draft: Draft) => draft.some((p) => p.dataPointType === 'RECORD_ID' && p.isRowNumber);

/** The row number as the record ID (the column that was the ID becomes IGNORE). */
export function rowNumberAsId(draft: Draft): Draft {
  return [
    { key: newKey(), dataPointIdentifier: ROW_NUMBER, dataPointType: 'RECORD_ID', isRowNumber: true, columns: [] },
    ...withoutRecordId(draft),
  ];
}

/**
 * Merges grids (data points of the draft, by key) and groups of columns (step 2's merge candidates)
 * into one grid, in file order, keeping the first grid's settings; its scale spans theirs.
 */
export function mergeGrids(
  draft: Draft,
  keys: readonly string[],
  groups: readonly { columns: readonly string[]; scaleMin: number; scaleMax: number }[],
  fileColumns: readonly string[],
): Draft {
  const grids = draft.filter((p) => keys.includes(p.key) && p.dataPointType === 'ITEM_BATTERY');
  const columns = [...new Set([...grids.flatMap((g) => g.columns), ...groups.flatMap((g) => g.columns)])].sort(
    (a, b) => fileColumns.indexOf(a) - fileColumns.indexOf(b),
  );
  if (columns.length < 2) return draft;
  const mins = [...grids.map((g) => g.scaleMin), ...groups.map((g) => g.scaleMin)].filter((v) => v != null);
  const maxs = [...grids.map((g) => g.scaleMax), ...groups.map((g) => g.scaleMax)].filter((v) => v != null);
  const first = grids[0];
  const name = first?.dataPointIdentifier ?? groupName(draft, columns[0]!, 'grid');
  const merged: DraftPoint = {
    ...(first ?? { questionTitle: name, isRandomised: false }),
    key: newKey(),
    dataPointIdentifier: name,
    dataPointType: 'ITEM_BATTERY',
    columns,
    ...(mins.length ? { scaleMin: Math.min(...(mins as number[])) } : {}),
    ...(maxs.length ? { scaleMax: Math.max(...(maxs as number[])) } : {}),
  };
  const rest = draft.filter((p) => !grids.includes(p) && !p.columns.some((c) => columns.includes(c)));
  return [...rest, merged];
}

/** Moves a grouped column into another group of its type (or a new one when `groupKey` is null). */
export function moveToGroup(draft: Draft, column: string, groupKey: string | null): Draft {
  const current = pointOfColumn(draft, column);
  if (!current || !GROUP_TYPES.includes(current.dataPointType) || current.key === groupKey) return draft;
  const next = withoutColumn(draft, column);
  if (groupKey === null) {
    const name = groupName(next, column, current.dataPointType.toLowerCase());
    const { key: _k, columns: _c, dataPointIdentifier: _i, ...settings } = current;
    return [...next, { ...settings, key: newKey(), dataPointIdentifier: name, questionTitle: name, columns: [column] }];
  }
  return next.map((p) => (p.key === groupKey ? { ...p, columns: [...p.columns, column] } : p));
}

export function updatePoint(draft: Draft, key: string, patch: Partial<Omit<DraftPoint, 'key'>>): Draft {
  return draft.map((p) => (p.key === key ? { ...p, ...patch } : p));
}

/** Moves one column of a group up (-1) or down (+1): a grid's order shown to respondents, a projective question's choice column first. */
export function moveColumn(draft: Draft, key: string, column: string, by: -1 | 1): Draft {
  return draft.map((p) => {
    if (p.key !== key) return p;
    const i = p.columns.indexOf(column);
    const j = i + by;
    if (i < 0 || j < 0 || j >= p.columns.length) return p;
    const columns = [...p.columns];
    [columns[i], columns[j]] = [columns[j]!, columns[i]!];
    return { ...p, columns };
  });
}

/** Keywords as typed: Enter or ';' separate them. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[;\n\r]+/)
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** What the save sends: the data points without their keys, IGNORE columns included. */
export function toInput(draft: Draft): SelectedColumnInput[] {
  return draft.map(({ key: _key, ...point }) => point);
}

/** A problem the page can tell before the server's check: a refusal reason or code with its placeholders. */
export type LocalIssue = {
  key: string;
  message: { reason?: string; code?: string; params: Record<string, string | number> };
};

/**
 * The data-point rules that need no file: one record ID, 5 grid items, question texts, 15 keywords,
 * IS not with SDS, a purpose.
 */
export function localIssues(draft: Draft): LocalIssue[] {
  const issues: LocalIssue[] = [];
  const ids = draft.filter((p) => p.dataPointType === 'RECORD_ID');
  if (ids.length === 0) issues.push({ key: '', message: { reason: 'RECORD_ID_COLUMN_REQUIRED', params: {} } });
  for (const p of draft) {
    const column = p.questionTitle && p.dataPointType !== 'OPEN_ENDED' ? p.questionTitle : p.dataPointIdentifier;
    if (p.dataPointType === 'ITEM_BATTERY' && p.columns.length < MIN_GRID_ITEMS)
      issues.push({
        key: p.key,
        message: {
          reason: 'GRID_TOO_FEW_ITEMS',
          params: { column, limit: MIN_GRID_ITEMS, value: p.columns.length },
        },
      });
    if (p.dataPointType === 'ITEM_BATTERY' && p.scaleMin != null && p.scaleMax != null && !(p.scaleMin < p.scaleMax))
      issues.push({
        key: p.key,
        message: { reason: 'SCALE_BOUNDS', params: { column, value: `${p.scaleMin}..${p.scaleMax}` } },
      });
    if (p.dataPointType === 'OPEN_ENDED' && !p.questionTitle?.trim())
      issues.push({ key: p.key, message: { reason: 'QUESTION_TITLE_REQUIRED', params: { column: p.columns[0]! } } });
    if (p.dataPointType === 'OPEN_ENDED' && (p.keywords?.length ?? 0) > MAX_KEYWORDS)
      issues.push({
        key: p.key,
        message: {
          reason: 'TOO_MANY_KEYWORDS',
          params: { column: p.columns[0]!, limit: MAX_KEYWORDS, value: p.keywords!.length },
        },
      });
    if (p.dataPointType === 'PROJECTIVE') {
      const a = p.algorithms ?? {};
      if (a.IS && a.SDS) issues.push({ key: p.key, message: { reason: 'IS_WITH_SDS', params: { column } } });
      if (!PURPOSES.some((k) => a[k]))
        issues.push({ key: p.key, message: { reason: 'PROJECTIVE_ALGORITHM_REQUIRED', params: { column } } });
      if (p.columns.length < 2)
        issues.push({ key: p.key, message: { reason: 'PREDICTION_COLUMNS', params: { column } } });
    }
    // Paradata belongs to a column mapped as an open question.
    if (
      isBehaviourType(p.dataPointType) &&
      !draft.some((o) => o.dataPointType === 'OPEN_ENDED' && o.columns[0] === p.openEndedColumn)
    )
      issues.push({
        key: p.key,
        message: p.openEndedColumn
          ? { reason: 'BEHAVIOUR_QUESTION_UNKNOWN', params: { column: p.columns[0]!, value: p.openEndedColumn } }
          : { reason: 'BEHAVIOUR_QUESTION_REQUIRED', params: { column: p.columns[0]! } },
      });
    if (p.dataPointType === 'TIMESTAMP' && p.columns.length !== 2)
      issues.push({ key: p.key, message: { reason: 'DATA_POINT_SHAPE', params: { column, value: 'TIMESTAMP' } } });
  }
  return issues;
}

/** Which data point a server issue belongs to: by column, or by a grid's or projective question's name. */
export function pointOfIssue(draft: Draft, issue: { column?: string | null }): DraftPoint | undefined {
  if (!issue.column) return undefined;
  return draft.find(
    (p) =>
      p.columns.includes(issue.column!) || p.dataPointIdentifier === issue.column || p.questionTitle === issue.column,
  );
}
