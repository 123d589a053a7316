// The .sav export read by GNU PSPP (DISPLAY DICTIONARY + LIST), independent of our writer and reader:
// an uploaded .sav exported again keeps its own variable labels, value labels and user-missing
// declaration; scores, bands, grid labels, open-ended categories and decisions come with labels in
// the chosen language and their measurement levels; the cases match the scores file and the
// cleaning's decisions; column names SPSS would refuse become valid names with the original as label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRevision, vectorToFloat64 } from '../../../api/modules/cleaning';
import { readWithPspp, type PsppFile } from '../../support/pspp';
import { AWKWARD, exportWorld, RULES, type ExportWorld } from '../../support/export-world';

let w: ExportWorld;
let de: PsppFile;

beforeAll(async () => {
  w = await exportWorld();
  de = readWithPspp(await w.run({ format: 'sav', datafileId: 'dfS' }));
});
afterAll(() => w.dispose());

const variable = (file: PsppFile, name: string) => {
  const v = file.variables.find((x) => x.name === name);
  if (!v) throw new Error(`no variable ${name} in ${file.variables.map((x) => x.name).join(', ')}`);
  return v;
};
const labels = (file: PsppFile, label: string) => Object.fromEntries(file.valueLabels.get(label) ?? []);

describe('SPSS export', () => {
  it('keeps the labels, value labels and missing declaration of the uploaded .sav', () => {
    expect(de.notes).toEqual([]);
    expect(variable(de, 'respid')).toMatchObject({ label: 'Respondent ID', measure: 'Nominal' });
    const q = variable(de, 'Q1_1');
    expect(q).toMatchObject({
      label: 'Grid 1: statement 1 (1 = disagree, 5 = agree)',
      measure: 'Ordinal',
      missing: '99',
      printFormat: 'F8.0',
    });
    expect(labels(de, q.label)).toEqual({ '1': 'stimme gar nicht zu', '5': 'stimme voll zu', '99': 'weiß nicht' });
    expect(labels(de, 'gender')).toEqual({ '1': 'weiblich', '2': 'männlich', '3': 'divers' });
    expect(variable(de, 'open1').label).toBe('Was hat Ihnen an Ihrem letzten Urlaub gefallen?');
    // The case with the user-missing 99 (row 3) is missing.
    expect(de.cases[2]!.Q1_1).toBe('.');
  });

  it('labels scores, bands, grid labels, categories and decisions in German, with their levels', () => {
    expect(variable(de, 'combined')).toMatchObject({ label: 'Gesamtscore', measure: 'Scale', printFormat: 'F8.1' });
    expect(variable(de, 'combined.band')).toMatchObject({ label: 'Gesamtscore: Bereich', measure: 'Ordinal' });
    expect(labels(de, 'Gesamtscore: Bereich')).toEqual({
      '1': '0–39 (rot)',
      '2': '40–59 (gelb)',
      '3': '60–79 (hellgrün)',
      '4': '80–100 (grün)',
    });
    expect(labels(de, 'Grid 1: Label')).toMatchObject({ '0': 'Nicht bewertet', '2': 'Straightliner', '4': 'Muster' });
    expect(labels(de, 'open1: Kategorie (OES)')).toMatchObject({ '1': 'Gültige Antwort', '7': 'Unsinn' });
    expect(variable(de, 'decision')).toMatchObject({ label: 'Entscheidung', measure: 'Nominal' });
    expect(labels(de, 'Entscheidung')).toEqual({ '0': 'Entfernt', '1': 'Behalten' });
    expect(labels(de, 'Grund')).toMatchObject({ '1': 'Manuell', '2': 'Gesamtscore', '8': 'Time-Score (TS)' });
  });

  it('holds every case with the scores and the decisions of the cleaning', async () => {
    const scores = await w.scores('dfS');
    const combined = vectorToFloat64(scores.getChild('combined')!);
    const decisions = cleanRevision(w.scoring, scores, RULES);
    expect(de.cases).toHaveLength(combined.length);
    de.cases.forEach((c, i) => {
      const v = combined[i]!;
      expect(c.combined).toBe(v === v ? (Math.floor(v * 10 + 0.5) / 10).toFixed(1) : '.');
      expect(c.decision).toBe(String(decisions.kept[i]));
      if (v === v) expect(Number(c['combined.band'])).toBe(v < 39.5 ? 1 : v < 59.5 ? 2 : v < 79.5 ? 3 : 4);
    });
    const removed = de.cases.filter((c) => c.decision === '0');
    expect(removed.length).toBe(combined.length - decisions.keptCount);
    expect(removed.every((c) => c.reason !== '.' && c.reason_code !== '')).toBe(true);
  });

  it('labels in English when English is chosen', async () => {
    const en = readWithPspp(await w.run({ format: 'sav', datafileId: 'dfS', locale: 'en', scoreDecimals: null }));
    expect(en.notes).toEqual([]);
    expect(variable(en, 'combined')).toMatchObject({ label: 'Combined score', printFormat: 'F8.2' });
    expect(labels(en, 'Decision')).toEqual({ '0': 'Removed', '1': 'Kept' });
    expect(labels(en, 'Combined score: band')).toMatchObject({ '1': '0–39 (red)', '4': '80–100 (green)' });
    // The uploaded labels stay as they were.
    expect(labels(en, 'gender')).toEqual({ '1': 'weiblich', '2': 'männlich', '3': 'divers' });
  });

  it('makes valid SPSS names of any column name and keeps the original as the label', async () => {
    const file = readWithPspp(await w.run({ format: 'sav', datafileId: 'dfC' }));
    expect(file.notes).toEqual([]);
    expect(file.variables.slice(0, AWKWARD.length).map((v) => [v.name, v.label])).toEqual([
      ['Resp_ID', 'Resp ID'],
      ['Dauer__Sek._', 'Dauer (Sek.)'],
      ['v1._Frage', '1. Frage'],
      ['AND_', 'AND'],
      ['frage', ''],
      ['Frage_2', 'Frage'],
      ['Größe_Kategorie', 'Größe-Kategorie'],
    ]);
    // A CSV column of numbers is numeric in SPSS; text and record ids stay text.
    expect(variable(file, 'v1._Frage').printFormat).toBe('F8.0');
    expect(variable(file, 'Resp_ID').printFormat).toMatch(/^A/);
    expect(variable(file, 'Größe_Kategorie').printFormat).toMatch(/^A/);
    expect(file.cases.map((c) => c['v1._Frage']).slice(0, 6)).toEqual(['1', '2', '3', '4', '5', '1']);
    expect(file.cases[0]!['Größe_Kategorie']).toBe('Größe 0');
  });
});
