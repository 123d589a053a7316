// The exports module's front door: what other modules may use of it (layering/imports holds them to it).

export { EXPORT_JOB } from './jobs/contract';
export { reportUrlOf } from './export-job.service';
export { recordIdColumnOf, recordIdsOfRevision } from './export-table';
export type { ExportCleaning } from './export.service';
export { arrowExportTable } from './arrow-export';
export { PARQUET_CONTENT_TYPE, parquetOfTable } from './parquet-export';
export { TRIPLE_S_CONTENT_TYPE, tripleSZip } from './triple-s-export';
export { csvExportStream } from './csv-export';
export { buildExportTable } from './export-table';
export { exportInputFor } from './export-job.service';
export { runExport } from './export.service';
