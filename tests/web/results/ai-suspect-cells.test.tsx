import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { explainCell } from '../../../web/features/results/components/cells';
import type { PlainTable } from '../../../web/features/results/data/protocol';
import { explainColumns, type ResultDataPoint } from '../../../web/features/results/model/score-tabs';
import { translate, type Locale } from '../../../web/lib/i18n';

// The open-ended tab shows each question's category (AI suspect with its reasons on hover) and the
// answer's effort, from the columns the scores file stores (oes.<column>.category/.ai_reasons/.effort).

const point: ResultDataPoint = {
  dataPointIdentifier: 'q1',
  dataPointType: 'OPEN_ENDED',
  columns: ['like'],
  questionTitle: 'What do you like?',
};

const table: PlainTable = {
  rows: 3,
  numeric: {
    'oes.like.category': Float64Array.of(14, 1, Number.NaN),
    'oes.like.source': Float64Array.of(0, 0, Number.NaN),
    'oes.like.ai_reasons': Float64Array.of(5, 0, Number.NaN),
    'oes.like.effort': Float64Array.of(3, 1, Number.NaN),
  },
  text: {},
  fields: [],
};

function cells(locale: Locale) {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  const columns = explainColumns('oes', [point], (name) => name in table.numeric, t);
  const category = columns.find((c) => c.name === 'oes.like.category')!;
  const effort = columns.find((c) => c.name === 'oes.like.effort')!;
  return { category, effort, cell: (c: typeof category, row: number) => explainCell(c, table, locale, t)(row) };
}

describe('AI suspect and effort in the open-ended tab', () => {
  it('names the category and, on hover, why it is AI suspect, in German', () => {
    const { category, effort, cell } = cells('de');
    expect(effort.label).toBe('What do you like?: Aufwand');
    const { getByTestId, container } = render(<div>{cell(category, 0)}</div>);
    expect(container.textContent).toBe('KI-Verdacht');
    expect(getByTestId('ai-suspect').getAttribute('title')).toBe(
      'Warum KI-Verdacht: langer, ausformulierter Text eingefügt oder ohne Tippen eingetragen; fast eine Umschreibung der Antworten anderer Befragter',
    );
    expect(render(<div>{cell(effort, 0)}</div>).container.textContent).toBe('Hoch');
    expect(render(<div>{cell(effort, 1)}</div>).container.textContent).toBe('Gering');
  });

  it('in English, with no reasons on an answer that is not AI suspect and a dash where nothing was scored', () => {
    const { category, effort, cell } = cells('en');
    expect(effort.label).toBe('What do you like?: effort');
    const valid = render(<div>{cell(category, 1)}</div>);
    expect(valid.container.textContent).toBe('Valid answer');
    expect(valid.queryByTestId('ai-suspect')).toBeNull();
    const suspect = render(<div>{cell(category, 0)}</div>);
    expect(suspect.getByTestId('ai-suspect').getAttribute('title')).toBe(
      'Why AI suspect: long, polished text pasted or filled in without typing; a near-paraphrase of other respondents’ answers',
    );
    expect(render(<div>{cell(effort, 2)}</div>).container.textContent).toBe('–');
  });
});
