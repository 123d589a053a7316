import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { DuplicatesTab } from '../../../web/features/results/components/duplicates-tab';
import { localeAtom } from '../../../web/lib/i18n';
import { appStore } from '../../../web/lib/session';
import { resetAppState, stubGraphQL } from '../../support/web/render-app';

// The result page's duplicates tab: the flagged interviews with the interview each matches, and the
// share of each sample source that is flagged, in the reader's language and number format.

const REPORT = {
  windowDays: 30,
  velocitySurveys: 5,
  velocityDays: 7,
  interviewsWithIdentity: 4,
  duplicates: [
    {
      recordId: 'y-1',
      kind: 'DEVICE',
      matchDatafileId: 'f1',
      matchDatafileTitle: 'Welle 1 Lieferant X',
      matchRecordId: 'x-1',
      matchSeenAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  velocity: [{ recordId: 'y-2', kind: 'PANEL', surveys: 5 }],
  sources: [
    { source: 'X', interviews: 1, duplicates: 0, velocity: 0 },
    { source: 'Y', interviews: 3, duplicates: 1, velocity: 1 },
  ],
  removals: [
    { source: 'X', interviews: 1, removed: 0, reasons: [] },
    {
      source: 'Y',
      interviews: 3000,
      removed: 1500,
      reasons: [
        { reason: 'combined', count: 1000 },
        { reason: 'DUP', count: 500 },
      ],
    },
  ],
};

const show = (answer: Parameters<typeof stubGraphQL>[0][string], datafileId = 'f2') => {
  stubGraphQL({ getDatafileDuplicates: answer });
  return render(
    <AppProviders>
      <DuplicatesTab datafileId={datafileId} />
    </AppProviders>,
  );
};

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

describe('the duplicates tab', () => {
  it('names the interview each duplicate matches and the flagged share per source, in German', async () => {
    show(() => ({ data: { datafileDuplicates: REPORT } }));
    const list = await screen.findByTestId('duplicates-list');
    expect(list.textContent).toContain('Gleiches Gerät wie x-1 in „Welle 1 Lieferant X“ (20.11.2026');
    expect(list.textContent).toContain('Panel-ID in 5 Umfragen innerhalb von 7 Tagen');
    const sources = screen.getByTestId('duplicates-sources').textContent!;
    expect(sources).toContain('33,3 %');
    expect(screen.getByTestId('duplicates-tab').textContent).toContain('der letzten 30 Tage');
    // Removal rates per source under the saved cleaning, with their reasons.
    const removals = screen.getAllByTestId('source-removals-row').map((r) => r.textContent);
    expect(removals[1]).toContain('3.000');
    expect(removals[1]).toContain('1.500 (50,0 %)');
    expect(removals[1]).toContain('Doppelte Befragte 500');
  });

  it('says the same in English', async () => {
    appStore.set(localeAtom, 'en');
    show(() => ({ data: { datafileDuplicates: REPORT } }));
    const list = await screen.findByTestId('duplicates-list');
    expect(list.textContent).toContain('Same device as x-1 in “Welle 1 Lieferant X” (20 Nov 2026');
    expect(screen.getByTestId('duplicates-sources').textContent).toContain('33.3 %');
    expect(screen.getAllByTestId('source-removals-row')[1]!.textContent).toContain('1,500 (50.0 %)');
  });

  it('asks for a saved cleaning before it shows removals per source', async () => {
    show(() => ({ data: { datafileDuplicates: { ...REPORT, removals: [] } } }));
    expect((await screen.findByTestId('source-removals-not-cleaned')).textContent).toContain('Arbeitsblatt');
  });

  it('says what to send when nothing could be compared', async () => {
    show(() => ({
      data: { datafileDuplicates: { ...REPORT, interviewsWithIdentity: 0, duplicates: [], velocity: [], sources: [] } },
    }));
    expect((await screen.findByTestId('duplicates-empty')).textContent).toContain('Schritt 2 des Uploads');
  });

  it("shows a refusal in the reader's language", async () => {
    show(() => ({ errors: [{ message: 'x', extensions: { code: 'NO_DATAFILE_FOUND' } }] }), 'f-gone');
    expect((await screen.findByTestId('error-alert')).textContent).not.toBe('');
  });
});
