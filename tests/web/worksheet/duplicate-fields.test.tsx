import { act, fireEvent, render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { setLocale } from '../../../web/lib/i18n';
import type { WorksheetDuplicates } from '../../../web/features/worksheet/api/use-worksheet-duplicates';
import { DuplicateFields } from '../../../web/features/worksheet/components/duplicate-fields';
import type { DuplicateRuleValue } from '../../../web/features/worksheet/settings/form-model';

// The worksheet's Duplicate Respondent controls in happy-dom: each control changes the form's rule,
// an out-of-range window or velocity never reaches the form (the field says why and Save waits), the
// duplicates found are counted in the reader's locale with the interview each one matches, and the
// loading, error and no-identity states say what is going on.

const RULE: DuplicateRuleValue = {
  isEnable: false,
  keep: 'FIRST',
  windowDays: 30,
  velocitySurveys: 5,
  velocityDays: 7,
};
const flag = (i: number) => ({
  recordId: `r-${i}`,
  seenAt: '2026-11-02T10:00:00.000Z',
  kind: 'DEVICE' as const,
  matchDatafileId: 'df-1',
  matchDatafileTitle: 'Welle 1',
  matchRecordId: `m-${i}`,
  matchSeenAt: '2026-11-01T10:00:00.000Z',
});
const found = (n: number): WorksheetDuplicates => ({
  interviewsWithIdentity: 5000,
  duplicates: Array.from({ length: n }, (_, i) => flag(i)),
  velocity: [{ recordId: 'r-0' }],
  recordSources: [],
});

function renderFields(props: Partial<Parameters<typeof DuplicateFields>[0]> = {}) {
  const seen: { rule: DuplicateRuleValue } = { rule: RULE };
  const report = vi.fn();
  render(
    <AppProviders>
      <Formik initialValues={{ duplicateRule: RULE }} onSubmit={() => undefined}>
        {({ values }) => {
          seen.rule = values.duplicateRule;
          return (
            <DuplicateFields
              duplicates={null}
              removed={null}
              loading={false}
              failed={false}
              report={report}
              {...props}
            />
          );
        }}
      </Formik>
    </AppProviders>,
  );
  return { seen, report };
}

afterEach(() => act(() => setLocale('de')));

describe('the Duplicate Respondent controls', () => {
  it('turn the rule on, keep the best, and set the window and velocity within their bounds only', async () => {
    act(() => setLocale('en'));
    const { seen, report } = renderFields({ duplicates: found(2), removed: 1 });
    await act(async () => fireEvent.click(screen.getByTestId('duplicate-enabled')));
    await act(async () => fireEvent.change(screen.getByTestId('duplicate-keep'), { target: { value: 'BEST' } }));
    await act(async () => fireEvent.change(screen.getByTestId('duplicate-windowDays'), { target: { value: '60' } }));
    expect(seen.rule).toEqual({ ...RULE, isEnable: true, keep: 'BEST', windowDays: 60 });

    await act(async () => fireEvent.change(screen.getByTestId('duplicate-velocityDays'), { target: { value: '91' } }));
    expect(seen.rule.velocityDays).toBe(7);
    expect(screen.getByTestId('duplicate-velocityDays-problem').textContent).toMatch(/1.*90/);
    expect(report).toHaveBeenLastCalledWith('duplicateRule.velocityDays', true);
    await act(async () => fireEvent.change(screen.getByTestId('duplicate-velocityDays'), { target: { value: '14' } }));
    expect(seen.rule.velocityDays).toBe(14);
    expect(report).toHaveBeenLastCalledWith('duplicateRule.velocityDays', false);
  });

  it('counts the duplicates in the reader’s locale and names the interview each one matches', () => {
    renderFields({ duplicates: found(1234), removed: 1200 });
    expect(screen.getByTestId('duplicate-summary').textContent).toContain('Duplikate: 1.234');
    expect(screen.getByTestId('duplicate-summary').textContent).toContain('Die Regel entfernt 1.200.');
    const matches = screen.getAllByTestId('duplicate-match');
    expect(matches).toHaveLength(5);
    expect(matches[0]!.textContent).toContain('r-0');
    expect(matches[0]!.textContent).toContain('m-0');
    expect(matches[0]!.textContent).toContain('Welle 1');
  });

  it('says when nothing can be compared', () => {
    renderFields({ duplicates: { interviewsWithIdentity: 0, duplicates: [], velocity: [], recordSources: [] } });
    expect(screen.getByTestId('duplicate-empty').textContent).toContain('Geräte-Fingerprint');
  });

  it('shows a spinner while loading', () => {
    renderFields({ loading: true });
    expect(screen.getByTestId('duplicate-loading')).toBeTruthy();
  });

  it('says what to do when the duplicates could not be loaded', () => {
    renderFields({ failed: true });
    expect(screen.getByTestId('duplicate-found').textContent).toContain('Laden Sie die Seite neu');
  });
});
