import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { ScoreTab } from '../../../web/features/results/components/score-tab';
import type { PlainTable } from '../../../web/features/results/data/protocol';
import type { ResultDataPoint } from '../../../web/features/results/model/score-tabs';
import { localeAtom } from '../../../web/lib/i18n';
import { appStore } from '../../../web/lib/session';
import { stubCanvas, stubResizeObserver } from '../../support/web/canvas';
import { resetAppState } from '../../support/web/render-app';

// A live import's respondents are scored one at a time, so none has a consistency score until the
// published revision holds enough complete interviews per grid: the CON tab says so instead of
// showing only dashes.

const grid = (id: string, items: number): ResultDataPoint => ({
  dataPointIdentifier: id,
  dataPointType: 'ITEM_BATTERY',
  columns: Array.from({ length: items }, (_, k) => `${id}_${k + 1}`),
});

function table(con: number[]): PlainTable {
  const rows = con.length;
  return {
    rows,
    numeric: { con: Float64Array.from(con), combined: Float64Array.from(con, () => 70) },
    text: { record_id: Array.from({ length: rows }, (_, i) => `r${i + 1}`) },
    fields: [
      { name: 'record_id', numeric: false },
      { name: 'con', numeric: true },
      { name: 'combined', numeric: true },
    ],
  };
}

const renderTab = (data: PlainTable, points: ResultDataPoint[]) =>
  render(
    <AppProviders>
      <ScoreTab kind="con" kinds={['combined', 'con']} data={data} careless={null} points={points} onOpen={() => {}} />
    </AppProviders>,
  );

describe('the CON tab without consistency scores', () => {
  // The tab draws its histogram with uPlot, which needs a canvas happy-dom lacks.
  beforeEach(() => {
    stubCanvas();
    stubResizeObserver();
  });
  afterEach(() => {
    resetAppState();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('says in German what the score needs: 10 complete interviews per item of the smallest grid, at least 50', () => {
    renderTab(table([NaN, NaN, NaN]), [grid('q1', 8), grid('q2', 6)]);
    const note = screen.getByTestId('con-missing').textContent!;
    expect(note).toContain('Konsistenz-Score (CON)');
    expect(note).toContain('mindestens 60 Interviews');
    expect(note).toContain('diese Datei hat 3');
    expect(note).toContain('Live-Imports');
  });

  it('says it in English, with 50 for small grids and the numbers in the reader locale', () => {
    appStore.set(localeAtom, 'en');
    renderTab(table(Array.from({ length: 1_200 }, () => NaN)), [grid('q1', 4)]);
    const note = screen.getByTestId('con-missing').textContent!;
    expect(note).toContain('needs at least 50 interviews');
    expect(note).toContain('this datafile has 1,200');
    expect(note).toContain('live import');
  });

  it('says nothing once any interview has a consistency score', () => {
    renderTab(table([NaN, 82, NaN]), [grid('q1', 8)]);
    expect(screen.queryByTestId('con-missing')).toBeNull();
  });
});
