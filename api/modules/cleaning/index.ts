// The cleaning module's front door: what other modules may use of it (layering/imports holds them to it).

export {
  cleanRevision,
  duplicateRowsOf,
  groupingOf,
  numericColumns,
  quotaFor,
  recordIdsOf,
  vectorToFloat64,
} from './revision-cleaning';
export { loadSavedCleaning, type SavedCleaning, storeSavedCleaning } from './saved-cleaning.repo';
