import { graphql } from '../../../lib/gql';
import type { GetUploadCheckQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getUploadCheck($datafileId: ID!) {
    getUploadCheck(datafileId: $datafileId) {
      state progress
      issues { code reason message column rows columns }
      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }
    }
  }
`);

export type UploadCheck = GetUploadCheckQuery['getUploadCheck'];
export type UploadIssue = UploadCheck['issues'][number];

/** The check of the saved columns: asked again every second while it runs. */
export function useGetUploadCheck(datafileId: string | null) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    {
      enabled: Boolean(datafileId),
      revalidateOnFocus: false,
      refreshInterval: (data) =>
        data && (data.getUploadCheck.state === 'PENDING' || data.getUploadCheck.state === 'RUNNING') ? 1000 : 0,
    },
  );
}
