import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadPageBeforeAll,
  meFor,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

async function openProfile() {
  await screen.findByTestId('app-shell');
  await act(async () => {
    fireEvent.click(screen.getByTestId('user-menu'));
  });
  const item = await screen.findByTestId('menu-edit-profile');
  await act(async () => {
    fireEvent.pointerDown(item, { pointerType: 'mouse' });
  });
  await act(async () => {
    fireEvent.click(item);
  });
  // The first open loads the dialog's code; on a busy machine that takes longer than the default second.
  return screen.findByTestId('edit-profile-dialog');
}

loadPageBeforeAll('dashboard');

describe('edit profile overlay', () => {
  beforeEach(() => resetAppState());

  it('saves the own name through updateUser without an access level, then closes after 2 seconds', async () => {
    let first = 'Test';
    const fetchMock = stubGraphQL(
      shellHandlers('EMPLOYEE', {
        me: () => ({ data: meFor('EMPLOYEE', { name: { first, last: 'EMPLOYEE' } }) }),
        updateUser: ({ userToUpdate }) => {
          first = (userToUpdate as { name: { first: string } }).name.first;
          return { data: { updateUser: { status: 'SUCCESS', message: 'User updated' } } };
        },
      }),
    );
    startSession();
    renderAppAt('/');
    const dialog = await openProfile();
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[name="firstName"]') as HTMLInputElement, {
        target: { value: 'Tessa' },
      });
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('edit-profile-save'));
    });
    expect((await within(dialog).findByTestId('success-alert')).textContent).toContain('Ihr Profil wurde gespeichert.');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'updateUser')?.variables).toEqual({
      userToUpdate: { userId: 'u-EMPLOYEE', name: { first: 'Tessa', last: 'EMPLOYEE' } },
    });
    await waitFor(() => expect(screen.queryByTestId('edit-profile-dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Tessa EMPLOYEE'));
  });

  it('shows that a key exists, never the key; a new one is shown once, with a copy button', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('EMPLOYEE', {
        regenerateMagicKey: () => ({ data: { regenerateMagicKey: { status: 'SUCCESS', message: 'sk_new-key' } } }),
      }),
    );
    const writeText = vi.fn().mockRejectedValueOnce(new Error('denied')).mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    startSession();
    renderAppAt('/');
    const dialog = await openProfile();
    expect(within(dialog).getByTestId('api-key-status').textContent).toBe(
      'Ein Schlüssel, der auf …k123 endet, erstellt am 02.11.2026.',
    );
    expect(within(dialog).queryByTestId('api-key')).toBeNull();

    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('api-key-regenerate'));
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('api-key-regenerate-confirm'));
    });
    await waitFor(() => expect((within(dialog).getByTestId('api-key') as HTMLInputElement).value).toBe('sk_new-key'));
    expect(within(dialog).getByTestId('api-key-once').textContent).toContain('nur dieses eine Mal angezeigt');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'regenerateMagicKey')?.variables).toEqual({
      userId: 'u-EMPLOYEE',
    });

    const copy = within(dialog).getByTestId('api-key-copy');
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('sk_new-key');
    expect(copy.hasAttribute('data-copied')).toBe(false);
    expect(within(dialog).queryByTestId('error-alert')).toBeNull();
    await act(async () => {
      fireEvent.click(copy);
    });
    await waitFor(() => expect(copy.hasAttribute('data-copied')).toBe(true));
  });

  it('offers to generate a first key when there is none', async () => {
    stubGraphQL(shellHandlers('EMPLOYEE', { me: () => ({ data: meFor('EMPLOYEE', { apiKey: null }) }) }));
    startSession();
    renderAppAt('/');
    const dialog = await openProfile();
    expect(within(dialog).getByTestId('api-key-status').textContent).toBe('Kein API-Schlüssel.');
    expect(within(dialog).getByTestId('api-key-regenerate').textContent).toBe('Schlüssel erzeugen');
    expect(within(dialog).queryByTestId('api-key-revoke')).toBeNull();
  });
});
