import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { PointSettings } from '../../../web/features/uploads/components/point-settings';
import type { DraftPoint } from '../../../web/features/uploads/state/columns';
import { localeAtom } from '../../../web/lib/i18n';
import { appStore } from '../../../web/lib/session';
import { resetAppState } from '../../support/web/render-app';

// Step 2's card of a paradata column: its measure in words, and the open question it describes,
// chosen among the columns mapped as open questions; in German and English.

const point: DraftPoint = {
  key: 'k1',
  dataPointIdentifier: 'q1_pastes',
  dataPointType: 'BEHAVIOUR_PASTED_CHARS',
  columns: ['q1_pastes'],
  openEndedColumn: 'q1',
};

function renderCard(onChange = vi.fn()) {
  render(
    <AppProviders>
      <PointSettings point={point} problems={[]} onChange={onChange} onMove={() => {}} openQuestions={['q1', 'q2']} />
    </AppProviders>,
  );
  return onChange;
}

describe('the settings card of a behaviour column', () => {
  afterEach(() => resetAppState());

  it('says in German what it measures and offers the open questions', () => {
    const onChange = renderCard();
    expect(screen.getByText('Verhalten: eingefügte Zeichen')).toBeTruthy();
    expect(screen.getByText(/Länge des Textes aus der Zwischenablage/)).toBeTruthy();
    const select = screen.getByTestId('behaviour-question-q1_pastes') as HTMLSelectElement;
    expect(select.value).toBe('q1');
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['', 'q1', 'q2']);
    fireEvent.change(select, { target: { value: 'q2' } });
    expect(onChange).toHaveBeenCalledWith({ openEndedColumn: 'q2' });
  });

  it('says it in English', () => {
    appStore.set(localeAtom, 'en');
    renderCard();
    expect(screen.getByText('Behaviour: pasted characters')).toBeTruthy();
    expect(screen.getByLabelText('Open question it describes')).toBeTruthy();
  });
});
