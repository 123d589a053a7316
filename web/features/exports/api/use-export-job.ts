import { graphql } from '../../../lib/gql';
import type { ExportFormat } from '../../../lib/gql/graphql';
import { useJobEvents, useJobPollMs } from '../../../lib/job-events';
import { useGqlMutation, useGqlQuery } from '../../../lib/swr-helpers';

const REQUEST_EXPORT = graphql(`
  mutation requestDatafileExport($input: ExportRequestInput!) {
    requestDatafileExport(input: $input) {
      jobId
      state
      progress
    }
  }
`);

const EXPORT_JOB = graphql(`
  query getExportJob($jobId: ID!) {
    getExportJob(jobId: $jobId) {
      jobId
      format
      state
      progress
      downloadUrl
      fileName
      size
      includedRecords
      removedRecords
      error {
        code
        message
      }
    }
  }
`);

export type { ExportFormat };
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  'XLSX',
  'CSV',
  'SAV',
  'TRIPLE_S',
  'ARROW',
  'PARQUET',
  'REJECTS',
  'RECONCILIATION',
  'RECONCILIATION_CSV',
];

/** The reconciliation pack's formats: they take a sample source. */
export const isReconciliation = (f: ExportFormat) => f === 'RECONCILIATION' || f === 'RECONCILIATION_CSV';

const SAMPLE_SOURCES = graphql(`
  query exportSampleSources($datafileId: ID!) {
    datafileDuplicates(datafileId: $datafileId) {
      sources {
        source
      }
    }
  }
`);

/** The datafile's sample sources (null: interviews that named none), asked only while a pack is chosen. */
export function useSampleSources(datafileId: string, enabled: boolean) {
  return useGqlQuery(SAMPLE_SOURCES, { datafileId }, { enabled, revalidateOnFocus: false });
}

export function useRequestExport() {
  return useGqlMutation(REQUEST_EXPORT);
}

const FINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

/**
 * The job's state, asked again when the tab's event stream says it moved (web/lib/job-events.ts)
 * and polled until it is final (every second without a stream, as the upload's progress is).
 */
export function useExportJob(jobId: string | null) {
  const poll = useJobPollMs(jobId !== null);
  const query = useGqlQuery(
    EXPORT_JOB,
    { jobId: jobId ?? '' },
    {
      enabled: jobId !== null,
      refreshInterval: (data) => (data && FINAL.has(data.getExportJob.state) ? 0 : poll),
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
  useJobEvents(
    jobId !== null,
    (event) => event.jobId === jobId,
    () => void query.mutate(),
  );
  return query;
}
