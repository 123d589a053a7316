// Re-upload (update) of a datafile: the new file must have the same columns as the revision before
// it, else DATAFILE_STRUCTURE_IS_DIFFERENT naming what is missing and what is new.
import { uploadError } from '../../kernel/errors/upload-errors';
import type { TableHeader } from '../types';
import type { ValidationIssue } from '../validate/mapping';

export interface StructureDifference {
  missing: string[];
  added: string[];
}

/** Columns (header names) of the earlier revision against the new file's header; order may differ. */
export function structureDifference(previous: readonly string[], header: TableHeader): StructureDifference {
  const now = header.columns.map((c) => c.name).filter((n) => n !== '');
  // Revisions stored by the one-call route before it used step 2's row-number ID carry it as a column '#row'.
  const was = previous.filter((c) => c !== '#row');
  const before = new Set(was);
  const after = new Set(now);
  return { missing: was.filter((c) => !after.has(c)), added: now.filter((c) => !before.has(c)) };
}

export function compareStructure(previous: readonly string[], header: TableHeader): void {
  const d = structureDifference(previous, header);
  if (d.missing.length || d.added.length) {
    throw uploadError('DATAFILE_STRUCTURE_IS_DIFFERENT', {
      column: d.missing[0] ?? d.added[0],
      columns: [...d.missing.slice(0, 10), ...d.added.slice(0, 10)],
      reason: d.missing.length ? 'COLUMNS_MISSING' : 'COLUMNS_ADDED',
      value: `${d.missing.length} missing, ${d.added.length} added`,
    });
  }
}

/** The difference as step 2's check lists it (the first columns of each kind), or undefined when there is none. */
export function structureIssue(previous: readonly string[], header: TableHeader): ValidationIssue | undefined {
  const d = structureDifference(previous, header);
  if (!d.missing.length && !d.added.length) return undefined;
  const column = d.missing[0] ?? d.added[0];
  return {
    code: 'DATAFILE_STRUCTURE_IS_DIFFERENT',
    reason: d.missing.length ? 'COLUMNS_MISSING' : 'COLUMNS_ADDED',
    ...(column !== undefined ? { column } : {}),
    columns: [...d.missing, ...d.added].slice(0, 20),
    value: `${d.missing.length} / ${d.added.length}`,
  };
}
