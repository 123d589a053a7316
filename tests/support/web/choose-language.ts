import { act, fireEvent, screen } from '@testing-library/react';

/** Picks a language in the top bar's language menu as a mouse does (Zag menus select the item highlighted on pointerdown). */
export async function chooseLanguage(code: 'de' | 'en'): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByTestId('language-menu'));
  });
  const item = await screen.findByTestId(`language-${code}`);
  await act(async () => {
    fireEvent.pointerDown(item, { pointerType: 'mouse' });
  });
  await act(async () => {
    fireEvent.click(item);
  });
}
