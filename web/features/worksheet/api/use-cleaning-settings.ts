import { graphql } from '../../../lib/gql';
import type { GetDatafileCleaningSettingsQuery } from '../../../lib/gql/graphql';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';
import { livePolling } from '../../../lib/live-polling';
import { markLoad, startEarlyEngine } from '../engine/index.ts';
import { primeFirstRun } from '../settings/first-run';
import {
  prefetchRememberedQuotaColumns,
  prefetchWorksheetScores,
  rememberQuotaColumns,
  worksheetColumns,
} from './fetch-worksheet-columns';

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

/** Whether the worksheet opens its engine on this datafile (else it says why not). */
export function canClean(s: Pick<CleaningSettingsData, 'revision' | 'status'>): boolean {
  return s.revision >= 1 && (s.status === 'READY' || s.status === 'STOPPED');
}

/** The data the cleaning engine holds: the datafile, its revision, its interviews and the quota columns. */
export function engineDataKey(
  s: Pick<CleaningSettingsData, 'datafileId' | 'revision' | 'numberOfRecords' | 'groupingColumns'>,
): string {
  return `${s.datafileId}:${s.revision}:${s.numberOfRecords}:${s.groupingColumns.slice(0, MAX_GROUPINGS).join(',')}`;
}

/** The engine's data of `revision`: the score columns and the quota columns (held bytes or new requests). */
export async function engineSource(
  datafileId: string,
  revision: number,
  groupingColumns: readonly string[],
  timeoutMs?: number,
) {
  const [scores, raw] = await Promise.all([
    worksheetColumns(datafileId, revision, 'scores', [], timeoutMs),
    groupingColumns.length ? worksheetColumns(datafileId, revision, 'raw', groupingColumns, timeoutMs) : undefined,
  ]);
  return { kind: 'arrow' as const, scores, ...(raw ? { raw, groupingColumns: [...groupingColumns] } : {}) };
}

/**
 * A full load of the worksheet (web/app/boot.ts): the settings query, the score columns (they need
 * only the datafile's id) and, once the settings name them, the quota columns go out beside `me` and
 * the page's code, not one after the other once the page has rendered; with both in, the cleaning
 * engine starts on them (decoding, compiling the scoring core) while the page still renders. The page
 * takes over the engine when its settings name the same data (engineDataKey), else loads its own.
 */
export function prefetchWorksheet(datafileId: string): void {
  prefetchWorksheetScores(datafileId);
  // The quota columns of the last visit go out now too, not only once the settings name them.
  prefetchRememberedQuotaColumns(datafileId);
  void primeQuery(DOCUMENT, { datafileId })
    .then(({ getDatafileCleaningSettings: s }) => {
      markLoad('settings');
      if (!canClean(s)) return;
      rememberQuotaColumns(datafileId, s.groupingColumns.slice(0, MAX_GROUPINGS));
      // Registered now, before the quota columns arrive: a page rendering meanwhile waits for it.
      startEarlyEngine(
        engineDataKey(s),
        engineSource(datafileId, s.revision, s.groupingColumns.slice(0, MAX_GROUPINGS)).then((source) => {
          markLoad('columns');
          return { source };
        }),
        // The page's first run goes out with the data: its rows wait for no round trip once it mounts.
        (engine) => primeFirstRun(engine, s),
      );
    })
    .catch(() => undefined);
}
