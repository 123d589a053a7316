// The cleaning module's front door: what other modules may use of it (layering/imports holds them to it).

export { cleanRevision, duplicateRowsOf, groupingOf, numericColumns, quotaFor, recordIdsOf } from './revision-cleaning';
// Moved into the ingest engine (its reweighting needs it); kept here for the modules that read scores.
export { vectorToFloat64 } from '../../ingest/index';
export { loadSavedCleaning, type SavedCleaning, storeSavedCleaning } from './saved-cleaning.repo';
