// The export as an SPSS system file: every column of the export table (its SPSS shape: coded
// decisions, score bands) as a variable with a valid SPSS name, its label in the export's language
// (a raw column keeps the label of its source, or its uploaded name when SPSS needed another),
// value labels, measurement level, user-missing declaration of an SPSS source, and a print format
// that shows scores with the chosen decimals and other numbers as they are. Streamed case block by
// case block into the store.
import { savNames, savStream, type SavVariable } from '../../ingest/index';
import type { ExportColumn, ExportTable } from './export-table';

export const SAV_CONTENT_TYPE = 'application/x-spss-sav';

/** Decimals a raw numeric column needs to show its values (0 for whole numbers, at most 4). */
function decimalsOf(values: Float64Array): { decimals: number; width: number } {
  let decimals = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) continue;
    const a = Math.abs(v);
    if (a > max) max = a;
    if (decimals < 4 && !Number.isInteger(v)) {
      const text = String(v);
      const dot = text.indexOf('.');
      decimals = Math.max(decimals, dot < 0 ? 4 : Math.min(4, text.length - dot - 1));
    }
  }
  const digits = max >= 1 ? Math.floor(Math.log10(max)) + 1 : 1;
  return { decimals, width: Math.min(40, Math.max(8, digits + 1 + (decimals > 0 ? decimals + 1 : 0))) };
}

/** Bytes of the longest UTF-8 text in a column (at least 1, at most SPSS's 32,767). */
function widthOf(values: (string | null)[]): number {
  let max = 1;
  for (const v of values) {
    if (v === null || v.length * 3 <= max) continue;
    let n = 0;
    for (let k = 0; k < v.length; k++) {
      const c = v.charCodeAt(k);
      n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (k++, 4) : 3;
    }
    if (n > max) max = n;
  }
  return Math.min(32_767, max);
}

/**
 * A text column whose every value is a number's printed form (a CSV has no types: unmapped columns
 * are stored as text) as numbers, so SPSS computes with it; record ids and anything else stay text.
 */
function asNumbers(c: ExportColumn): Float64Array | null {
  if (c.kind !== 'text' || c.recordId || c.valueLabels) return null;
  const out = new Float64Array(c.values.length);
  let any = false;
  for (let i = 0; i < c.values.length; i++) {
    const v = c.values[i]!;
    if (v === null) {
      out[i] = Number.NaN;
      continue;
    }
    const n = v.length < 18 ? Number(v) : Number.NaN;
    if (!Number.isFinite(n) || String(n) !== v) return null;
    out[i] = n;
    any = true;
  }
  return any ? out : null;
}

function variableOf(c: ExportColumn, name: string, scoreDecimals: number | null): SavVariable {
  const label = c.label !== name ? c.label : c.header !== name ? c.header : undefined;
  const common = {
    name,
    ...(label ? { label } : {}),
    measure: c.measure,
    ...(c.valueLabels ? { valueLabels: c.valueLabels } : {}),
  };
  if (c.kind === 'text') return { ...common, type: 'string', width: widthOf(c.values) };
  const shown = c.score ? { decimals: scoreDecimals ?? 2, width: 8 } : decimalsOf(c.values);
  return {
    ...common,
    type: 'number',
    decimals: shown.decimals,
    formatWidth: shown.width,
    ...(c.missing?.values.length ? { missing: c.missing.values } : {}),
    ...(c.missing?.low !== undefined && c.missing.high !== undefined
      ? { missingRange: { low: c.missing.low, high: c.missing.high } }
      : {}),
  };
}

export function savExportStream(
  table: ExportTable,
  options: { scoreDecimals: number | null; fileLabel?: string },
): ReadableStream<Uint8Array> {
  const cols: ExportColumn[] = table.columns.map((c) => {
    const numbers = asNumbers(c);
    return numbers ? { ...c, kind: 'number', values: numbers, measure: 'scale' } : c;
  });
  const names = savNames(cols.map((c) => c.name));
  const variables = cols.map((c, j) => variableOf(c, names[j]!, options.scoreDecimals));
  return savStream(
    variables,
    table.rows,
    (i, j) => {
      const v = cols[j]!.values[i]!;
      return typeof v === 'number' ? (v === v ? v : null) : v;
    },
    { compression: 1, ...(options.fileLabel ? { fileLabel: options.fileLabel } : {}) },
  );
}
