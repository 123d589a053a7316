// The Triple-S export read by Python's zipfile and xml.etree (independent of our writer): the zip
// holds the metadata (.sss) and the fixed-width data (.asc); every variable has a name, a label, a
// type and a position that tile the line without gaps; coded columns carry their texts; the data
// read at those positions give the scores with the chosen decimals, the decisions of the cleaning and
// the uploaded .sav's values, its declared-missing code as an empty field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRevision, vectorToFloat64 } from '../../../api/modules/cleaning';
import { AWKWARD, exportWorld, RULES, type ExportWorld } from '../../support/export-world';
import { readTripleS, type TripleS } from '../../support/triple-s';

let w: ExportWorld;
let de: TripleS;

beforeAll(async () => {
  w = await exportWorld();
  de = readTripleS(await w.run({ format: 'sss', datafileId: 'dfS' }));
});
afterAll(() => w.dispose());

const variable = (file: TripleS, name: string) => {
  const v = file.variables.find((x) => x.name === name);
  if (!v) throw new Error(`no variable ${name} in ${file.variables.map((x) => x.name).join(', ')}`);
  return v;
};

describe('Triple-S export', () => {
  it('is a zip of the metadata and the data; positions tile each line', () => {
    expect(de.version).toBe('2.0');
    expect(de.title).toBe('Reisestudie 2026');
    expect(de.files.sort()).toEqual(['Reisestudie_2026-export.asc', 'Reisestudie_2026-export.sss']);
    let next = 1;
    for (const v of de.variables) {
      expect(v.start, v.name).toBe(next);
      expect(v.finish).toBeGreaterThanOrEqual(v.start);
      next = v.finish + 1;
    }
  });

  it("keeps the uploaded .sav's labels and codes; its declared-missing code is an empty field", () => {
    expect(variable(de, 'respid')).toMatchObject({ type: 'character', label: 'Respondent ID' });
    expect(variable(de, 'gender')).toMatchObject({
      type: 'single',
      codes: { '1': 'weiblich', '2': 'männlich', '3': 'divers' },
    });
    const q = variable(de, 'Q1_1');
    expect(q).toMatchObject({ type: 'single', label: 'Grid 1: statement 1 (1 = disagree, 5 = agree)' });
    // 99 (weiß nicht) is declared missing in the source: not a code here, and the field is empty.
    expect(q.codes).toEqual({ '1': 'stimme gar nicht zu', '5': 'stimme voll zu' });
    expect(de.rows[2]!.Q1_1).toBeNull();
  });

  it('labels scores, bands and decisions in German and holds every case with the cleaning', async () => {
    expect(variable(de, 'combined')).toMatchObject({ type: 'quantity', label: 'Gesamtscore' });
    expect(variable(de, 'combined.band').codes).toMatchObject({ '1': '0–39 (rot)', '4': '80–100 (grün)' });
    expect(variable(de, 'decision').codes).toEqual({ '0': 'Entfernt', '1': 'Behalten' });
    const scores = await w.scores('dfS');
    const combined = vectorToFloat64(scores.getChild('combined')!);
    const decisions = cleanRevision(w.scoring, scores, RULES);
    expect(de.rows).toHaveLength(combined.length);
    de.rows.forEach((row, i) => {
      const v = combined[i]!;
      expect(row.combined).toBe(v === v ? v.toFixed(1) : null);
      expect(row.decision).toBe(String(decisions.kept[i]));
    });
    expect(de.rows.filter((r) => r.decision === '0')).toHaveLength(combined.length - decisions.keptCount);
  });

  it('in English with every digit asked for: English texts, scores with four decimals', async () => {
    const en = readTripleS(await w.run({ format: 'sss', datafileId: 'dfS', locale: 'en', scoreDecimals: null }));
    expect(variable(en, 'combined').label).toBe('Combined score');
    expect(variable(en, 'decision').codes).toEqual({ '0': 'Removed', '1': 'Kept' });
    expect(en.rows.find((r) => r.combined !== null)!.combined).toMatch(/^\d+\.\d{4}$/);
  });

  it('makes valid names of any column name, keeps the original as the label and text as text', async () => {
    const file = readTripleS(await w.run({ format: 'sss', datafileId: 'dfC' }));
    expect(file.variables.slice(0, AWKWARD.length).map((v) => [v.name, v.label])).toEqual([
      ['Resp_ID', 'Resp ID'],
      ['Dauer__Sek._', 'Dauer (Sek.)'],
      ['v1._Frage', '1. Frage'],
      ['AND_', 'AND'],
      ['frage', 'frage'],
      ['Frage_2', 'Frage'],
      ['Größe_Kategorie', 'Größe-Kategorie'],
    ]);
    expect(file.rows[0]!['Größe_Kategorie']).toBe('Größe 0');
    expect(file.rows.map((r) => r.Resp_ID).slice(0, 3)).toEqual(['R1', 'R2', 'R3']);
  });
});
