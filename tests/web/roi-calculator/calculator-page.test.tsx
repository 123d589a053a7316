import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageBeforeAll, renderAppAt, resetAppState, stubGraphQL } from '../../support/web/render-app';
import { chooseLanguage } from '../../support/web/choose-language';

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const cell = (row: string, part: 'study' | 'year') =>
  within(screen.getByTestId(row))
    .getByText((_, el) => el?.getAttribute('data-part') === part)
    .textContent?.replace(/\s/g, ' ');

describe('credit ROI calculator page', () => {
  loadPageBeforeAll('creditRoiCalculator');
  beforeEach(() => resetAppState());

  it('opens without login, calculates from its defaults and asks the server nothing', async () => {
    const fetchMock = stubGraphQL({});
    renderAppAt('/credit-roi-calculator');
    await screen.findByRole('heading', { level: 1, name: 'Credit- und Kostenrechner' });
    expect(screen.getByTestId('roi-credits-per-interview').textContent).toBe('6');
    expect(screen.getByTestId('roi-credits-explanation').textContent).toBe('6 Datenpunkte, je ein Credit.');
    expect(cell('roi-row-credits', 'study')).toBe('3.000');
    expect(cell('roi-row-cost', 'study')).toBe('300,00 €');
    expect(cell('roi-row-savings', 'year')).toBe('4.000,00 €');
    expect(cell('roi-row-net', 'year')).toBe('1.000,00 €');
    expect(screen.getByTestId('roi-percent').textContent?.replace(/\s/g, ' ')).toBe('33 %');
    expect(screen.getByTestId('roi-subscription').textContent).toContain('20.000 Credits unter dem Minimum');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows the score kinds: the minimum of 4, the maximum of 10, none chosen', async () => {
    stubGraphQL({});
    renderAppAt('/credit-roi-calculator');
    await screen.findByTestId('roi-results');
    type('roi-kinds-oes-count', '0');
    type('roi-kinds-ibs-count', '1');
    await waitFor(() => expect(screen.getByTestId('roi-credits-per-interview').textContent).toBe('4'));
    expect(screen.getByTestId('roi-credits-explanation').textContent).toBe(
      '2 Datenpunkte; jedes Interview kostet mindestens 4 Credits.',
    );

    const projective = within(screen.getByTestId('roi-kind-projective')).getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(projective);
    await waitFor(() => expect(projective.checked).toBe(true));
    type('roi-kinds-projective-count', '12');
    await waitFor(() => expect(screen.getByTestId('roi-credits-per-interview').textContent).toBe('10'));
    expect(screen.getByTestId('roi-credits-explanation').textContent).toBe(
      '14 Datenpunkte; kein Interview kostet mehr als 10 Credits.',
    );
    type('roi-interviewsPerStudy', '1.250');
    await waitFor(() =>
      expect(screen.getByTestId('roi-subscription').textContent).toContain(
        '125.000 Credits pro Jahr ist ein Abonnement möglich',
      ),
    );

    for (const kind of ['ts', 'ibs', 'projective']) {
      const box = within(screen.getByTestId(`roi-kind-${kind}`)).getByRole('checkbox') as HTMLInputElement;
      // One at a time, as with a real pointer: the next click waits until the form has taken this one
      // (its count field is disabled), not only the native checkbox, which unticks at once (quick
      // clicks are the next test's).
      fireEvent.click(box);
      await waitFor(() =>
        expect((screen.getByTestId(`roi-kinds-${kind}-count`) as HTMLInputElement).disabled).toBe(true),
      );
      expect(box.checked).toBe(false);
    }
    await screen.findByTestId('roi-error-kinds');
    expect(screen.getByTestId('roi-error-kinds').textContent).toBe(
      'Wählen Sie mindestens einen Score mit mindestens einem Datenpunkt.',
    );
    expect(screen.getByTestId('roi-results-invalid')).toBeTruthy();
  });

  it('says no score is chosen after two quick unticks, before the form showed the first', async () => {
    stubGraphQL({});
    renderAppAt('/credit-roi-calculator');
    await screen.findByTestId('roi-results');
    type('roi-kinds-oes-count', '0');
    await waitFor(() => expect(screen.getByTestId('roi-credits-per-interview').textContent).toBe('4'));
    const box = (kind: string) => within(screen.getByTestId(`roi-kind-${kind}`)).getByRole('checkbox');
    // Back to back: the second click comes before the form rendered the first.
    fireEvent.click(box('ts'));
    fireEvent.click(box('ibs'));
    await waitFor(() => expect((screen.getByTestId('roi-kinds-ibs-count') as HTMLInputElement).disabled).toBe(true));
    expect((screen.getByTestId('roi-kinds-ts-count') as HTMLInputElement).disabled).toBe(true);
    await screen.findByTestId('roi-error-kinds');
    expect(screen.getByTestId('roi-results-invalid')).toBeTruthy();
  });

  it('shows what to enter in the language of the page, also after switching', async () => {
    stubGraphQL({});
    renderAppAt('/credit-roi-calculator');
    await screen.findByTestId('roi-results');
    type('roi-pricePerCredit', '0,12');
    await waitFor(() => expect(cell('roi-row-cost', 'study')).toBe('360,00 €'));
    type('roi-pricePerCredit', 'zehn Cent');
    expect((await screen.findByTestId('roi-error-pricePerCredit')).textContent).toBe(
      'Geben Sie einen Preis über 0 bis 100 € ein, z. B. 0,10.',
    );
    expect(screen.getByTestId('roi-results-invalid').textContent).toBe(
      'Korrigieren Sie die markierten Felder, um die Schätzung zu sehen.',
    );

    await chooseLanguage('en');
    await screen.findByRole('heading', { level: 1, name: 'Credit & Cost Calculator' });
    expect(screen.getByTestId('roi-error-pricePerCredit').textContent).toBe(
      'Enter a price above 0 and up to 100 €, e.g. 0.10.',
    );
    type('roi-pricePerCredit', '0.12');
    await waitFor(() => expect(cell('roi-row-cost', 'study')).toBe('€360.00'));
    expect(cell('roi-row-credits', 'year')).toBe('30,000');
    expect(window.localStorage.getItem('locale')).toBe('en');
  });

  it('re-types the numbers in the new language: 0,10 becomes 0.10, and back', async () => {
    stubGraphQL({});
    renderAppAt('/credit-roi-calculator');
    await screen.findByTestId('roi-results');
    const price = () => (screen.getByTestId('roi-pricePerCredit') as HTMLInputElement).value;
    expect(price()).toBe('0,10');
    type('roi-interviewsPerStudy', '1.000');
    await chooseLanguage('en');
    await screen.findByRole('heading', { level: 1, name: 'Credit & Cost Calculator' });
    await waitFor(() => expect(price()).toBe('0.10'));
    expect((screen.getByTestId('roi-interviewsPerStudy') as HTMLInputElement).value).toBe('1,000');
    expect(cell('roi-row-cost', 'study')).toBe('€600.00');
    await chooseLanguage('de');
    await waitFor(() => expect(price()).toBe('0,10'));
  });
});
