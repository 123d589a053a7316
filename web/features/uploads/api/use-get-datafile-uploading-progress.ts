import { graphql } from '../../../lib/gql';
import type { GetDatafileUploadingProgressQuery } from '../../../lib/gql/graphql';
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
 * Where the upload stands, polled every second while it processes (SWR refreshInterval: a plain
 * GraphQL query every second is cheap, works through any proxy, and needs no open connection).
 */
export function useGetDatafileUploadingProgress(datafileId: string | null, enabled = true) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    {
      enabled: enabled && Boolean(datafileId),
      refreshInterval: (data) => (data?.getDatafileUploadingProgress.upload?.status === 'PROCESSING' ? 1000 : 0),
    },
  );
}
