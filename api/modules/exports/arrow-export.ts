// The export for scripts: one Arrow IPC file with the raw columns, the score columns and the decision
// columns, every field keeping its metadata (labels, SPSS value labels, categories), so pandas, polars,
// R and DuckDB read types and labels without guessing. Written batch by batch into the store.
import { Field, Int8, makeVector, Schema, Table, Utf8, vectorFromArray, type Vector } from 'apache-arrow';
import { REASONS, RECORD_ID_COLUMN } from '../../../scoring/index';
import { ArrowBlobFile, SOURCE_ROW_COLUMN } from '../../ingest';
import type { UploadBlobStore } from '../../ingest';
import { recordIdColumnOf, type Decisions } from './export-table';

export const ARROW_CONTENT_TYPE = 'application/vnd.apache.arrow.file';

/** Raw columns, score columns and the decision columns as one table (the export file, and the scripts' scores route). */
export function arrowExportTable(raw: Table, scores: Table, decisions: Decisions): Table {
  const recordIdColumn = recordIdColumnOf(raw);
  const fields: Field[] = [];
  const vectors: Record<string, Vector> = {};
  const add = (field: Field, vector: Vector) => {
    // A raw column may carry a score's name ("combined"): the score keeps it under `score.<name>`.
    const name = vectors[field.name] ? `score.${field.name}` : field.name;
    fields.push(name === field.name ? field : new Field(name, field.type, field.nullable, field.metadata));
    vectors[name] = vector;
  };
  for (const f of raw.schema.fields) if (f.name !== SOURCE_ROW_COLUMN) add(f, raw.getChild(f.name)!);
  for (const f of scores.schema.fields)
    if (!(f.name === RECORD_ID_COLUMN && recordIdColumn !== null)) add(f, scores.getChild(f.name)!);
  const n = raw.numRows;
  const code = Array.from(decisions.primary, (p) => (p >= 0 ? REASONS[p]! : null));
  const all = Array.from(decisions.reasons, (bits) =>
    bits === 0 ? null : REASONS.filter((_, k) => (bits & (1 << k)) !== 0).join('|'),
  );
  const meta = (label: string) => new Map([['label', label]]);
  add(
    new Field('kept', new Int8(), false, meta('1 kept, 0 removed by the cleaning')),
    makeVector(Int8Array.from(decisions.kept)),
  );
  add(
    new Field('reason_code', new Utf8(), true, meta(`Primary exclusion reason (${REASONS.join(', ')})`)),
    vectorFromArray(code, new Utf8()),
  );
  add(
    new Field('reason_codes', new Utf8(), true, meta('Every exclusion reason that fired, joined by |')),
    vectorFromArray(all, new Utf8()),
  );
  const schema = new Schema(fields, new Map([...scores.schema.metadata, ['content', 'export']]));
  // Vectors of both files come in their own batch sizes; the table cuts them into common batches.
  const table = new Table(schema, vectors as never);
  if (table.numRows !== n) throw new Error(`export: ${table.numRows} rows in the Arrow table, expected ${n}`);
  return table;
}

export async function writeArrowExport(
  blobs: UploadBlobStore,
  key: string,
  raw: Table,
  scores: Table,
  decisions: Decisions,
): Promise<{ size: number; columns: string[] }> {
  const table = arrowExportTable(raw, scores, decisions);
  const { schema } = table;
  const file = new ArrowBlobFile(blobs, key, schema);
  try {
    for (const batch of table.batches) await file.write(batch.data.children as never, batch.numRows);
    const { size } = await file.close();
    return { size, columns: schema.fields.map((f) => f.name) };
  } catch (error) {
    file.abort();
    throw error;
  }
}
