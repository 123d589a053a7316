import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { editUserRules } from '../../../web/features/users/components/edit-user-dialog';
import { UserManagementTab } from '../../../web/features/users';
import {
  type AccessLevel,
  type Handlers,
  meFor,
  operationsCalled,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

type TestUser = {
  id: string;
  name: { first: string; last: string };
  email: string;
  image: string | null;
  accessLevel: AccessLevel;
  status: string;
  apiKey: { hint: string | null; createdAt: string | null } | null;
  isOwner: boolean;
  numberOfImports: number;
};

const user = (
  id: string,
  first: string,
  last: string,
  accessLevel: AccessLevel,
  extra: Partial<TestUser> = {},
): TestUser => ({
  id,
  name: { first, last },
  email: `${first.toLowerCase()}@example.com`,
  image: null,
  accessLevel,
  status: 'ACTIVATED',
  apiKey: { hint: id.slice(-4), createdAt: '2026-11-02T10:00:00.000Z' },
  isOwner: false,
  numberOfImports: 3,
  ...extra,
});

// meFor('ADMIN') is u-ADMIN, the owner of c1; meFor('SUPER_ADMIN') is an operator outside the company.
const OWNER = user('u-ADMIN', 'Test', 'ADMIN', 'ADMIN', { isOwner: true, numberOfImports: 12 });
const EMPLOYEE = user('u-erik', 'Erik', 'Employee', 'EMPLOYEE');
const SECOND_ADMIN = user('u-maria', 'Maria', 'Huber', 'ADMIN');
const PENDING = user('u-jonas', 'Jonas', 'Weber', 'EMPLOYEE', { status: 'PENDING', numberOfImports: 0 });

const SUCCESS = (name: string) => () => ({ data: { [name]: { status: 'SUCCESS', message: null } } });

function renderTab(viewer: AccessLevel, overrides: Handlers = {}) {
  const fetchMock = stubGraphQL(
    shellHandlers(viewer, {
      getCompanyUsers: () => ({ data: { getCompanyUsers: [EMPLOYEE, OWNER, PENDING, SECOND_ADMIN] } }),
      ...overrides,
    }),
  );
  startSession();
  render(
    <AppProviders>
      <UserManagementTab companyId="c1" />
    </AppProviders>,
  );
  return fetchMock;
}

const card = async (email: string) => {
  const cards = await screen.findAllByTestId(/-user-card$/);
  const found = cards.find((element) => element.getAttribute('data-user-email') === email);
  if (!found) throw new Error(`no card for ${email}`);
  return found;
};

async function openEdit(email: string) {
  const target = await card(email);
  await act(async () => {
    fireEvent.click(within(target).getByTestId('edit-user-button'));
  });
  return screen.findByTestId('edit-user-dialog');
}

describe('user management tab', () => {
  beforeEach(() => resetAppState());

  it("lists active users with badges and imports, pending users apart, and no pencil on one's own card", async () => {
    renderTab('ADMIN');
    const own = await card('test@example.com');
    expect(within(own).queryByTestId('edit-user-button')).toBeNull();
    expect(within(own).getByTestId('owner-badge').textContent).toBe('Inhaber');
    expect(within(own).getByTestId('admin-badge').textContent).toBe('ADMIN');
    expect(within(own).getByTestId('imports-count').textContent).toBe('Importe: 12');

    const employee = await card('erik@example.com');
    expect(within(employee).getByTestId('edit-user-button')).toBeTruthy();
    expect(within(employee).queryByTestId('admin-badge')).toBeNull();
    expect(within(employee).queryByTestId('owner-badge')).toBeNull();

    expect(screen.getAllByTestId('active-user-card')).toHaveLength(3);
    const pending = screen.getAllByTestId('pending-user-card');
    expect(pending.map((element) => element.getAttribute('data-user-email'))).toEqual(['jonas@example.com']);
    expect(within(pending[0]!).getByTestId('pending-status').textContent).toBe('Eingeladen');
  });
});

describe('edit user modal', () => {
  beforeEach(() => resetAppState());

  it('offers password reset, delete and an enabled admin switch for another user', async () => {
    renderTab('ADMIN');
    const dialog = await openEdit('erik@example.com');
    expect(within(dialog).getByText('Benutzer bearbeiten', { selector: 'h2' })).toBeTruthy();
    expect(within(dialog).getByTestId('edit-user-password-reset')).toBeTruthy();
    expect(within(dialog).getByTestId('edit-user-delete')).toBeTruthy();
    expect(within(dialog).getByTestId('admin-access-switch').hasAttribute('data-disabled')).toBe(false);
    // An admin learns that Erik has a key, never the key, and may revoke it but not make one.
    expect(within(dialog).getByTestId('api-key-status').textContent).toBe(
      'Ein Schlüssel, der auf …erik endet, erstellt am 02.11.2026.',
    );
    expect(within(dialog).queryByTestId('api-key')).toBeNull();
    expect(within(dialog).queryByTestId('api-key-regenerate')).toBeNull();
    expect(within(dialog).getByTestId('api-key-revoke')).toBeTruthy();
  });

  it("revokes a colleague's key after confirmation", async () => {
    const fetchMock = renderTab('ADMIN', { revokeMagicKey: SUCCESS('revokeMagicKey') });
    const dialog = await openEdit('erik@example.com');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('api-key-revoke'));
    });
    expect(within(dialog).getByTestId('api-key-confirm').textContent).toContain(
      'Der Schlüssel funktioniert sofort nicht mehr.',
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('api-key-revoke-confirm'));
    });
    await waitFor(() =>
      expect(operationsCalled(fetchMock).find((c) => c.operationName === 'revokeMagicKey')?.variables).toEqual({
        userId: 'u-erik',
      }),
    );
    // The open modal shows the key gone at once, without waiting for the list to be read again.
    await waitFor(() => expect(within(dialog).getByTestId('api-key-status').textContent).toBe('Kein API-Schlüssel.'));
    expect(within(dialog).queryByTestId('api-key-revoke')).toBeNull();
  });

  it('offers to revoke the API key with a password reset, and sends both when ticked', async () => {
    const fetchMock = renderTab('ADMIN', {
      sendPasswordResetEmail: SUCCESS('sendPasswordResetEmail'),
      revokeMagicKey: SUCCESS('revokeMagicKey'),
    });
    const dialog = await openEdit('erik@example.com');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('edit-user-password-reset'));
    });
    const confirm = await screen.findByTestId('password-reset-dialog');
    const box = within(confirm).getByTestId('password-reset-revoke-key');
    expect(box.textContent).toContain('Auch den API-Schlüssel widerrufen (endet auf …erik)');
    await act(async () => {
      fireEvent.click(box.querySelector('input') as HTMLInputElement);
    });
    await act(async () => {
      fireEvent.click(within(confirm).getByTestId('password-reset-dialog-confirm'));
    });
    expect((await within(confirm).findByTestId('success-alert')).textContent).toContain(
      'Der Link wurde an erik@example.com gesendet und der API-Schlüssel widerrufen.',
    );
    const calls = operationsCalled(fetchMock).map((c) => c.operationName);
    expect(calls.indexOf('sendPasswordResetEmail')).toBeLessThan(calls.indexOf('revokeMagicKey'));
  });

  it('hides Delete and locks the admin switch for the owner, keeps the password reset', async () => {
    renderTab('SUPER_ADMIN');
    const dialog = await openEdit('test@example.com');
    expect(within(dialog).queryByTestId('edit-user-delete')).toBeNull();
    expect(within(dialog).getByTestId('edit-user-password-reset')).toBeTruthy();
    expect(within(dialog).getByTestId('admin-access-switch').hasAttribute('data-disabled')).toBe(true);
    expect(within(dialog).getByTestId('admin-access-locked').textContent).toBe(
      'Der Inhaber behält immer den Admin-Zugang.',
    );
    // Not even an operator makes a key for someone else: it would be shown to the operator.
    expect(within(dialog).queryByTestId('api-key-regenerate')).toBeNull();
    expect(within(dialog).getByTestId('api-key-revoke')).toBeTruthy();
  });

  it('hides password reset and Delete and locks the switch when editing oneself', () => {
    const self = editUserRules({ id: 'u-maria', accessLevel: 'ADMIN' }, SECOND_ADMIN);
    expect(self).toEqual({
      showPasswordReset: false,
      showDelete: false,
      adminSwitchDisabled: true,
      canRegenerateKey: true,
      canRevokeKey: true,
    });
    const other = editUserRules({ id: 'u-ADMIN', accessLevel: 'ADMIN' }, SECOND_ADMIN);
    expect(other).toEqual({
      showPasswordReset: true,
      showDelete: true,
      adminSwitchDisabled: false,
      canRegenerateKey: false,
      canRevokeKey: true,
    });
  });

  it('requires first and last name and sends nothing without them', async () => {
    const fetchMock = renderTab('ADMIN', { updateUser: SUCCESS('updateUser') });
    const dialog = await openEdit('erik@example.com');
    const first = dialog.querySelector('input[name="firstName"]') as HTMLInputElement;
    const last = dialog.querySelector('input[name="lastName"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(first, { target: { value: '  ' } });
      fireEvent.change(last, { target: { value: '' } });
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('edit-user-save'));
    });
    await waitFor(() => expect(within(dialog).getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2));
    expect(operationsCalled(fetchMock).some((call) => call.operationName === 'updateUser')).toBe(false);
  });

  it('saves name and admin access, shows success for 2 seconds, then closes and refreshes the list', async () => {
    let users = [EMPLOYEE, OWNER, PENDING, SECOND_ADMIN];
    const fetchMock = renderTab('ADMIN', {
      getCompanyUsers: () => ({ data: { getCompanyUsers: users } }),
      updateUser: ({ userToUpdate }) => {
        const input = userToUpdate as {
          userId: string;
          name: { first: string; last: string };
          accessLevel?: AccessLevel;
        };
        users = users.map((u) =>
          u.id === input.userId ? { ...u, name: input.name, accessLevel: input.accessLevel ?? u.accessLevel } : u,
        );
        return SUCCESS('updateUser')();
      },
    });
    const dialog = await openEdit('erik@example.com');
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[name="firstName"]') as HTMLInputElement, {
        target: { value: 'Erika' },
      });
    });
    const switchInput = within(dialog).getByTestId('admin-access-switch').querySelector('input') as HTMLInputElement;
    await act(async () => {
      fireEvent.click(switchInput);
    });
    const listCallsBefore = operationsCalled(fetchMock).filter((c) => c.operationName === 'getCompanyUsers').length;

    // Counted from the click: the moment findBy sees the message can lag behind its appearance on a busy machine.
    const savedAt = Date.now();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('edit-user-save'));
    });
    const success = await within(dialog).findByTestId('success-alert');
    expect(success.textContent).toContain('Die Änderungen wurden gespeichert.');
    const update = operationsCalled(fetchMock).find((c) => c.operationName === 'updateUser');
    expect(update?.variables).toEqual({
      userToUpdate: { userId: 'u-erik', name: { first: 'Erika', last: 'Employee' }, accessLevel: 'ADMIN' },
    });

    // Still open a second after the click (the close timer starts later, at the message), however late
    // findBy noticed the message.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, savedAt + 1000 - Date.now())));
    expect(screen.queryByTestId('edit-user-dialog')).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId('edit-user-dialog')).toBeNull());
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1900);

    expect(operationsCalled(fetchMock).filter((c) => c.operationName === 'getCompanyUsers').length).toBeGreaterThan(
      listCallsBefore,
    );
    const erika = await card('erik@example.com');
    await waitFor(() => expect(within(erika).getByText('Erika Employee')).toBeTruthy());
    expect(within(erika).getByTestId('admin-badge')).toBeTruthy();
  });

  it('shows the translated server error and stays open', async () => {
    renderTab('ADMIN', { updateUser: () => ({ errors: [{ message: 'no', extensions: { code: 'UNAUTHORIZED' } }] }) });
    const dialog = await openEdit('maria@example.com');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('edit-user-save'));
    });
    expect((await within(dialog).findByTestId('error-alert')).textContent).toContain('Nicht berechtigt');
    expect(screen.getByTestId('edit-user-dialog')).toBe(dialog);
  });

  it('Delete opens the delete modal; confirming deletes the user and closes after success', async () => {
    let users = [EMPLOYEE, OWNER, PENDING, SECOND_ADMIN];
    const fetchMock = renderTab('ADMIN', {
      getCompanyUsers: () => ({ data: { getCompanyUsers: users } }),
      deleteUser: ({ userId }) => {
        users = users.filter((u) => u.id !== userId);
        return SUCCESS('deleteUser')();
      },
    });
    const dialog = await openEdit('erik@example.com');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('edit-user-delete'));
    });
    const confirm = await screen.findByTestId('delete-user-dialog');
    expect(confirm.textContent).toContain('Erik Employee');
    await act(async () => {
      fireEvent.click(within(confirm).getByTestId('delete-user-dialog-confirm'));
    });
    await within(confirm).findByTestId('success-alert');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'deleteUser')?.variables).toEqual({
      userId: 'u-erik',
    });
    await waitFor(() => expect(screen.queryByTestId('delete-user-dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('active-user-card')).toHaveLength(2));
  });

  it('pending card menu resends the invitation', async () => {
    const fetchMock = renderTab('ADMIN', { resendUserInvitation: SUCCESS('resendUserInvitation') });
    const pending = await card('jonas@example.com');
    await act(async () => {
      fireEvent.click(within(pending).getByTestId('pending-user-menu'));
    });
    const item = await screen.findByTestId('menu-resend-invitation');
    // Zag menus select the highlighted item: a real pointer highlights it on pointerdown first.
    await act(async () => {
      fireEvent.pointerDown(item, { pointerType: 'mouse' });
    });
    await act(async () => {
      fireEvent.click(item);
    });
    const dialog = await screen.findByTestId('resend-invitation-dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('resend-invitation-dialog-confirm'));
    });
    expect((await within(dialog).findByTestId('success-alert')).textContent).toContain('jonas@example.com');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'resendUserInvitation')?.variables).toEqual({
      userId: 'u-jonas',
    });
  });

  it('an EMPLOYEE sees the cards without invite, edit or menus', async () => {
    renderTab('EMPLOYEE', { me: () => ({ data: meFor('EMPLOYEE', { id: 'u-erik' }) }) });
    await card('test@example.com');
    expect(screen.queryByTestId('invite-user-button')).toBeNull();
    expect(screen.queryAllByTestId('edit-user-button')).toHaveLength(0);
    expect(screen.queryAllByTestId('pending-user-menu')).toHaveLength(0);
  });
});
