import { graphql } from '../../../lib/gql';
import type { GetUploadPreviewQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getUploadPreview($datafileId: ID!) {
    getUploadPreview(datafileId: $datafileId) {
      sampledRows
      source { format sheetName headerRow dataRecordStartRow lastDataRow delimiter encoding isQualtrics }
      columns { index name label suggestedType basis group withdrawnBecause valueLabels { value label } stats { filled missing numeric integers min max distinct meanTextLength } }
      rows { number cells missing }
      rawRows { number cells }
      layout { headerRow dataRecordStartRow lastDataRow labelRow kind notSurveyData notSurveyDataMessage }
      readingIssues { code reason message column rows }
      suggestionIssues { code reason message column rows }
      gridCandidates { id columns scaleMin scaleMax }
      missingValueSuggestions { value columns count }
      suggestedColumns {
        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion
        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax
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
