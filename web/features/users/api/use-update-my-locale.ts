import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation updateMyLocale($locale: Locale!) {
    updateMyLocale(locale: $locale) {
      status
      message
    }
  }
`;

export type UpdateMyLocaleVariables = { locale: 'de' | 'en' };

export function useUpdateMyLocale() {
  return useGqlMutation<{ updateMyLocale: StatusResponse }, UpdateMyLocaleVariables>(DOCUMENT, 'updateMyLocale');
}
