import { graphql } from '../../../lib/gql';
import type { GetDatafileCleaningSettingsQuery } from '../../../lib/gql/graphql';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';
import { livePolling } from '../../../lib/live-polling';
import { prefetchWorksheetScores, worksheetColumns } from './fetch-worksheet-columns';

/** Quota characteristics loaded with the scores (each is one small column). */
export const MAX_GROUPINGS = 8;

const DOCUMENT = graphql(`
  query getDatafileCleaningSettings($datafileId: ID!) {
    getDatafileCleaningSettings(datafileId: $datafileId) {
      datafileId title status importType revision scoringVersion numberOfRecords isCleaned numberOfCleanedRecords
      certificateLevel certificateCode cleaningMethod targetSampleSize qualityScores groupingColumns savedAt savedBy
      minFailingChecks
      scoreThresholds { key name isEnable threshold minDataPoints }
      badAnswers { isEnable min }
      quotaSetting { column rename show options { value label target } }
      duplicateRule { isEnable keep windowDays velocitySurveys velocityDays }
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

/**
 * A full load of the worksheet (web/app/boot.ts): the settings query, the score columns (they need
 * only the datafile's id) and, once the settings name them, the quota columns go out beside `me` and
 * the page's code, not one after the other once the page has rendered. The page takes them over.
 */
export function prefetchWorksheet(datafileId: string): void {
  prefetchWorksheetScores(datafileId);
  void primeQuery(DOCUMENT, { datafileId })
    .then(({ getDatafileCleaningSettings: s }) => {
      const groupings = s.groupingColumns.slice(0, MAX_GROUPINGS);
      if (s.revision > 0 && groupings.length)
        void worksheetColumns(datafileId, s.revision, 'raw', groupings).catch(() => undefined);
    })
    .catch(() => undefined);
}
