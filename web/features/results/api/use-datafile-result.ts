import { graphql } from '../../../lib/gql';
import type { GetDatafileResultQuery } from '../../../lib/gql/graphql';
import { livePolling } from '../../../lib/live-polling';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';
import { markResultLoad } from '../data/load-marks';
import { loadScoreTable, prefetchScoreTable } from '../data/score-table';

const DOCUMENT = graphql(`
  query getDatafileResult($datafileId: ID!) {
    getDatafile(datafileId: $datafileId) {
      id title status importType certificateLevel cost numberOfRecords numberOfCleanedRecords isCleaned meanCombinedScore
      revision scoringVersion qualityScores scoreColumns rawColumns createdDate
      weightingMethod { datafileWeighting { key value } }
      coherence { asked judged failed }
      owner { id name }
      uploadedBy { id name date }
      dataPoints { dataPointIdentifier dataPointType questionTitle columns role unit scaleMin scaleMax }
    }
    getDataRecordSummaryForDatafile(datafileId: $datafileId) {
      totalNumberOfDataRecords numberOfDataRecordsWithValidScore numberOfDataRecordsWithInvalidScore numberOfExcludedDataRecords numberOfIncludedDataRecords
    }
  }
`);

export type DatafileResult = GetDatafileResultQuery['getDatafile'];
export type RecordSummary = GetDatafileResultQuery['getDataRecordSummaryForDatafile'];

/**
 * The result page's header and the names of the stored columns, in one GraphQL request. A running
 * live import polls at the intervals of web/lib/live-polling.ts; a new revision reloads the interview columns.
 */
export function useDatafileResult(datafileId: string | null) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId: datafileId ?? '' },
    {
      enabled: Boolean(datafileId),
      revalidateOnFocus: false,
      refreshInterval: (data) => (data?.getDatafile ? (livePolling(data.getDatafile)?.intervalMs ?? 0) : 0),
    },
  );
}

/**
 * Sends the page's query at boot, beside `me` and the page's code (web/app/boot.ts): otherwise it
 * waits for both, and the first tab's data request after it comes third in a chain of round trips
 * (bench:results: about half a second of the full load). Its answer starts the score table's request
 * at once (bench:pages: the page's render before it was most of a small file's load). The server
 * decides what the session may see; a refusal reaches the page as if it had asked itself.
 */
export function prefetchDatafileResult(datafileId: string): void {
  // The score table is asked for at once (the route chooses its columns) by the data worker, which
  // starts now; the page takes it once the query's answer names the same revision, weights and columns.
  prefetchScoreTable(datafileId);
  void primeQuery(DOCUMENT, { datafileId })
    .then((answer) => {
      markResultLoad('query');
      if (answer.getDatafile) loadScoreTable(answer.getDatafile)?.catch(() => undefined);
    })
    .catch(() => undefined);
}
