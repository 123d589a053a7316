import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
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
  return screen.findByTestId('edit-profile-dialog');
}

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
    await waitFor(() => expect(screen.queryByTestId('edit-profile-dialog')).toBeNull(), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Tessa EMPLOYEE'));
  });

  it('copies the API key, shows nothing when copying fails, and regenerates it after confirmation', async () => {
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
    const copy = within(dialog).getByTestId('api-key-copy');

    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('key-123');
    expect(copy.hasAttribute('data-copied')).toBe(false);
    expect(within(dialog).queryByTestId('error-alert')).toBeNull();

    await act(async () => {
      fireEvent.click(copy);
    });
    await waitFor(() => expect(copy.hasAttribute('data-copied')).toBe(true));

    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('api-key-regenerate'));
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('api-key-regenerate-confirm'));
    });
    await waitFor(() => expect((within(dialog).getByTestId('api-key') as HTMLInputElement).value).toBe('sk_new-key'));
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'regenerateMagicKey')?.variables).toEqual({
      userId: 'u-EMPLOYEE',
    });
  });
});
