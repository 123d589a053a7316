import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addMonths, viennaMonth } from '../../../db/domain/months';
import { setLocale } from '../../../web/lib/i18n';
import {
  currentUrl,
  type Handlers,
  loadPageBeforeAll,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';
import { stubCanvas } from '../../support/web/canvas';

// The operator stats pages in happy-dom against a faked API: loading, empty, error and data
// states in German and English, sort, filters and the CSV download (the numbers themselves are
// the API's: tests/api/stats/usage-stats.test.ts checks them against the database).

const NOW = viennaMonth();
const FROM = addMonths(NOW, -11);
const figures = (files: number, live: number, records: number, liveRecords: number, used: number) => ({
  numberOfDatafiles: files,
  numberOfLiveDatafiles: live,
  numberOfManualDatafiles: files - live,
  numberOfDataRecords: records,
  numberOfLiveDataRecords: liveRecords,
  numberOfManualDataRecords: records - liveRecords,
  creditsUsed: used,
  creditsRefunded: 0,
});
const months = (rows: Record<string, ReturnType<typeof figures>>) =>
  Array.from({ length: 12 }, (_, i) => {
    const month = addMonths(FROM, i);
    return { month, numberOfOrganizations: rows[month] ? 1 : 0, ...(rows[month] ?? figures(0, 0, 0, 0, 0)) };
  });

function statsAnswer(rows: { month: string; org: string; f: ReturnType<typeof figures> }[], total = rows.length) {
  const byMonth: Record<string, ReturnType<typeof figures>> = {};
  for (const r of rows) byMonth[r.month] = r.f;
  const sum = (key: keyof ReturnType<typeof figures>) => rows.reduce((s, r) => s + r.f[key], 0);
  return {
    data: {
      getUsageStatsByMonth: {
        months: months(byMonth),
        totals: {
          numberOfOrganizations: new Set(rows.map((r) => r.org)).size,
          ...figures(
            sum('numberOfDatafiles'),
            sum('numberOfLiveDatafiles'),
            sum('numberOfDataRecords'),
            sum('numberOfLiveDataRecords'),
            sum('creditsUsed'),
          ),
        },
        rows: rows.map((r) => ({ month: r.month, organization: { id: r.org, name: `Org ${r.org}` }, ...r.f })),
        pageInfo: { page: 1, limit: 10, total, previousPage: null, nextPage: total > 10 ? 2 : null },
      },
    },
  };
}

const ROWS = [
  { month: NOW, org: 'o1', f: figures(12, 4, 2400, 900, 16_800) },
  { month: addMonths(NOW, -1), org: 'o2', f: figures(3, 0, 1200, 0, 8_400) },
];

function handlers(overrides: Handlers = {}): Handlers {
  return shellHandlers('SUPER_ADMIN', {
    getUsageStatsByMonth: () => statsAnswer(ROWS),
    getStatsOrganizations: ({ search }) => ({
      data: {
        getCompanies: {
          companies: [
            { id: 'o1', name: 'Org o1', isActivated: 'ACTIVATED' },
            { id: 'o9', name: `Match ${String(search ?? '')}`, isActivated: 'DEACTIVATED' },
          ],
          pageInfo: { total: 2 },
        },
      },
    }),
    getUsageStatsCsv: ({ view }) => ({
      data: {
        getUsageStatsCsv: {
          fileName: `${view === 'DATA_FILES' ? 'data-files' : 'data-records'}-stats.csv`,
          content: '\uFEFFMonat;Organisation\r\n',
        },
      },
    }),
    ...overrides,
  });
}

const statsCalls = (fetchMock: ReturnType<typeof stubGraphQL>) =>
  operationsCalled(fetchMock).filter((c) => c.operationName === 'getUsageStatsByMonth');

loadPageBeforeAll('stats');

describe('/data-files-stats and /data-records-stats', () => {
  beforeEach(() => {
    resetAppState();
    stubCanvas();
  });

  it("shows a spinner, then the totals, the chart's legend and the table in German, for the last 12 months", async () => {
    let answer!: (value: unknown) => void;
    const fetchMock = stubGraphQL(
      handlers({
        getUsageStatsByMonth: () =>
          new Promise((resolve) => {
            answer = resolve as never;
          }).then(() => statsAnswer(ROWS)),
      }),
    );
    startSession();
    renderAppAt('/data-files-stats');
    await screen.findByText('Wird geladen…');
    await waitFor(() => expect(statsCalls(fetchMock)).toHaveLength(1));
    expect(statsCalls(fetchMock)[0]!.variables).toEqual({
      filters: { fromMonth: FROM, toMonth: NOW, companyId: null },
      sortBy: null,
      sortDirection: null,
      paginationInfo: { page: 1, limit: 10 },
    });
    await act(async () => answer(null));
    await screen.findByTestId('stats-table');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statistik Datendateien');
    expect(screen.getByTestId('stats-total-value').textContent).toBe('15');
    expect(screen.getByTestId('stats-credits-value').textContent).toBe('25.200');
    expect(screen.getByTestId('stats-total').textContent).toContain('4 live · 11 manuell');
    const legend = screen
      .getAllByTestId('chart-legend-item')
      .map((i) => [i.getAttribute('data-label'), within(i).getByTestId('chart-legend-value').textContent]);
    expect(legend).toEqual([
      ['Live-Import', '4'],
      ['Manueller Upload', '11'],
      ['Credits verbraucht (rechte Achse)', '25.200'],
    ]);
    const rows = screen.getAllByTestId('stats-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('stats-cell-datafiles').textContent).toBe('12');
    expect(within(rows[0]!).getByTestId('stats-cell-creditsUsed').textContent).toBe('16.800');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/organization-details?organization=o1');
  });

  it('the records page in English shows records, with thousands separators of the locale', async () => {
    setLocale('en');
    stubGraphQL(handlers());
    startSession();
    const { unmount } = renderAppAt('/data-records-stats');
    await screen.findByTestId('stats-table');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Data Records Stats');
    expect(screen.getByTestId('stats-total-value').textContent).toBe('3,600');
    expect(within(screen.getAllByTestId('stats-row')[0]!).getByTestId('stats-cell-dataRecords').textContent).toBe(
      '2,400',
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Month',
      'Organization',
      'Data records',
      'Live',
      'Manual',
      'Data files',
      'Credits used',
      'Credits refunded',
    ]);
    unmount();
  });

  it('says so when the period has no data, and offers to try again after a load error', async () => {
    let fail = true;
    stubGraphQL(
      handlers({
        getUsageStatsByMonth: () =>
          fail ? { errors: [{ message: 'x', extensions: { code: 'GENERAL_ERROR' } }] } : statsAnswer([]),
      }),
    );
    startSession();
    renderAppAt('/data-files-stats');
    await screen.findByTestId('page-error');
    expect(screen.getByText('Fehler! Die Daten konnten nicht geladen werden.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Erneut versuchen'));
    await screen.findByTestId('stats-empty');
    expect(screen.getByTestId('stats-empty').textContent).toBe(
      'Keine Datendateien und keine Credits in diesem Zeitraum.',
    );
    expect((screen.getByTestId('stats-csv') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sorts on the server by the clicked column, then the other way, and keeps it in the URL', async () => {
    const fetchMock = stubGraphQL(handlers());
    startSession();
    renderAppAt('/data-files-stats');
    await screen.findByTestId('stats-table');
    expect(screen.getByTestId('stats-sort-MONTH').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByTestId('stats-sort-CREDITS_USED'));
    await waitFor(() =>
      expect(statsCalls(fetchMock).at(-1)!.variables).toMatchObject({ sortBy: 'CREDITS_USED', sortDirection: 'DESC' }),
    );
    fireEvent.click(screen.getByTestId('stats-sort-CREDITS_USED'));
    await waitFor(() =>
      expect(statsCalls(fetchMock).at(-1)!.variables).toMatchObject({ sortBy: 'CREDITS_USED', sortDirection: 'ASC' }),
    );
    fireEvent.click(screen.getByTestId('stats-sort-ORGANIZATION'));
    await waitFor(() =>
      expect(statsCalls(fetchMock).at(-1)!.variables).toMatchObject({ sortBy: 'ORGANIZATION', sortDirection: 'ASC' }),
    );
    expect(currentUrl()).toContain('sort=ORGANIZATION&dir=ASC');
  });

  it('filters by period (a preset, or months that move each other along) and by organisation, from the first page', async () => {
    const fetchMock = stubGraphQL(handlers());
    startSession();
    renderAppAt(`/data-files-stats?from=${FROM}&to=${NOW}&page=3`);
    await screen.findByTestId('stats-table');
    expect(statsCalls(fetchMock)[0]!.variables.paginationInfo).toEqual({ page: 3, limit: 10 });
    fireEvent.click(screen.getByTestId('stats-preset-last3'));
    await waitFor(() =>
      expect(statsCalls(fetchMock).at(-1)!.variables).toMatchObject({
        filters: { fromMonth: addMonths(NOW, -2), toMonth: NOW },
        paginationInfo: { page: 1 },
      }),
    );
    // A "from" after "to" takes "to" along.
    fireEvent.change(screen.getByTestId('stats-to'), { target: { value: addMonths(NOW, -5) } });
    await waitFor(() =>
      expect(statsCalls(fetchMock).at(-1)!.variables.filters).toEqual({
        fromMonth: addMonths(NOW, -5),
        toMonth: addMonths(NOW, -5),
        companyId: null,
      }),
    );
    fireEvent.focus(screen.getByTestId('stats-organization-search'));
    fireEvent.change(screen.getByTestId('stats-organization-search'), { target: { value: 'Nord' } });
    const option = await screen.findByText('Match Nord');
    fireEvent.click(option);
    await waitFor(() => expect(statsCalls(fetchMock).at(-1)!.variables.filters).toMatchObject({ companyId: 'o9' }));
    expect(screen.getByTestId('stats-organization-picked').textContent).toContain('Match Nord');
    expect(currentUrl()).toContain('organization=o9');
    fireEvent.click(screen.getByTestId('stats-organization-clear'));
    // Back to every organisation (that answer is still in SWR's cache, so nothing is asked again).
    await waitFor(() => expect(currentUrl()).not.toContain('organization='));
    expect(screen.getByTestId('stats-organization-search')).toBeTruthy();
  });

  it('downloads the CSV of the selection as the server wrote it', async () => {
    const fetchMock = stubGraphQL(handlers());
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:stats';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    startSession();
    renderAppAt('/data-records-stats?sort=CREDITS_USED&dir=DESC');
    await screen.findByTestId('stats-table');
    fireEvent.click(screen.getByTestId('stats-csv'));
    await waitFor(() => expect(clicks).toEqual(['data-records-stats.csv']));
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'getUsageStatsCsv')!.variables).toEqual({
      view: 'DATA_RECORDS',
      filters: { fromMonth: FROM, toMonth: NOW, companyId: null },
      sortBy: 'CREDITS_USED',
      sortDirection: 'DESC',
    });
    expect(await created[0]!.text()).toBe('\uFEFFMonat;Organisation\r\n');
  });

  it.each(['ADMIN', 'EMPLOYEE'] as const)('shows %s the no-permission message and asks nothing', async (role) => {
    const fetchMock = stubGraphQL(shellHandlers(role, { getUsageStatsByMonth: () => statsAnswer(ROWS) }));
    startSession();
    renderAppAt('/data-records-stats');
    await screen.findByText('Sie haben keine Berechtigung, diese Seite anzuzeigen.');
    expect(statsCalls(fetchMock)).toEqual([]);
  });
});
