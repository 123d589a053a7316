import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation updateCleaningSettings($datafileId: ID!, $cleaningSettings: CleaningSettingsInput!) {
    updateCleaningSettings(datafileId: $datafileId, cleaningSettings: $cleaningSettings) {
      status message numberOfRecords numberOfCleanedRecords removedByReason certificateLevel certificateCode scoringVersion
    }
  }
`);

export const useUpdateCleaningSettings = () => useGqlMutation(DOCUMENT);
