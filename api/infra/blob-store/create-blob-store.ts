import type { BlobStore, BlobStoreConfig } from './blob-store';
import { createLocalBlobStore } from './blob-store-local';
import { createS3BlobStore } from './blob-store-s3';

/** The configured adapter: S3 when S3_* is set, else local disk (kept apart from blob-store.ts, which both adapters import). */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return config.s3 ? createS3BlobStore(config) : createLocalBlobStore(config);
}
