// Reading a published revision back: the manifest first (no manifest, no revision), then the
// selected columns of raw.arrow or scores.arrow by name (the result pages and the binary route).
import { tableFromIPC, tableToIPC, type Table } from 'apache-arrow';
import { uploadError } from '../errors';
import { revisionPrefix, type UploadBlobStore } from '../blob';
import { MANIFEST_FILE, RAW_FILE, SCORES_FILE } from './layout';

export interface RevisionManifest {
  layoutVersion: string;
  datafileId: string;
  revision: number;
  scoringVersion: string;
  rows: number;
  files: { raw: { key: string; size: number; columns: string[] }; scores: { key: string; size: number; columns: string[] }; recordIds: { key: string; size: number } };
  createdAt: string;
}

export async function readManifest(blobs: UploadBlobStore, datafileId: string, revision: number): Promise<RevisionManifest | null> {
  const bytes = await blobs.getBytes(revisionPrefix(datafileId, revision) + MANIFEST_FILE);
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as RevisionManifest) : null;
}

/**
 * The named columns of one file of a published revision, as an Arrow table (all columns when
 * `columns` is omitted). Unknown names are refused with DATAPOINT_NOT_FOUND and the name.
 */
export async function readRevisionColumns(
  blobs: UploadBlobStore, datafileId: string, revision: number, file: 'raw' | 'scores', columns?: readonly string[],
): Promise<Table> {
  const manifest = await readManifest(blobs, datafileId, revision);
  if (!manifest) throw uploadError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
  const key = revisionPrefix(datafileId, revision) + (file === 'raw' ? RAW_FILE : SCORES_FILE);
  const bytes = await blobs.getBytes(key);
  if (!bytes) throw uploadError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_FILE_MISSING' });
  const table = tableFromIPC(bytes);
  if (!columns) return table;
  const names = new Set(table.schema.fields.map((f) => f.name));
  const unknown = columns.find((c) => !names.has(c));
  if (unknown !== undefined) throw uploadError('DATAPOINT_NOT_FOUND', { column: unknown });
  return table.select([...columns]);
}

/** The same columns as an Arrow IPC stream (what the binary columns route sends, gzip on top). */
export async function revisionColumnsIpc(
  blobs: UploadBlobStore, datafileId: string, revision: number, file: 'raw' | 'scores', columns?: readonly string[],
): Promise<Uint8Array> {
  return tableToIPC(await readRevisionColumns(blobs, datafileId, revision, file, columns), 'stream');
}
