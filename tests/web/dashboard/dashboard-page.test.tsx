import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SCORE_BAND_COLORS } from '../../../web/components/charts/chart-theme';
import { setLocale } from '../../../web/lib/i18n';
import { stubCanvas, stubResizeObserver } from '../../support/web/canvas';
import {
  emptyDashboard,
  loadPageBeforeAll,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

// The dashboard page in happy-dom with a recording canvas: what the cards, the chart legends, the
// axis labels and the latest-datafiles list show for a given summary, in German and English.

const bands = (counts: number[]) =>
  [
    [0, 39],
    [40, 59],
    [60, 79],
    [80, 100],
  ].map(([from, to], i) => ({ from, to, count: counts[i]! }));

function summary() {
  return {
    numberOfDatafiles: 3,
    numberOfQualityScores: 12_345,
    numberOfDataRecords: 2_036,
    combinedScore: {
      numberOfScoredRecords: 2_030,
      average: 71.456,
      trafficLight: 'LIGHT_GREEN',
      bands: bands([130, 250, 1_150, 500]),
    },
    scoreKinds: [
      { kind: 'TS', numberOfScoredRecords: 2_030, average: 82.4, trafficLight: 'GREEN' },
      { kind: 'IBS', numberOfScoredRecords: 2_000, average: 58.6, trafficLight: 'YELLOW' },
      { kind: 'CON', numberOfScoredRecords: 1_990, average: 35.2, trafficLight: 'RED' },
    ],
    latestDatafiles: [
      {
        id: 'f3',
        title: 'Reisestudie Sommer 2026',
        createdAt: '2026-11-20T09:00:00.000Z',
        numberOfRecords: 1_200,
        averageCombinedScore: 79.5,
        trafficLight: 'GREEN',
      },
      {
        id: 'f2',
        title: 'Kurz',
        createdAt: '2026-11-19T09:00:00.000Z',
        numberOfRecords: 600,
        averageCombinedScore: 39.4,
        trafficLight: 'RED',
      },
      {
        id: 'f1',
        title: 'Ohne Scores',
        createdAt: '2026-11-18T09:00:00.000Z',
        numberOfRecords: 236,
        averageCombinedScore: null,
        trafficLight: 'GREY',
      },
    ],
  };
}

const legend = (chart: string) =>
  within(screen.getByTestId(chart))
    .getAllByTestId('chart-legend-item')
    .map((item) => [item.getAttribute('data-label'), within(item).getByTestId('chart-legend-value').textContent]);
const drawn = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function open(answer: unknown, locale: 'de' | 'en' = 'de') {
  setLocale(locale);
  stubGraphQL(
    shellHandlers('ADMIN', {
      getMyDatafilesSummaryForDashboard: () => ({ data: { getMyDatafilesSummaryForDashboard: answer } }),
    }),
  );
  startSession();
  renderAppAt('/');
  await screen.findByTestId('stat-scores');
  await drawn();
}

loadPageBeforeAll('dashboard');

describe('dashboard page', () => {
  beforeEach(() => resetAppState());

  it('draws the bands in their traffic-light colours with German numbers, and cuts long titles on the axis only', async () => {
    const calls = stubCanvas();
    stubResizeObserver();
    await open(summary());
    expect(screen.getByTestId('stat-scores').textContent).toContain('12.345');
    expect(screen.getByTestId('combined-average').textContent).toContain('71,46');
    expect(legend('bands-chart')).toEqual([
      ['0–39', '130'],
      ['40–59', '250'],
      ['60–79', '1.150'],
      ['80–100', '500'],
    ]);
    const fills = calls.filter((c) => c.method === 'set fillStyle').map((c) => c.args[0]);
    expect(fills).toEqual(
      expect.arrayContaining([
        SCORE_BAND_COLORS.red,
        SCORE_BAND_COLORS.yellow,
        SCORE_BAND_COLORS.lightGreen,
        SCORE_BAND_COLORS.green,
      ]),
    );
    // Latest files oldest to newest, without the unscored one; the legend keeps the whole title.
    expect(legend('latest-chart')).toEqual([
      ['Kurz', '39'],
      ['Reisestudie Sommer 2026', '80'],
    ]);
    const labels = calls.filter((c) => c.method === 'fillText').map((c) => String(c.args[0]));
    expect(labels).toContain('Reisestu...');
    expect(labels).toContain('Kurz');
    expect(labels).not.toContain('Reisestudie Sommer 2026');
  });

  it('lists the latest files with their traffic light, score and a link to the result page', async () => {
    stubCanvas();
    stubResizeObserver();
    await open(summary());
    const rows = screen.getAllByTestId('latest-datafile');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      '/datafile-result?datafileId=f3',
      '/datafile-result?datafileId=f2',
      '/datafile-result?datafileId=f1',
    ]);
    expect(rows.map((r) => r.querySelector('[data-light]')!.getAttribute('data-light'))).toEqual([
      'GREEN',
      'RED',
      'GREY',
    ]);
    expect(rows.map((r) => within(r).getByTestId('latest-datafile-score').textContent)).toEqual([
      '80',
      '39',
      'nicht bewertet',
    ]);
    expect(within(rows[0]!).getByRole('img').getAttribute('aria-label')).toBe('grün (80–100)');
  });

  it('shows the average per score kind with its full name in English, CON included, each bar in its light', async () => {
    const calls = stubCanvas();
    stubResizeObserver();
    await open(summary(), 'en');
    fireEvent.click(screen.getByTestId('tab-scores'));
    await screen.findByTestId('kinds-chart');
    await drawn();
    expect(legend('kinds-chart')).toEqual([
      ['Time-Score (TS)', '82'],
      ['Grid-Question-Score (IBS)', '59'],
      ['Consistency-Score (CON)', '35'],
    ]);
    const swatches = within(screen.getByTestId('kinds-chart'))
      .getAllByTestId('chart-legend-item')
      .map((item) => item.querySelector('span')!.className);
    expect(new Set(swatches).size).toBe(3);
    const fills = calls.filter((c) => c.method === 'set fillStyle').map((c) => c.args[0]);
    expect(fills).toEqual(
      expect.arrayContaining([SCORE_BAND_COLORS.green, SCORE_BAND_COLORS.yellow, SCORE_BAND_COLORS.red]),
    );
  });

  it('says nothing is scored yet beside cards that count data files, and shows the start button only without any', async () => {
    stubCanvas();
    stubResizeObserver();
    await open({ ...emptyDashboard(), numberOfDatafiles: 2, numberOfDataRecords: 1_840, numberOfQualityScores: 7_360 });
    expect(screen.getByTestId('dashboard-no-scores').textContent).toMatch(/sobald eine Datendatei verarbeitet ist/);
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();
    resetAppState();
    await open(emptyDashboard());
    const empty = screen.getByTestId('dashboard-empty');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/upload-dataset/step1');
  });
});
