import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Libsql from 'libsql';
import { databaseFilePath } from '../../../db/client';
import { latestMigration } from '../../../db/migrate';
import type { BlobStore } from '../../infra/blob-store';
import { readManifest } from '../../ingest';

/**
 * `npm run db:backup`: a consistent copy of the database while servers keep writing, and a manifest
 * of the storage objects. The copy is SQLite's VACUUM INTO on a connection of its own: it reads one
 * snapshot (a read transaction; in WAL mode writers go on), writes a compact database file and
 * checks it. Then the store is listed: every object with its size, and the objects the copy
 * references (each published revision's files, saved cleanings' decisions, upload sources,
 * avatars and logos). Objects are written before the rows that reference them commit, so every
 * object the copy references was in the store when the copy was taken; only the retention job
 * deletes referenced objects, after its grace period (RETENTION_*), which is why backups must be
 * more frequent than it. With `copyStorage` every object is copied into the backup as well
 * (`storage/<key>`): needed for a store on local disk, optional for a bucket with versioning.
 */

export const BACKUP_FORMAT = 1;
export const BACKUP_DATABASE_FILE = 'app.db';
export const BACKUP_MANIFEST_FILE = 'manifest.json';
export const BACKUP_STORAGE_DIR = 'storage';

export type ReferencedObject = {
  key: string;
  /** Bytes the referencing row or revision manifest expects; null when only its presence is known. */
  size: number | null;
  /** Needed to open what the database lists (revisions, decisions); an upload source may have expired. */
  required: boolean;
  why: string;
};

export type BackupManifest = {
  format: number;
  createdAt: string;
  database: {
    file: string;
    bytes: number;
    sha256: string;
    /** When the copy's newest applied migration was generated (drizzle's journal instant, ms). */
    lastMigrationAt: number;
    /** The newest migration of the build that made the backup. */
    buildMigration: string;
    integrity: string;
  };
  storage: {
    kind: 'local' | 's3';
    copied: boolean;
    objects: { key: string; size: number }[];
    bytes: number;
  };
  referenced: ReferencedObject[];
  /** Referenced objects the store did not have when the backup was taken (required ones fail the backup). */
  missing: ReferencedObject[];
};

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The key of a `/files/<key>` path kept in a row (avatars, report logos), or undefined. */
const fileKeyOf = (path: string | null) => (path?.startsWith('/files/') ? path.slice('/files/'.length) : undefined);

/** What the copied database references in the store (read from the copy, so it matches it exactly). */
async function referencedObjects(copy: Libsql.Database, blobs: BlobStore): Promise<ReferencedObject[]> {
  const out: ReferencedObject[] = [];
  const files = copy
    .prepare('select id, revision, saved_cleaning from datafiles where revision > 0 and purged_at is null')
    .all() as { id: string; revision: number; saved_cleaning: string | null }[];
  for (const f of files) {
    const manifestKey = `datafiles/${f.id}/${f.revision}/manifest.json`;
    const manifest = await readManifest(blobs, f.id, f.revision);
    out.push({ key: manifestKey, size: null, required: true, why: `revision ${f.revision} of datafile ${f.id}` });
    if (manifest)
      for (const file of [manifest.files.raw, manifest.files.scores, manifest.files.recordIds])
        out.push({ key: file.key, size: file.size, required: true, why: `revision ${f.revision} of datafile ${f.id}` });
    const decisions = f.saved_cleaning
      ? (JSON.parse(f.saved_cleaning) as { decisionsKey?: string }).decisionsKey
      : null;
    if (decisions) out.push({ key: decisions, size: null, required: true, why: `saved cleaning of datafile ${f.id}` });
  }
  const sources = copy
    .prepare(
      "select u.source_key as key, u.source_bytes as size from datafile_uploads u join datafiles d on d.id = u.datafile_id where u.source_key like 'uploads/%' and d.purged_at is null",
    )
    .all() as { key: string; size: number }[];
  for (const s of sources) out.push({ key: s.key, size: s.size, required: false, why: 'upload source' });
  const images = copy
    .prepare(
      "select image as path from users where image like '/files/%' union select image from companies where image like '/files/%' union select client_logo from datafile_reports where client_logo like '/files/%'",
    )
    .all() as { path: string }[];
  for (const i of images) {
    const key = fileKeyOf(i.path);
    if (key) out.push({ key, size: null, required: false, why: 'avatar or logo' });
  }
  return out;
}

/** Copies the database file at `databaseUrl` into `outDir` (which must not exist yet) and writes the manifest. */
export async function backup(options: {
  databaseUrl: string;
  blobs: BlobStore;
  outDir: string;
  copyStorage: boolean;
  now: Date;
}): Promise<BackupManifest> {
  const source = databaseFilePath(options.databaseUrl);
  if (source === undefined)
    throw new Error(
      `db:backup copies a database file; ${options.databaseUrl} is a libSQL server: use the server's own backups (Turso: point-in-time restore, or \`turso db shell <database> .dump\`)`,
    );
  const outDir = resolve(options.outDir);
  if (existsSync(outDir)) throw new Error(`${outDir} exists already: name a new folder for the backup`);
  await mkdir(outDir, { recursive: true });
  const target = join(outDir, BACKUP_DATABASE_FILE);

  const reader = new Libsql(source, { readonly: true });
  try {
    reader.prepare('VACUUM INTO ?').run([target]);
  } finally {
    reader.close();
  }
  const copy = new Libsql(target, { readonly: true });
  let integrity: string;
  let lastMigrationAt: number;
  let referenced: ReferencedObject[];
  try {
    integrity = (copy.prepare('PRAGMA integrity_check').raw(true).all() as string[][]).map((r) => r[0]).join('; ');
    lastMigrationAt = Number(
      (copy.prepare('select max(created_at) from __drizzle_migrations').raw(true).get() as unknown[])[0] ?? 0,
    );
    referenced = await referencedObjects(copy, options.blobs);
  } finally {
    copy.close();
  }

  const objects: { key: string; size: number }[] = [];
  let bytes = 0;
  for await (const o of options.blobs.list()) {
    objects.push({ key: o.key, size: o.size });
    bytes += o.size;
    if (options.copyStorage) {
      const body = await options.blobs.get(o.key);
      // Gone since it was listed (an export replaced, a draft's file removed): not referenced by the copy.
      if (!body) continue;
      const path = join(outDir, BACKUP_STORAGE_DIR, o.key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(Readable.fromWeb(body as never), createWriteStream(path));
    }
  }
  const sizes = new Map(objects.map((o) => [o.key, o.size]));
  const missing = referenced.filter((r) => {
    const size = sizes.get(r.key);
    return size === undefined || (r.size !== null && size !== r.size);
  });

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: options.now.toISOString(),
    database: {
      file: BACKUP_DATABASE_FILE,
      bytes: (await stat(target)).size,
      sha256: await sha256File(target),
      lastMigrationAt,
      buildMigration: latestMigration().tag,
      integrity,
    },
    storage: { kind: options.blobs.kind, copied: options.copyStorage, objects, bytes },
    referenced,
    missing,
  };
  await writeFile(join(outDir, BACKUP_MANIFEST_FILE), JSON.stringify(manifest, null, 1));
  return manifest;
}
