import { graphql } from '../../../lib/gql';
import type { GetUploadCheckQuery } from '../../../lib/gql/graphql';
import { useJobEvents, useJobPollMs } from '../../../lib/job-events';
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

/**
 * The check of the saved columns: asked again the moment the tab's event stream says its job moved
 * (web/lib/job-events.ts), and polled while it runs (every second without a stream, as a safety net
 * with one). Step 2 puts the save's own answer in first (useSaveDraftDatafileColumns), so no read
 * begun before the save can end its wait.
 */
export function useGetUploadCheck(datafileId: string | null) {
  const poll = useJobPollMs(Boolean(datafileId));
  const query = useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    {
      enabled: Boolean(datafileId),
      revalidateOnFocus: false,
      refreshInterval: (data) =>
        data && (data.getUploadCheck.state === 'PENDING' || data.getUploadCheck.state === 'RUNNING') ? poll : 0,
    },
  );
  useJobEvents(
    Boolean(datafileId),
    (event) => event.kind === 'upload.check' && event.datafileId === datafileId,
    (event) => {
      if (event?.hasResult) performance.mark('upload:check-answer-heard');
      void query.mutate();
    },
  );
  return query;
}
