import type { UsageStatsSortField } from '../../../lib/gql/graphql';
import type { UsageStatsRow } from '../api/use-get-usage-stats-by-month';

/** The two stats pages: data files (/data-files-stats) and data records (/data-records-stats). */
export type StatsPageKind = 'DATA_FILES' | 'DATA_RECORDS';

export type StatsColumn = {
  key: string;
  field: UsageStatsSortField;
  numeric: boolean;
  value?: (row: UsageStatsRow) => number;
};

/** Each page's table columns, in the order the CSV download repeats them (api stats.csv.ts). */
export const STATS_COLUMNS: Record<StatsPageKind, StatsColumn[]> = {
  DATA_FILES: [
    { key: 'month', field: 'MONTH', numeric: false },
    { key: 'organization', field: 'ORGANIZATION', numeric: false },
    { key: 'datafiles', field: 'DATAFILES', numeric: true, value: (r) => r.numberOfDatafiles },
    { key: 'live', field: 'LIVE_DATAFILES', numeric: true, value: (r) => r.numberOfLiveDatafiles },
    { key: 'manual', field: 'MANUAL_DATAFILES', numeric: true, value: (r) => r.numberOfManualDatafiles },
    { key: 'creditsUsed', field: 'CREDITS_USED', numeric: true, value: (r) => r.creditsUsed },
    { key: 'creditsRefunded', field: 'CREDITS_REFUNDED', numeric: true, value: (r) => r.creditsRefunded },
  ],
  DATA_RECORDS: [
    { key: 'month', field: 'MONTH', numeric: false },
    { key: 'organization', field: 'ORGANIZATION', numeric: false },
    { key: 'dataRecords', field: 'DATA_RECORDS', numeric: true, value: (r) => r.numberOfDataRecords },
    { key: 'live', field: 'LIVE_DATA_RECORDS', numeric: true, value: (r) => r.numberOfLiveDataRecords },
    { key: 'manual', field: 'MANUAL_DATA_RECORDS', numeric: true, value: (r) => r.numberOfManualDataRecords },
    { key: 'datafiles', field: 'DATAFILES', numeric: true, value: (r) => r.numberOfDatafiles },
    { key: 'creditsUsed', field: 'CREDITS_USED', numeric: true, value: (r) => r.creditsUsed },
    { key: 'creditsRefunded', field: 'CREDITS_REFUNDED', numeric: true, value: (r) => r.creditsRefunded },
  ],
};
