// The SPSS system-file writer read back by GNU PSPP (an independent reader) and by the upload's own
// reader: labels in UTF-8, value labels of numbers, short and long strings, user-missing codes and
// ranges, measurement levels, print formats, very long strings over several segments, both
// compressions; and names made valid for SPSS from any column names.
import { describe, expect, it } from 'vitest';
import { readTableFromBytes, spssSeconds } from '../../../api/ingest/index';
import { savNames } from '../../../api/ingest/export/sav-names';
import { writeSav, type SavVariable } from '../../../api/ingest/export/sav-writer';
import type { Cell } from '../../../api/ingest/types';
import { readWithPspp } from '../../support/pspp';

const LONG = `${'Größe '.repeat(70)}Ende`;
const VARIABLES: SavVariable[] = [
  { name: 'respid', type: 'string', width: 8, label: 'Datensatz-ID' },
  { name: 'zeit', type: 'number', decimals: 1, label: 'Time-Score (TS)', measure: 'scale' },
  {
    name: 'grün',
    type: 'number',
    decimals: 0,
    label: 'Zufriedenheit: „sehr“',
    valueLabels: { 1: 'gar nicht', 5: 'sehr zufrieden', '-99': 'weiß nicht' },
    missing: [-99],
    measure: 'ordinal',
  },
  { name: 'antwort', type: 'string', width: 700, label: 'Offene Antwort' },
  { name: 'kurz', type: 'string', width: 4, valueLabels: { ab: 'A und B' } },
  { name: 'segment', type: 'string', width: 20, valueLabels: { 'Gruppe Nord': 'Norden' }, measure: 'nominal' },
  { name: 'bereich', type: 'number', missingRange: { low: -9, high: -1 }, missing: [999], formatWidth: 12 },
];
const ROWS: (number | string | null)[][] = [
  ['A1', 96.04371260321062, 1, LONG, 'ab', 'Gruppe Nord', -5],
  ['A2', null, -99, 'kurz', null, null, 999],
  ['A3', 12, 5, null, 'x', 'Gruppe Süd', 1234567.25],
];

