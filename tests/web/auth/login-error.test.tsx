import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageBeforeAll, renderAppAt, resetAppState, stubGraphQL } from '../../support/web/render-app';

loadPageBeforeAll('login');

describe('login error', () => {
  beforeEach(() => resetAppState());

  it('goes away as soon as the user edits a field', async () => {
    const keys = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
    stubGraphQL({
      getPasswordEncryptionKey: () => ({ data: { getPasswordEncryptionKey: pem } }),
      login: () => ({ errors: [{ message: 'no', extensions: { code: 'AUTHENTICATION_FAILED' } }] }),
    });
    renderAppAt('/login');
    const email = await screen.findByLabelText('E-Mail-Adresse');
    fireEvent.change(email, { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'wrong-password' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    });
    await screen.findByTestId('error-alert');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'Demo-1234' } });
    });
    expect(screen.queryByTestId('error-alert')).toBeNull();
  });
});
