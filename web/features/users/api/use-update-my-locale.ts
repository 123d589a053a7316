import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation updateMyLocale($locale: Locale!) {
    updateMyLocale(locale: $locale) {
      status
      message
    }
  }
`);

export function useUpdateMyLocale() {
  return useGqlMutation(DOCUMENT);
}
