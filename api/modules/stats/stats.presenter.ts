import type { StatsFigures, StatsRowRecord } from './stats.repo';

/** The figures with the manual counts the schema names (everything not live is manual). */
export function presentFigures<T extends StatsFigures>(f: T) {
  return {
    ...f,
    numberOfManualDatafiles: f.numberOfDatafiles - f.numberOfLiveDatafiles,
    numberOfManualDataRecords: f.numberOfDataRecords - f.numberOfLiveDataRecords,
  };
}

export function presentStatsRow(row: StatsRowRecord) {
  return { ...presentFigures(row), organization: { id: row.companyId, name: row.companyName } };
}
