import { describe, expect, it } from 'vitest';
import {
  initialDraft,
  localIssues,
  mergeGrids,
  rowNumberAsId,
  usesRowNumber,
  moveColumn,
  moveToGroup,
  pointOfColumn,
  setColumnType,
  splitKeywords,
  toInput,
  updatePoint,
} from '../../../web/features/uploads/state/columns';

const FILE = ['id', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'vote', 'pred_a', 'pred_b', 'open', 'extra'];
const meta = (dataPointType: any, columns: string[], extra: Record<string, unknown> = {}) => ({
  dataPointIdentifier: columns[0]!,
  dataPointType,
  columns,
  ...extra,
});

describe('step 2 column model', () => {
  it('starts from the saved points, else the suggestions, and gives every other column IGNORE', () => {
    const draft = initialDraft(
      FILE,
      [],
      [meta('RECORD_ID', ['id']), meta('OPEN_ENDED', ['open'], { questionTitle: 'open' })],
    );
    expect(draft.map((p) => [p.dataPointType, p.columns.join()])).toContainEqual(['IGNORE', 'extra']);
    expect(
      toInput(draft)
        .flatMap((p) => p.columns)
        .sort(),
    ).toEqual([...FILE].sort());
    // A suggested question text that is only the column name asks the user for the real one.
    expect(pointOfColumn(draft, 'open')!.questionTitle).toBe('');
    expect(toInput(draft).every((p) => !('key' in p))).toBe(true);
  });

  it("groups grid items, keeps one record ID, puts a projective question's choice first", () => {
    let draft = initialDraft(FILE, [], []);
    for (const c of ['q1', 'q2', 'q3', 'q4']) draft = setColumnType(draft, c, 'ITEM_BATTERY');
    const grid = pointOfColumn(draft, 'q1')!;
    expect(grid.columns).toEqual(['q1', 'q2', 'q3', 'q4']);
    // Four items are too few; five are a grid.
    expect(localIssues(draft).map((i) => i.message.code ?? i.message.reason)).toEqual(
      expect.arrayContaining(['RECORD_ID_COLUMN_REQUIRED', 'GRID_TOO_FEW_ITEMS']),
    );
    draft = setColumnType(draft, 'q5', 'ITEM_BATTERY');
    expect(localIssues(draft).map((i) => i.message.reason)).toEqual(['RECORD_ID_COLUMN_REQUIRED']);
    for (const c of ['q6', 'q7']) draft = setColumnType(draft, c, 'ITEM_BATTERY');
    draft = setColumnType(draft, 'id', 'RECORD_ID');
    draft = setColumnType(draft, 'extra', 'RECORD_ID');
    expect(draft.filter((p) => p.dataPointType === 'RECORD_ID').map((p) => p.columns[0])).toEqual(['extra']);
    expect(pointOfColumn(draft, 'id')!.dataPointType).toBe('IGNORE');
    for (const c of ['vote', 'pred_a', 'pred_b']) draft = setColumnType(draft, c, 'PROJECTIVE');
    const projective = pointOfColumn(draft, 'vote')!;
    expect(projective.columns).toEqual(['vote', 'pred_a', 'pred_b']);
    draft = moveColumn(draft, projective.key, 'pred_a', -1);
    expect(pointOfColumn(draft, 'vote')!.columns).toEqual(['pred_a', 'vote', 'pred_b']);
    expect(localIssues(draft)).toEqual([]);
  });

  it('takes the row number as the record ID, and merges short grids into one', () => {
    let draft = initialDraft(FILE, [], []);
    draft = setColumnType(draft, 'id', 'RECORD_ID');
    draft = rowNumberAsId(draft);
    expect(usesRowNumber(draft)).toBe(true);
    expect(pointOfColumn(draft, 'id')!.dataPointType).toBe('IGNORE');
    expect(toInput(draft).find((p) => p.dataPointType === 'RECORD_ID')).toMatchObject({
      isRowNumber: true,
      columns: [],
    });
    // A column chosen as the ID again replaces the row number.
    draft = setColumnType(draft, 'id', 'RECORD_ID');
    expect(usesRowNumber(draft)).toBe(false);
    draft = rowNumberAsId(draft);
    for (const c of ['q1', 'q2']) draft = setColumnType(draft, c, 'ITEM_BATTERY');
    const short = pointOfColumn(draft, 'q1')!;
    draft = mergeGrids(draft, [short.key], [{ columns: ['q3', 'q4', 'q5'], scaleMin: 1, scaleMax: 5 }], FILE);
    expect(pointOfColumn(draft, 'q4')).toMatchObject({
      dataPointType: 'ITEM_BATTERY',
      columns: ['q1', 'q2', 'q3', 'q4', 'q5'],
      scaleMax: 5,
    });
    expect(localIssues(draft)).toEqual([]);
  });

  it('says IS cannot go with SDS, needs a purpose and a question text, and splits keywords at Enter and ;', () => {
    let draft = initialDraft(
      FILE,
      [
        meta('RECORD_ID', ['id']),
        meta('PROJECTIVE', ['vote', 'pred_a'], { algorithms: { IS: true, SDS: true } }),
        meta('OPEN_ENDED', ['open'], { questionTitle: ' ' }),
      ],
      [],
    );
    const reasons = () => localIssues(draft).map((i) => i.message.reason);
    expect(reasons()).toEqual(expect.arrayContaining(['IS_WITH_SDS', 'QUESTION_TITLE_REQUIRED']));
    const p = pointOfColumn(draft, 'vote')!;
    draft = updatePoint(draft, p.key, { algorithms: {} });
    expect(reasons()).toContain('PROJECTIVE_ALGORITHM_REQUIRED');
    expect(splitKeywords('Strand;  Hotel\nEssen;;')).toEqual(['Strand', 'Hotel', 'Essen']);
  });

  it('moves a grid item into a new group of its own', () => {
    let draft = initialDraft(FILE, [], []);
    for (const c of ['q1', 'q2', 'q3']) draft = setColumnType(draft, c, 'ITEM_BATTERY');
    draft = moveToGroup(draft, 'q3', null);
    expect(pointOfColumn(draft, 'q1')!.columns).toEqual(['q1', 'q2']);
    expect(pointOfColumn(draft, 'q3')!.columns).toEqual(['q3']);
    expect(pointOfColumn(draft, 'q3')!.key).not.toBe(pointOfColumn(draft, 'q1')!.key);
  });

  it('maps a paradata column to the open question it names, and says when it names none', () => {
    let draft = initialDraft(
      [...FILE, 'open_keys', 'pastes'],
      [],
      [meta('RECORD_ID', ['id']), meta('OPEN_ENDED', ['open'], { questionTitle: 'Why?' })],
    );
    draft = setColumnType(draft, 'open_keys', 'BEHAVIOUR_KEYS');
    expect(pointOfColumn(draft, 'open_keys')).toMatchObject({
      dataPointType: 'BEHAVIOUR_KEYS',
      openEndedColumn: 'open',
    });
    expect(localIssues(draft)).toEqual([]);
    draft = updatePoint(draft, pointOfColumn(draft, 'open_keys')!.key, { openEndedColumn: 'q1' });
    expect(localIssues(draft).map((i) => i.message)).toEqual([
      { reason: 'BEHAVIOUR_QUESTION_UNKNOWN', params: { column: 'open_keys', value: 'q1' } },
    ]);
    draft = updatePoint(draft, pointOfColumn(draft, 'open_keys')!.key, { openEndedColumn: null });
    expect(localIssues(draft).map((i) => i.message)).toEqual([
      { reason: 'BEHAVIOUR_QUESTION_REQUIRED', params: { column: 'open_keys' } },
    ]);
    draft = updatePoint(draft, pointOfColumn(draft, 'open_keys')!.key, { openEndedColumn: 'q1' });
    expect(toInput(draft).find((p) => p.columns[0] === 'open_keys')).toMatchObject({ openEndedColumn: 'q1' });
  });
});