describe('SPSS writer', () => {
  it.each([0, 1] as const)(
    'writes a file PSPP reads with every label, level and case (compression %i)',
    (compression) => {
      const file = readWithPspp(writeSav(VARIABLES, ROWS, { compression, fileLabel: 'Umfrage' }));
      expect(file.notes).toEqual([]);
      expect(file.variables.map((v) => [v.name, v.label, v.measure, v.printFormat, v.missing])).toEqual([
        ['respid', 'Datensatz-ID', 'Nominal', 'A8', ''],
        ['zeit', 'Time-Score (TS)', 'Scale', 'F8.1', ''],
        ['grün', 'Zufriedenheit: „sehr“', 'Ordinal', 'F8.0', '-99'],
        ['antwort', 'Offene Antwort', 'Nominal', 'A700', ''],
        ['kurz', '', 'Nominal', 'A4', ''],
        ['segment', '', 'Nominal', 'A20', ''],
        ['bereich', '', 'Scale', 'F12.2', '-9 THRU -1; 999'],
      ]);
      expect(Object.fromEntries(file.valueLabels.get('Zufriedenheit: „sehr“')!)).toEqual({
        '1': 'gar nicht',
        '5': 'sehr zufrieden',
        '-99': 'weiß nicht',
      });
      expect(file.valueLabels.get('kurz')?.get('ab')).toBe('A und B');
      expect(file.valueLabels.get('segment')?.get('Gruppe Nord')).toBe('Norden');
      expect(file.cases).toHaveLength(3);
      expect(file.cases.map((c) => [c.respid, c.zeit, c['grün'], c.kurz, c.segment, c.bereich])).toEqual([
        ['A1', '96.0', '1', 'ab', 'Gruppe Nord', '-5.00'],
        ['A2', '.', '-99', '', '', '999.00'],
        ['A3', '12.0', '5', 'x', 'Gruppe Süd', '1234567.25'],
      ]);
      // A 424-byte answer in two segments comes back whole; a short one stays short.
      expect(file.cases[0]!.antwort).toBe(LONG);
      expect(file.cases[1]!.antwort).toBe('kurz');
    },
  );

  it('writes dates and date-times PSPP reads as such, and the upload reader as ISO text', async () => {
    const variables: SavVariable[] = [
      { name: 'tag', type: 'number', dateFormat: 'date' },
      { name: 'start', type: 'number', dateFormat: 'datetime' },
    ];
    const bytes = writeSav(variables, [[spssSeconds('2024-03-01'), spssSeconds('2024-03-02T10:01:05Z')]]);
    const file = readWithPspp(bytes);
    expect(file.notes).toEqual([]);
    expect(file.variables.map((v) => v.printFormat)).toEqual(['DATE11', 'DATETIME20.0']);
    expect(file.cases).toEqual([{ tag: '01-MAR-2024', start: '02-MAR-2024 10:01:05' }]);
    const table = await readTableFromBytes(bytes, 'sav');
    const rows: Cell[][] = [];
    for await (const batch of table.batches()) rows.push(...batch.rows);
    expect(rows).toEqual([['2024-03-01', '2024-03-02T10:01:05.000Z']]);
  });

  it('is read back by the upload reader with its labels, levels and missing declarations', async () => {
    const table = await readTableFromBytes(writeSav(VARIABLES, ROWS), 'sav');
    const grün = table.header.columns.find((c) => c.name === 'grün')!;
    expect(grün).toMatchObject({
      label: 'Zufriedenheit: „sehr“',
      valueLabels: { 1: 'gar nicht', 5: 'sehr zufrieden', '-99': 'weiß nicht' },
      measure: 'ordinal',
      missing: { values: [-99] },
    });
    expect(table.header.columns.find((c) => c.name === 'bereich')!.missing).toEqual({
      values: [999],
      low: -9,
      high: -1,
    });
    const rows: Cell[][] = [];
    for await (const b of table.batches()) rows.push(...b.rows);
    expect(rows[0]![3]).toBe(LONG);
    // User-missing codes read as missing (NaN), system-missing as empty.
    expect(rows[1]![2]).toBeNaN();
    expect(rows[1]![1]).toBeNull();
  });

  it('cuts text at a character boundary where the format limits it', () => {
    const file = readWithPspp(
      writeSav(
        [{ name: 'x', type: 'string', width: 5, label: 'ä'.repeat(200), valueLabels: { a: 'ö'.repeat(100) } }],
        [['äää']],
      ),
    );
    expect(file.notes).toEqual([]);
    expect(file.variables[0]!.label).toBe('ä'.repeat(127));
    expect(file.valueLabels.get('ä'.repeat(127))?.get('a')).toBe('ö'.repeat(60));
    // Five bytes hold two 'ä' (two bytes each), not half of the third.
    expect(file.cases[0]!.x).toBe('ää');
  });

  it('makes valid, unique SPSS names from any column names', () => {
    expect(
      savNames(['Zeit Score', 'grid.g1.score', '1. Frage', 'AND', 'end.', 'x', 'X', 'ÄÖÜ-ß', '', 'a'.repeat(80)]),
    ).toEqual(['Zeit_Score', 'grid.g1.score', 'v1._Frage', 'AND_', 'end_', 'x', 'X_2', 'ÄÖÜ_ß', 'v', 'a'.repeat(64)]);
    const clash = savNames(['a'.repeat(70), 'a'.repeat(65)]);
    expect(clash).toEqual(['a'.repeat(64), `${'a'.repeat(62)}_2`]);
    const file = readWithPspp(
      writeSav(
        savNames(['Zeit Score', '1. Frage', 'AND', 'ÄÖÜ-ß']).map((name) => ({ name, type: 'number' as const })),
        [[1, 2, 3, 4]],
      ),
    );
    expect(file.notes).toEqual([]);
    expect(file.variables.map((v) => v.name)).toEqual(['Zeit_Score', 'v1._Frage', 'AND_', 'ÄÖÜ_ß']);
  });
});
