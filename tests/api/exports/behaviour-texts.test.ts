// The behaviour score's columns in every export (CSV, xlsx, SPSS, Parquet name and label their score
// columns through export-texts): readable headers and category texts in both languages.
import { describe, expect, it } from 'vitest';
import { isMainScore, mappingTitles, scoreHeader, scoreValueLabels } from '../../../api/modules/exports/export-texts';
import { BEHAVIOUR_CATEGORY_NAMES, SCORE_COLUMNS } from '../../../api/ingest/columnar/layout';

const titles = mappingTitles(undefined);

describe('the behaviour score in exports', () => {
  it('names the BAS, its data points and each answer’s category, in English and German', () => {
    expect(isMainScore(SCORE_COLUMNS.bas)).toBe(true);
    expect(scoreHeader(SCORE_COLUMNS.bas, 'en', titles)).toBe('Behaviour (BAS)');
    expect(scoreHeader(SCORE_COLUMNS.basDataPoints, 'en', titles)).toContain('Behaviour (BAS)');
    expect(scoreHeader(SCORE_COLUMNS.behaviour('q1'), 'en', titles)).toBe('q1: behaviour category (BAS)');
    expect(scoreHeader(SCORE_COLUMNS.behaviour('q1'), 'de', titles)).toBe('q1: Verhaltenskategorie (BAS)');
    expect(scoreHeader(SCORE_COLUMNS.bas, 'de', titles)).toMatch(/BAS/);
  });

  it('labels the category codes with the result page’s words (0: not scored)', () => {
    const stored = JSON.parse(BEHAVIOUR_CATEGORY_NAMES) as Record<string, string>;
    const en = scoreValueLabels(SCORE_COLUMNS.behaviour('q1'), stored, 'en');
    const de = scoreValueLabels(SCORE_COLUMNS.behaviour('q1'), stored, 'de');
    expect(en).toMatchObject({ '1': 'Natural typing', '3': 'Pasted', '5': 'Switched away, then pasted' });
    expect(de).toMatchObject({ '1': 'Natürlich getippt', '4': 'Ohne Tippen gefüllt' });
    expect(en['0']).toBe(scoreValueLabels('grid.g.label', { 0: 'none' }, 'en')['0']);
  });
});
