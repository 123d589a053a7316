// The datafiles module's front door: what other modules may use of it (layering/imports holds them to it).

export { canSeeDatafile, canUploadTo, requireDatafile } from './datafiles.policy';
export { presentDatapoint, presentMetadata, presentRecordSummary } from './datafiles.presenter';
export {
  companyRef,
  contributorIdsOf,
  type DatafileInsert,
  type DatafileRow,
  findDatafile,
  insertDatafile,
  nextRevision,
  updateDatafile,
  userNames,
  visibleDatafiles,
} from './datafiles.repo';
