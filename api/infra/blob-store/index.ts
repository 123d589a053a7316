// api/infra/blob-store's front door: what the rest of the server may use of it (layering/imports holds it).
export {
  AVATAR_MAX_BYTES,
  type BlobKind,
  type BlobListing,
  blobPolicies,
  type BlobStat,
  type BlobStore,
  blobStoreConfig,
  type BlobStoreConfig,
  contentTypeForKey,
  isValidBlobKey,
} from './blob-store';
export { createBlobStore } from './create-blob-store';
export { checkGetSignature, checkPutSignature } from './signed-urls';
