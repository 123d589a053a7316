import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { LanguageMenu } from '../../../web/components/layout/language-menu';
import { chooseLanguage } from '../../support/web/choose-language';

// The other language's chunk does not arrive (offline, or a new version deployed since the page loaded).
const changeLocale = vi.hoisted(() => vi.fn());
vi.mock('../../../web/lib/i18n', async (original) => ({
  ...(await original<typeof import('../../../web/lib/i18n')>()),
  changeLocale,
}));

describe('language menu', () => {
  it('says when the chosen language did not load, and clears it on the next choice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    changeLocale.mockRejectedValueOnce(new Error('chunk failed to load'));
    const onChanged = vi.fn();
    render(
      <AppProviders>
        <LanguageMenu onChanged={onChanged} />
      </AppProviders>,
    );
    await chooseLanguage('en');
    const alert = await screen.findByTestId('language-load-failed');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(
      'English konnte nicht geladen werden. Bitte erneut wählen oder die Seite neu laden.',
    );
    expect(onChanged).not.toHaveBeenCalled();

    changeLocale.mockResolvedValueOnce(undefined);
    await chooseLanguage('en');
    expect(screen.queryByTestId('language-load-failed')).toBeNull();
    expect(onChanged).toHaveBeenCalledWith('en');
  });
});
