import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { explainCell } from '../../../web/features/results/components/cells';
import { ScoreTab } from '../../../web/features/results/components/score-tab';
import type { PlainTable } from '../../../web/features/results/data/protocol';
import { explainColumns, presentKinds, type ResultDataPoint } from '../../../web/features/results/model/score-tabs';
import { localeAtom, translate } from '../../../web/lib/i18n';
import { appStore } from '../../../web/lib/session';
import { stubCanvas, stubResizeObserver } from '../../support/web/canvas';
import { resetAppState } from '../../support/web/render-app';

// The BAS tab: present once the revision stores `bas`, its table names each open answer's behaviour
// category in the reader's language, and a revision whose paradata columns are all empty says what
// the score needs instead of a column of dashes.

const open: ResultDataPoint = {
  dataPointIdentifier: 'q1',
  dataPointType: 'OPEN_ENDED',
  questionTitle: 'Why?',
  columns: ['q1'],
};

function table(bas: number[], categories: number[]): PlainTable {
  const rows = bas.length;
  return {
    rows,
    numeric: {
      bas: Float64Array.from(bas),
      'bas.q1.category': Float64Array.from(categories),
      combined: Float64Array.from(bas, () => 70),
    },
    text: { record_id: Array.from({ length: rows }, (_, i) => `r${i + 1}`) },
    fields: [
      { name: 'record_id', numeric: false },
      { name: 'bas', numeric: true },
      { name: 'bas.q1.category', numeric: true },
      { name: 'combined', numeric: true },
    ],
  };
}

describe('the BAS tab', () => {
  beforeEach(() => {
    stubCanvas();
    stubResizeObserver();
  });
  afterEach(() => {
    resetAppState();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is a tab once the revision stores the BAS, not before', () => {
    expect(presentKinds(['TS'], ['combined', 'ts', 'bas'], 70)).toContain('bas');
    expect(presentKinds(['TS'], ['combined', 'ts'], 70)).not.toContain('bas');
  });

  it('names each answer’s behaviour category, a dash where nothing was recorded (de, en)', () => {
    const data = table([100, 0, NaN], [1, 5, NaN]);
    for (const [locale, words] of [
      ['de', ['Natürlich getippt', 'Weggewechselt, dann eingefügt']],
      ['en', ['Natural typing', 'Switched away, then pasted']],
    ] as const) {
      const t = (key: string, p?: Record<string, string | number>) => translate(locale, key, p);
      const columns = explainColumns('bas', [open], (n) => n in data.numeric || n === 'bas.data_points', t);
      const category = columns.find((c) => c.name === 'bas.q1.category')!;
      expect(category).toMatchObject({ kind: 'behaviour', label: 'Why?' });
      const cell = explainCell(category, data, locale, t);
      expect([cell(0), cell(1), cell(2)]).toEqual([...words, '–']);
    }
  });

  const renderTab = () =>
    render(
      <AppProviders>
        <ScoreTab
          kind="bas"
          kinds={['combined', 'bas']}
          data={table([NaN, NaN], [0, 0])}
          careless={null}
          points={[open]}
          onOpen={() => {}}
        />
      </AppProviders>,
    );

  it('says in German what the score needs when no interview has one', () => {
    renderTab();
    expect(screen.getByTestId('bas-missing').textContent).toContain('Verhaltensdaten');
  });

  it('says it in English', () => {
    appStore.set(localeAtom, 'en');
    renderTab();
    expect(screen.getByTestId('bas-missing').textContent).toContain('paradata');
  });
});
