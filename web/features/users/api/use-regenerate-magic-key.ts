import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = /* GraphQL */ `
  mutation regenerateMagicKey($userId: ID!) {
    regenerateMagicKey(userId: $userId) {
      status
      message
    }
  }
`;

export type RegenerateMagicKeyVariables = { userId: string };

/** A new API key (returned in message); the old one stops working. */
export function useRegenerateMagicKey() {
  const mutation = useGqlMutation<{ regenerateMagicKey: StatusResponse }, RegenerateMagicKeyVariables>(DOCUMENT, 'regenerateMagicKey');
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
