import { graphql } from '../../../lib/gql';
import type { GetDatafileCleaningSettingsQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import { livePolling } from '../../../lib/live-polling';

const DOCUMENT = graphql(`
  query getDatafileCleaningSettings($datafileId: ID!) {
    getDatafileCleaningSettings(datafileId: $datafileId) {
      datafileId title status importType revision scoringVersion numberOfRecords isCleaned numberOfCleanedRecords
      certificateLevel certificateCode cleaningMethod targetSampleSize qualityScores groupingColumns savedAt savedBy
      minFailingChecks
      scoreThresholds { key name isEnable threshold minDataPoints }
      badAnswers { isEnable min }
      quotaSetting { column rename show options { value label target } }
      manualDecisions { recordId decision }
      weightingMethod { datafileWeighting { key value name } projectiveQuestionsWeighting { dataPointIdentifier algorithms apply } }
    }
  }
`);

export type CleaningSettingsData = GetDatafileCleaningSettingsQuery['getDatafileCleaningSettings'];

/** The worksheet's settings; a live datafile refreshes them at the intervals of web/lib/live-polling.ts. */
export function useCleaningSettings(datafileId: string) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId },
    {
      enabled: Boolean(datafileId),
      revalidateOnFocus: false,
      refreshInterval: (data) => (data ? (livePolling(data.getDatafileCleaningSettings)?.intervalMs ?? 0) : 0),
    },
  );
}
