// The uploads module's front door: what other modules may use of it (layering/imports holds them to it).

export { rowOfDataPoint, splitKeywords } from './datapoints';
export { uploadProcessStep } from './jobs/upload.jobs';
export { planWeightsOf } from './upload-job.service';
export { UPLOAD_CHECK_JOB, UPLOAD_JOB } from './jobs/contract';
export {
  companyRef,
  contributorIdsOf,
  type DatafileRow,
  type DatapointInsert,
  type DatapointRow,
  datapointsOf,
  findDatafile,
  findUpload,
  insertDatafile,
  insertUpload,
  nextRevision,
  replaceDatapoints,
  updateDatafile,
  userNames,
} from './uploads.repo';
