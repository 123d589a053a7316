// What the export dialog sends for each format: only the options the format takes (the server
// refuses none of them, but a CSV separator on a workbook request would say something untrue), and
// the decimal comma by default only for German with ';'.
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../../web/features/exports/api/use-export-job';
import {
  defaultDecimal,
  requestOptions,
  type ExportChoice,
} from '../../../web/features/exports/components/export-options';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';

const choice: ExportChoice = {
  language: 'de',
  separator: ';',
  decimal: ',',
  columnNames: 'READABLE',
  roundScores: true,
  sampleSource: 'all',
};

describe('export options', () => {
  it('defaults to the decimal comma only for German with a semicolon', () => {
    expect(defaultDecimal('de', ';')).toBe(',');
    expect(defaultDecimal('de', ',')).toBe('.');
    expect(defaultDecimal('en', ';')).toBe('.');
  });

  it('sends each format the options it takes', () => {
    expect(requestOptions('CSV', choice)).toEqual({
      language: 'de',
      csvSeparator: ';',
      decimalSeparator: ',',
      columnNames: 'READABLE',
      roundScores: true,
    });
    expect(requestOptions('XLSX', choice)).toEqual({ language: 'de', columnNames: 'READABLE', roundScores: true });
    expect(requestOptions('SAV', choice)).toEqual({ language: 'de', roundScores: true });
    expect(requestOptions('RECONCILIATION', choice)).toEqual({ language: 'de' });
    expect(requestOptions('RECONCILIATION', { ...choice, sampleSource: 'source:Panel A' })).toEqual({
      language: 'de',
      sampleSource: 'Panel A',
    });
    expect(requestOptions('RECONCILIATION_CSV', { ...choice, sampleSource: 'none' })).toEqual({
      language: 'de',
      sampleSource: '',
      csvSeparator: ';',
      decimalSeparator: ',',
    });
    expect(requestOptions('TRIPLE_S', { ...choice, roundScores: false })).toEqual({
      language: 'de',
      roundScores: false,
    });
    expect(requestOptions('REJECTS', choice)).toEqual({ language: 'de', csvSeparator: ';' });
    expect(requestOptions('ARROW', choice)).toEqual({ language: 'de' });
    expect(requestOptions('PARQUET', choice)).toEqual({ language: 'de' });
  });

  it('names and explains every format in both languages', () => {
    for (const f of EXPORT_FORMATS)
      for (const texts of [de.exports, en.exports]) {
        expect(texts.formats[f]).toBeTruthy();
        expect(texts.formatHelp[f]).toBeTruthy();
      }
  });
});
