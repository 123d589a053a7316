// Two processed datafiles for the export tests, run through the real upload engine into a disk blob
// store: the SPSS fixture survey (German variable labels, value labels, a user-missing code, grids,
// open-ended answers, projective questions) and a small CSV whose column names SPSS would not take.
import { readFileSync } from 'node:fs';
import { processUpload, readRevisionColumns } from '../../api/ingest/index';
import { runExport, type ExportJobInput } from '../../api/modules/exports/export.service';
import { DEFAULT_RULES, type CleaningRules, type Scoring } from '../../scoring/index';
import { fixtureSurvey } from '../fixtures/uploads/make-fixtures';
import { diskBlobStore, type DiskBlobStore } from './disk-blob-store';
import { scoring } from './scoring';

export const RULES: CleaningRules = {
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 62.5, minDataPoints: 0 } },
};

/** Column names with spaces, a leading digit, a reserved word, a clash regardless of case, umlauts. */
export const AWKWARD = ['Resp ID', 'Dauer (Sek.)', '1. Frage', 'AND', 'frage', 'Frage', 'Größe-Kategorie'];

function awkwardCsv(rows: number): Uint8Array {
  const lines = [AWKWARD.join(';')];
  for (let i = 0; i < rows; i++)
    lines.push([`R${i + 1}`, 300 + i * 13, (i % 5) + 1, i % 2, 'x', 'y', `Größe ${i % 3}`].join(';'));
  return new TextEncoder().encode(lines.join('\n'));
}

export interface ExportWorld {
  blobs: DiskBlobStore;
  scoring: Scoring;
  /** Runs one export and returns its bytes. */
  run(input: Partial<ExportJobInput> & Pick<ExportJobInput, 'format' | 'datafileId'>): Promise<Uint8Array>;
  scores(datafileId: string): ReturnType<typeof readRevisionColumns>;
  raw(datafileId: string): ReturnType<typeof readRevisionColumns>;
  dispose(): void;
}

export async function exportWorld(): Promise<ExportWorld> {
  const blobs = diskBlobStore();
  const s = scoring;
  const sav = new Uint8Array(readFileSync(new URL('../fixtures/uploads/survey-compressed.sav', import.meta.url)));
  await blobs.put('uploads/survey.sav', sav);
  await processUpload({
    blobs,
    scoring: s,
    source: { key: 'uploads/survey.sav', format: 'sav' },
    options: {},
    mapping: fixtureSurvey().mapping,
    datafileId: 'dfS',
    revision: 1,
  });
  await blobs.put('uploads/awkward.csv', awkwardCsv(40));
  await processUpload({
    blobs,
    scoring: s,
    source: { key: 'uploads/awkward.csv', format: 'csv' },
    options: {},
    mapping: {
      dataPoints: [
        { type: 'RECORD_ID', column: 'Resp ID' },
        { type: 'DURATION', column: 'Dauer (Sek.)', role: 'TOTAL' },
      ],
    },
    datafileId: 'dfC',
    revision: 1,
  });
  return {
    blobs,
    scoring: s,
    async run(input) {
      const out = await runExport(
        { blobs, scoring: s },
        { revision: 1, cleaning: { rules: RULES }, locale: 'de', title: 'Reisestudie 2026', ...input },
      );
      return (await blobs.getBytes(out.key))!;
    },
    scores: (id) => readRevisionColumns(blobs, id, 1, 'scores'),
    raw: (id) => readRevisionColumns(blobs, id, 1, 'raw'),
    dispose: () => blobs.dispose(),
  };
}
