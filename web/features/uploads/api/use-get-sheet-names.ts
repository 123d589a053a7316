import { graphql } from '../../../lib/gql';
import { useGqlMutation, useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getSheetNames($datafileKey: String!, $companyId: ID!) {
    getSheetNames(datafileKey: $datafileKey, companyId: $companyId)
  }
`);

/** Right after an upload: the sheets of the new file, asked once. */
export function useReadSheetNames() {
  return useGqlMutation(DOCUMENT);
}

/** A resumed draft's sheets (its file is stored already). */
export function useGetSheetNames(datafileKey: string | null, companyId: string | null, enabled: boolean) {
  return useGqlQuery(
    DOCUMENT,
    { datafileKey: datafileKey ?? '', companyId: companyId ?? '' },
    { enabled: enabled && Boolean(datafileKey && companyId), revalidateOnFocus: false },
  );
}
