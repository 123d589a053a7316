import { useCallback } from 'react';
import { graphql } from '../../../lib/gql';
import { gqlRequest } from '../../../lib/graphql-client';
import { encryptPassword } from '../../../lib/password-crypto';

const GET_PASSWORD_ENCRYPTION_KEY = graphql(`
  query getPasswordEncryptionKey {
    getPasswordEncryptionKey
  }
`);

/**
 * Returns `encrypt(password)`. The key is fetched right before each use, never cached, because
 * the server may rotate it on restart.
 */
export function usePasswordEncryption(): (password: string) => Promise<string> {
  return useCallback(async (password: string) => {
    const data = await gqlRequest(GET_PASSWORD_ENCRYPTION_KEY, {});
    return encryptPassword(data.getPasswordEncryptionKey, password);
  }, []);
}
