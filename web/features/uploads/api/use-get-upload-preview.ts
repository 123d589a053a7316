import { graphql } from '../../../lib/gql';
import type { GetUploadPreviewQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getUploadPreview($datafileId: ID!) {
    getUploadPreview(datafileId: $datafileId) {
      sampledRows
      source { format sheetName headerRow dataRecordStartRow delimiter encoding isQualtrics }
      columns { name label suggestedType basis group valueLabels { value label } stats { filled missing numeric integers min max distinct meanTextLength } }
      rows { number cells missing }
      suggestedColumns {
        dataPointIdentifier dataPointType questionTitle isEnableCopyPasteCheck startingQuestion
        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit scaleMin scaleMax
        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions
      }
    }
  }
`);

export type UploadPreview = GetUploadPreviewQuery['getUploadPreview'];
export type PreviewColumn = UploadPreview['columns'][number];

export function useGetUploadPreview(datafileId: string | null) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    { enabled: Boolean(datafileId), revalidateOnFocus: false },
  );
}
