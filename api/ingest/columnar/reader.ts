// Reading a published revision back: the manifest first (no manifest, no revision), then the
// selected columns of raw.arrow or scores.arrow by name (the result pages and the binary route). The
// manifest names each file's key: a revision prepared while step 3 was shown keeps its files in a
// folder of its own inside the revision's prefix (processing/prepare.ts).
import { tableFromIPC, tableToIPC, type Table } from 'apache-arrow';
import type { CombinedWeights } from '../../../scoring/index';
import { uploadError } from '../../kernel/errors/upload-errors';
import { revisionPrefix, type UploadBlobStore } from '../blob';
import { MANIFEST_FILE, RAW_FILE, RECORD_IDS_FILE, SCORES_FILE } from './layout';

export interface RevisionManifest {
  layoutVersion: string;
  datafileId: string;
  revision: number;
  scoringVersion: string;
  rows: number;
  files: {
    raw: { key: string; size: number; columns: string[] };
    scores: { key: string; size: number; columns: string[] };
    recordIds: { key: string; size: number };
  };
  createdAt: string;
  /** Present when the coherence judge ran: interviews read, scored, and failed. */
  coherence?: { asked: number; judged: number; failed: number };
  /** The combined score's weights scores.arrow holds (columnar/reweight.ts); absent: the scoring core's defaults. */
  weights?: Required<CombinedWeights>;
}

export async function readManifest(
  blobs: UploadBlobStore,
  datafileId: string,
  revision: number,
): Promise<RevisionManifest | null> {
  const bytes = await blobs.getBytes(revisionPrefix(datafileId, revision) + MANIFEST_FILE);
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as RevisionManifest) : null;
}

/**
 * The key of one of a revision's files as its manifest names it. Only keys inside the revision's own
 * prefix are followed (a manifest from before the keys were read names exactly these); anything else
 * falls back to the file's fixed name there.
 */
export function revisionFileKey(
  manifest: RevisionManifest | null,
  datafileId: string,
  revision: number,
  file: 'raw' | 'scores' | 'recordIds',
): string {
  const prefix = revisionPrefix(datafileId, revision);
  const named = manifest?.files[file]?.key;
  if (named && named.startsWith(prefix) && !named.slice(prefix.length).split('/').includes('..')) return named;
  return prefix + (file === 'raw' ? RAW_FILE : file === 'scores' ? SCORES_FILE : RECORD_IDS_FILE);
}

/**
 * The named columns of one file of a published revision, as an Arrow table (all columns when
 * `columns` is omitted). Unknown names are refused with DATAPOINT_NOT_FOUND and the name.
 */
export async function readRevisionColumns(
  blobs: UploadBlobStore,
  datafileId: string,
  revision: number,
  file: 'raw' | 'scores',
  columns?: readonly string[],
  /** The revision's manifest when the caller has read it already (null: there is none). */
  known?: RevisionManifest | null,
): Promise<Table> {
  const manifest = known === undefined ? await readManifest(blobs, datafileId, revision) : known;
  if (!manifest) throw uploadError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
  const key = revisionFileKey(manifest, datafileId, revision, file);
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
  blobs: UploadBlobStore,
  datafileId: string,
  revision: number,
  file: 'raw' | 'scores',
  columns?: readonly string[],
): Promise<Uint8Array> {
  return tableToIPC(await readRevisionColumns(blobs, datafileId, revision, file, columns), 'stream');
}
