// A start/end pair's settings ask for the order of dates such as 5/10/18 (whether 5/10 is 10 May or
// 5 October belongs to the column), in both languages, and hand the choice on as the data point's dateOrder.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { PointSettings } from '../../../web/features/uploads/components/point-settings';
import type { DraftPoint } from '../../../web/features/uploads/state/columns';
import { localeAtom } from '../../../web/lib/i18n';
import { appStore } from '../../../web/lib/session';

const pair: DraftPoint = {
  key: 'dp1',
  dataPointIdentifier: 'StartDate..EndDate',
  dataPointType: 'TIMESTAMP',
  columns: ['StartDate', 'EndDate'],
  role: 'TOTAL',
};

afterEach(cleanup);

describe('timestamp settings', () => {
  it.each([
    ['en', 'Day first: 5/10/18 is 5 October 2018'],
    ['de', 'Tag zuerst: 5/10/18 ist der 5. Oktober 2018'],
  ] as const)('offer the date order (%s) and send the choice', (locale, dayFirst) => {
    appStore.set(localeAtom, locale);
    const onChange = vi.fn();
    render(
      <AppProviders>
        <PointSettings point={pair} problems={[]} onChange={onChange} onMove={() => {}} />
      </AppProviders>,
    );
    const select = screen.getByTestId('timestamp-date-order') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(screen.getByRole('option', { name: dayFirst })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'DMY' } });
    expect(onChange).toHaveBeenCalledWith({ dateOrder: 'DMY' });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ dateOrder: null });
  });
});
