// The duplicates module's front door: respondent identities (device fingerprint, panel ID, sample
// source) as the live import and the upload store them, and the duplicate and velocity checks.

export { storeUploadIdentities } from './upload-identities';
export { readIdentity, type HashedIdentity, type RawIdentity } from './identity';
export {
  DEFAULT_DUPLICATE_OPTIONS,
  checkOptions as checkDuplicateOptions,
  duplicatesOf,
  hashIdentity,
  identityEvidenceOf,
  sourceOfRecords,
  storeIdentity,
  type DuplicateOptions,
  type DuplicateReport,
} from './duplicates.service';
