import { graphql } from '../../../lib/gql';
import type { GetDraftedDatafileQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getDraftedDatafile($datafileId: ID!) {
    getDraftedDatafile(datafileId: $datafileId) {
      id name createdDate status revision
      company { id name }
      owner { id name }
      datapointsMetadata {
        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion
        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax
        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions
      }
      upload {
        uploadId kind status progress revision datafileKey fileName fileSize format sheetName headerRow dataRecordStartRow lastDataRow missingValues creditEstimate
        error { code reason message column rows }
      }
    }
  }
`);

export type DraftedDatafile = GetDraftedDatafileQuery['getDraftedDatafile'];
export type DataPointMetadata = DraftedDatafile['datapointsMetadata'][number];

export function useGetDraftedDatafile(datafileId: string | null) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    { enabled: Boolean(datafileId), revalidateOnFocus: false },
  );
}
