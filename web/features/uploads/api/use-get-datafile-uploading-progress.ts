import { graphql } from '../../../lib/gql';
import type { GetDatafileUploadingProgressQuery } from '../../../lib/gql/graphql';
import { useJobEvents, useJobPollMs } from '../../../lib/job-events';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getDatafileUploadingProgress($datafileId: ID!) {
    getDatafileUploadingProgress(datafileId: $datafileId) {
      datafileId title status
      upload { kind status progress revision numberOfRecords chargedRecords creditsCharged creditEstimate error { code reason message column rows } }
      metadata { numberOfRecords numberOfValidRecords numberOfInvalidRecords numberOfDatapoints numberOfQualityScores qualityScores cost revision }
    }
  }
`);

export type UploadingProgress = GetDatafileUploadingProgressQuery['getDatafileUploadingProgress'];

/**
 * Where the upload stands: asked again when the tab's event stream says the datafile's upload job
 * moved (web/lib/job-events.ts), and polled while it processes (every second without a stream: a
 * plain query works through any proxy; rarely with one, as a safety net).
 */
export function useGetDatafileUploadingProgress(datafileId: string | null, enabled = true) {
  const on = enabled && Boolean(datafileId);
  const poll = useJobPollMs(on);
  const query = useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    {
      enabled: on,
      refreshInterval: (data) => (data?.getDatafileUploadingProgress.upload?.status === 'PROCESSING' ? poll : 0),
    },
  );
  useJobEvents(
    on,
    (event) => event.kind === 'upload' && event.datafileId === datafileId,
    () => void query.mutate(),
  );
  return query;
}
