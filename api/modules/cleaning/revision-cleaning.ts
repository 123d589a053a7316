// The server's side of the worksheet's live cleaning: the same rules over the same stored columns,
// through the same facade and the same column mapping (scoring/cleaning-columns.ts) as the browser's
// Web Worker, so saving a cleaning stores exactly the counts the user saw. The datafile service's
// updateCleaningSettings, the exports and the certificate build on these functions.
import { Type, type Table } from 'apache-arrow';
import { vectorToFloat64 } from '../../ingest/index';
import type { SavedCleaningJson } from '../../../db/schema';
import {
  RECORD_ID_COLUMN,
  cleaningInputFromColumns,
  duplicateVector,
  groupCells,
  type GroupCells,
  type CleaningInput,
  type CleaningResult,
  type CleaningRules,
  type Scoring,
} from '../../../scoring/index';

type SavedDuplicates = NonNullable<SavedCleaningJson['duplicates']>;

/** A getter over the numeric columns of a scores table, converting each column once. */
export function numericColumns(table: Table): (name: string) => Float64Array | undefined {
  const cache = new Map<string, Float64Array | undefined>();
  return (name) => {
    if (!cache.has(name)) {
      const field = table.schema.fields.find((f) => f.name === name);
      const numeric = field && (field.type.typeId === Type.Int || field.type.typeId === Type.Float);
      cache.set(name, numeric ? vectorToFloat64(table.getChild(name)!) : undefined);
    }
    return cache.get(name);
  };
}

/** The record ids of a scores table (text; null stays null). */
export function recordIdsOf(table: Table): (string | null)[] {
  const vector = table.getChild(RECORD_ID_COLUMN);
  if (!vector) throw new Error(`the scores have no ${RECORD_ID_COLUMN} column`);
  return Array.from(vector.toArray() as ArrayLike<string | null>, (v) =>
    v === null || v === undefined ? null : String(v),
  );
}

/**
 * Runs the cleaning rules over a revision's scores (the table of scores.arrow), with manual
 * decisions and quota cells as the worksheet sends them. Authoritative: what is stored and certified.
 */
export function cleanRevision(
  scoring: Pick<Scoring, 'cleaningSession'>,
  scores: Table,
  rules: CleaningRules,
  extras: Pick<CleaningInput, 'manual' | 'quota' | 'duplicate'> = {},
): CleaningResult {
  const session = scoring.cleaningSession(cleaningInputFromColumns(scores.numRows, numericColumns(scores), extras));
  try {
    return session.run(rules);
  } finally {
    session.free();
  }
}

/** The cells of a raw column (quota characteristic), numbered as the browser engine numbers them. */
export function groupingOf(raw: Table, column: string): GroupCells {
  const field = raw.schema.fields.find((f) => f.name === column);
  const vector = raw.getChild(column);
  if (!field || !vector) throw new Error(`grouping column ${column} is not in the data`);
  const numeric = field.type.typeId === Type.Int || field.type.typeId === Type.Float;
  let labels: Record<string, string> = {};
  try {
    labels = JSON.parse(field.metadata.get('value_labels') ?? '{}') as Record<string, string>;
  } catch {
    labels = {};
  }
  return groupCells(numeric ? vectorToFloat64(vector) : (vector.toArray() as (string | null)[]), labels);
}

/** Quota input from targets per value (`String(value)`); values without a target are not trimmed. */
export function quotaFor(
  group: GroupCells,
  targets: Readonly<Record<string, number>>,
): NonNullable<CleaningInput['quota']> {
  return {
    cell: Float64Array.from(group.cells),
    targets: Float64Array.from(group.values, (v) => targets[String(v)] ?? Number.NaN),
  };
}

/**
 * The saved Duplicate Respondent rule as the kernel's per-row flag (undefined when the rule is off),
 * keeping the best by the revision's combined column exactly as the save did.
 */
export function duplicateRowsOf(
  duplicates: SavedDuplicates | undefined,
  ids: readonly (string | null)[],
  scores: Table,
): Float64Array | undefined {
  if (!duplicates) return undefined;
  return duplicateVector(ids, numericColumns(scores)('combined'), duplicates, duplicates.keep);
}
