import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { CoherenceSection } from '../../../web/features/results/components/coherence-section';
import { ResultHeader } from '../../../web/features/results/components/result-header';
import type { DatafileResult } from '../../../web/features/results/api/use-datafile-result';
import type { PlainTable } from '../../../web/features/results/data/protocol';
import type { ResultDataPoint } from '../../../web/features/results/model/score-tabs';
import { localeAtom, type Locale } from '../../../web/lib/i18n';
import { appStore } from '../../../web/lib/session';
import { resetAppState } from '../../support/web/render-app';

// The interview dialog's coherence section: the score, and each contradiction with the two questions'
// titles and the judge's explanation; "not judged" for a null score (not 0); nothing without the column.

const points: ResultDataPoint[] = [
  { dataPointIdentifier: 'a', dataPointType: 'OPEN_ENDED', columns: ['open1'], questionTitle: 'Holiday' },
  { dataPointIdentifier: 'b', dataPointType: 'OPEN_ENDED', columns: ['open2'], questionTitle: 'Hobby' },
];
const one = (coh: number | undefined, contradictions: string | null): PlainTable => ({
  rows: 1,
  numeric: coh === undefined ? {} : { coh: Float64Array.of(coh) },
  text: { 'coh.contradictions': [contradictions] },
  fields: [],
});
const show = (locale: Locale, table: PlainTable) => {
  appStore.set(localeAtom, locale);
  return render(
    <AppProviders>
      <CoherenceSection table={table} points={points} />
    </AppProviders>,
  );
};
const found = JSON.stringify([{ questions: ['open1', 'open2'], explanation: 'swims vs. never swims' }]);

describe('the coherence section of an interview', () => {
  afterEach(() => resetAppState());

  it('lists the contradiction with both question titles, in German and English', () => {
    show('de', one(75, found));
    expect(screen.getByTestId('interview-coherence').textContent).toContain('Kohärenz-Score: 75');
    expect(screen.getByText('„Holiday“ und „Hobby“: swims vs. never swims')).toBeTruthy();
    resetAppState();
    document.body.innerHTML = '';
    show('en', one(75, found));
    expect(screen.getByTestId('interview-coherence').textContent).toContain('Coherence score: 75');
    expect(screen.getByText('"Holiday" and "Hobby": swims vs. never swims')).toBeTruthy();
  });

  it('says "not judged" for a null score and shows nothing when the judge did not run', () => {
    show('en', one(Number.NaN, null));
    expect(screen.getByTestId('interview-coherence').textContent).toContain('Not judged');
    document.body.innerHTML = '';
    show('en', one(undefined, null));
    expect(screen.queryByTestId('interview-coherence')).toBeNull();
  });
});

describe('the result header with the coherence judge', () => {
  afterEach(() => resetAppState());
  const file = (coherence: DatafileResult['coherence']) =>
    ({
      status: 'READY',
      owner: { id: 'u', name: 'Ann' },
      createdDate: '2026-11-27T10:00:00.000Z',
      uploadedBy: null,
      scoringVersion: null,
      revision: 1,
      isCleaned: false,
      numberOfCleanedRecords: 0,
      meanCombinedScore: null,
      certificateLevel: null,
      cost: 0,
      coherence,
    }) as unknown as DatafileResult;
  const summary = { totalNumberOfDataRecords: 10, numberOfDataRecordsWithValidScore: 10 } as never;
  const header = (locale: Locale, coherence: DatafileResult['coherence']) => {
    appStore.set(localeAtom, locale);
    return render(
      <AppProviders>
        <ResultHeader file={file(coherence)} summary={summary} />
      </AppProviders>,
    );
  };

  it('says how many interviews the judge could not check, in German and English, and nothing without failures', () => {
    header('de', { asked: 1200, judged: 0, failed: 1200 });
    expect(screen.getByTestId('coherence-failed').textContent).toContain('1.200 Interviews nicht auf Kohärenz');
    document.body.innerHTML = '';
    header('en', { asked: 4, judged: 1, failed: 3 });
    expect(screen.getByTestId('coherence-failed').textContent).toContain('could not check 3 interviews');
    document.body.innerHTML = '';
    header('en', { asked: 4, judged: 4, failed: 0 });
    expect(screen.queryByTestId('coherence-failed')).toBeNull();
  });
});
