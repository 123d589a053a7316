import { graphql } from '../../../lib/gql';
import type { GetDatafileDuplicatesQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getDatafileDuplicates($datafileId: ID!) {
    datafileDuplicates(datafileId: $datafileId) {
      windowDays velocitySurveys velocityDays interviewsWithIdentity
      duplicates { recordId kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }
      velocity { recordId kind surveys }
      sources { source interviews duplicates velocity }
      removals { source interviews removed reasons { reason count } }
    }
  }
`);

export type DatafileDuplicates = GetDatafileDuplicatesQuery['datafileDuplicates'];

/** The datafile's duplicate and velocity flags and its counts per source (the organisation's history only). */
export function useDatafileDuplicates(datafileId: string) {
  return useGqlQuery(DOCUMENT, { datafileId }, { revalidateOnFocus: false });
}
