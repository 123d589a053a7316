// The blob store of the tests that run the upload engine or the export writers without an app: the
// real local adapter (the one STORAGE_DIR selects) over a temporary folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobStore } from '../../api/infra/blob-store/blob-store';
import { createLocalBlobStore } from '../../api/infra/blob-store/blob-store-local';

export type DiskBlobStore = BlobStore & {
  /** Every key under a prefix, sorted (tests check that a failed write leaves nothing behind). */
  keys: (prefix: string) => Promise<string[]>;
  dispose: () => void;
};

export function diskBlobStore(): DiskBlobStore {
  const storageDir = mkdtempSync(join(tmpdir(), 'uploads-blobs-'));
  const store = createLocalBlobStore({
    storageDir,
    s3: undefined,
    secret: 'test-secret-of-32-characters-or-more',
    uploadMaxBytes: 1 << 30,
  });
  const keys = async (prefix: string) => {
    let entries: string[];
    try {
      entries = readdirSync(join(storageDir, prefix), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(storageDir.length + 1));
    } catch {
      return [];
    }
    return entries.sort();
  };
  return Object.assign(store, { keys, dispose: () => rmSync(storageDir, { recursive: true, force: true }) });
}
