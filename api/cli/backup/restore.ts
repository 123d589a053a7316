import { createReadStream, existsSync } from 'node:fs';
import { copyFile, readFile, rename, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { databaseFilePath } from '../../../db/client';
import type { BlobStore } from '../../infra/blob-store';
import {
  BACKUP_FORMAT,
  BACKUP_MANIFEST_FILE,
  BACKUP_STORAGE_DIR,
  sha256File,
  type BackupManifest,
  type ReferencedObject,
} from './backup';

export type RestoreReport = {
  database: string;
  /** Where the database that was there before went (with --force), if there was one. */
  keptPrevious: string | undefined;
  objectsWritten: number;
  objectsPresent: number;
  /** Referenced objects the store lacks after the restore (required ones fail it). */
  missing: ReferencedObject[];
};

/**
 * `npm run db:restore <backup>`: puts a backup's database file where DATABASE_URL points and, when
 * the backup holds the storage objects, writes those the configured store lacks (or holds with
 * another size); then checks that every object the database references is there. Run it with the
 * servers stopped: a process with the old file open would keep writing to it. An existing database
 * is replaced only with `force`, and kept beside it as `<file>.pre-restore-<time>`.
 */
export async function restore(options: {
  backupDir: string;
  databaseUrl: string;
  blobs: BlobStore;
  force: boolean;
  now: Date;
}): Promise<RestoreReport> {
  const dir = resolve(options.backupDir);
  const manifest = JSON.parse(await readFile(join(dir, BACKUP_MANIFEST_FILE), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${manifest.format}`);
  const source = join(dir, manifest.database.file);
  if ((await sha256File(source)) !== manifest.database.sha256)
    throw new Error(`${source} does not match the manifest's checksum: the backup is damaged`);
  const target = databaseFilePath(options.databaseUrl);
  if (target === undefined)
    throw new Error(
      `db:restore writes a database file; for a libSQL server load ${source} with the server's own tools (Turso: \`turso db create <name> --from-file ${source}\`)`,
    );

  let keptPrevious: string | undefined;
  if (existsSync(target)) {
    if (!options.force)
      throw new Error(
        `${target} exists: stop every server using it and run again with --force (it is kept as ${target}.pre-restore-<time>)`,
      );
    keptPrevious = `${target}.pre-restore-${options.now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(target, keptPrevious);
    // The old file's WAL belongs to it; left in place it would be replayed into the restored file.
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(target + suffix)) await rename(target + suffix, keptPrevious + suffix);
  }
  await copyFile(source, target);

  let objectsWritten = 0;
  let objectsPresent = 0;
  if (manifest.storage.copied) {
    for (const o of manifest.storage.objects) {
      const path = join(dir, BACKUP_STORAGE_DIR, o.key);
      if (!existsSync(path)) continue;
      if ((await options.blobs.stat(o.key))?.size === o.size) {
        objectsPresent++;
        continue;
      }
      // Small objects in one piece, large ones streamed.
      const body =
        (await stat(path)).size < 8 * 1024 * 1024
          ? await readFile(path)
          : (Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>);
      await options.blobs.put(o.key, body);
      objectsWritten++;
    }
  }
  const missing: ReferencedObject[] = [];
  for (const r of manifest.referenced) {
    const s = await options.blobs.stat(r.key);
    if (!s || (r.size !== null && s.size !== r.size)) missing.push(r);
  }
  return { database: target, keptPrevious, objectsWritten, objectsPresent, missing };
}
