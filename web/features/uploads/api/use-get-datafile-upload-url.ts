import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getDatafileUploadURL($fileName: String!, $companyId: ID!) {
    getDatafileUploadURL(fileName: $fileName, companyId: $companyId) { signedUrl datafileKey expiresAt maxBytes format }
  }
`);

/** A fresh signed PUT for each chosen file, fetched on demand (an SWR mutation, not a cached query). */
export function useGetDatafileUploadUrl() {
  return useGqlMutation(DOCUMENT);
}
