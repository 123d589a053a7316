// AI suspect and effort from an upload to its export: real respondents' free text (Autistica's
// Google Forms survey) with three model-style paraphrases planted among them, through the real upload
// engine into the scores file, then exported as CSV in both languages and read back with papaparse.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processUpload, readRevisionColumns } from '../../../api/ingest/index';
import { runExport } from '../../../api/modules/exports/export.service';
import { AI_REASONS, DEFAULT_RULES } from '../../../scoring/index';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
const PLANTED = [
  'I would like the platform to prioritise accessibility, clear communication and involving autistic people in designing the research questions from the start.',
  'My priority is that autistic people are involved in designing the research questions from the start, with clear communication and accessibility throughout the platform.',
  'Accessibility and clear communication matter most to me, and I would like autistic people to be involved from the start in designing the platform research questions.',
];

function realAnswers(): string[] {
  const text = readFileSync(
    new URL('../../fixtures/real-files/googleforms_autistica_turing.csv', import.meta.url),
    'utf8',
  );
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const q1 = header!.findIndex((h) => h.startsWith('Q1'));
  return rows.map((r) => r[q1]!).filter((a) => a.trim() !== '');
}

let answers: string[];

beforeAll(async () => {
  const real = realAnswers();
  answers = [...real.slice(0, 5), PLANTED[0]!, ...real.slice(5, 15), PLANTED[1]!, ...real.slice(15), PLANTED[2]!];
  const csv = Papa.unparse({
    fields: ['id', 'needs'],
    data: answers.map((a, i) => [`R${i + 1}`, a]),
  });
  await blobs.put('uploads/needs.csv', new TextEncoder().encode(csv));
  await processUpload({
    blobs,
    scoring,
    source: { key: 'uploads/needs.csv', format: 'csv' },
    options: {},
    mapping: {
      dataPoints: [
        { type: 'RECORD_ID', column: 'id' },
        { type: 'OPEN_ENDED', column: 'needs', questionTitle: 'What would you like us to know about your needs?' },
      ],
    },
    datafileId: 'dfA',
    revision: 1,
  });
});

afterAll(() => blobs.dispose());

describe('AI suspect and effort in the scores file and the exports', () => {
  it('stores category 14 with its reasons for the planted answers only, and an effort for every answer', async () => {
    const scores = await readRevisionColumns(blobs, 'dfA', 1, 'scores');
    const column = (name: string) => Array.from(scores.getChild(name)!.toArray() as ArrayLike<number>);
    const category = column('oes.needs.category');
    const reasons = column('oes.needs.ai_reasons');
    const effort = column('oes.needs.effort');
    const planted = answers.map((a) => PLANTED.includes(a));
    expect(category.filter((_, i) => planted[i])).toEqual([14, 14, 14]);
    expect(category.filter((c, i) => !planted[i] && c === 14)).toEqual([]);
    expect(reasons.filter((_, i) => planted[i])).toEqual([
      AI_REASONS.paraphrase,
      AI_REASONS.paraphrase,
      AI_REASONS.paraphrase,
    ]);
    expect(effort.every((e) => e >= 1 && e <= 3)).toBe(true);
    expect(new Set(effort).size).toBeGreaterThan(1);
  });

  it.each([
    ['de', 'needs: Aufwand', 'needs: Kategorie (OES)', 'KI-Verdacht', 'Hoch'],
    ['en', 'needs: effort', 'needs: category (OES)', 'AI suspect', 'High'],
  ] as const)('%s: the CSV export names the columns and their values', async (locale, effort, category, ai, high) => {
    const out = await runExport(
      { blobs, scoring },
      { datafileId: 'dfA', revision: 1, format: 'csv', cleaning: { rules: DEFAULT_RULES }, locale },
    );
    const text = new TextDecoder().decode((await blobs.getBytes(out.key))!).replace(/^\uFEFF/, '');
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const at = (name: string) => {
      const i = header!.indexOf(name);
      expect(i, `${name} in ${header!.join(' | ')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const categoryText = at(`${category} (${locale === 'de' ? 'Text' : 'text'})`);
    const effortText = at(`${effort} (${locale === 'de' ? 'Text' : 'text'})`);
    at(`needs: ${locale === 'de' ? 'Gründe für KI-Verdacht' : 'AI suspect reasons'}`);
    expect(rows.filter((r) => r[categoryText] === ai)).toHaveLength(3);
    expect(rows.some((r) => r[effortText] === high)).toBe(true);
  });
});
