// The export in Triple-S 2.0, the market-research exchange format: an XML file describing every
// variable (name, label, type, position, range and code texts) and a fixed-width data file, one line
// per interview, zipped together. Columns are the SPSS shape of the export table (coded decisions,
// score bands), so the two files say what the .sav says: codes with their texts become `single`
// variables, other numbers `quantity` with their decimals written out, text `character`. Triple-S
// has no missing-value declaration: an empty field is missing, so declared-missing codes of an SPSS
// source are written empty. Positions count characters; both files are UTF-8.
import { strToU8, zipSync } from 'fflate';
import { savNames } from '../../ingest/index';
import type { ExportColumn, ExportTable } from './export-table';

export const TRIPLE_S_CONTENT_TYPE = 'application/zip';

/** Decimals written for scores when every digit was asked for (a fixed-width field needs a number). */
const ALL_SCORE_DECIMALS = 4;

type Field =
  | { type: 'single'; width: number; from: number; to: number; codes: [number, string][] }
  | { type: 'quantity'; width: number; decimals: number; from: string; to: string }
  | { type: 'character'; width: number };

/** XML 1.0 allows no control characters but tab, LF and CR: they are left out. */
const withoutControls = (text: string) =>
  [...text].filter((ch) => ch.charCodeAt(0) >= 0x20 || ch === '\t' || ch === '\n' || ch === '\r').join('');

const escapeXml = (text: string) =>
  withoutControls(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text value on one line of a fixed-width file: no line breaks or tabs. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

function missingOf(c: ExportColumn): (v: number) => boolean {
  const values = new Set(c.missing?.values ?? []);
  const { low, high } = c.missing ?? {};
  return (v) => v !== v || values.has(v) || (low !== undefined && high !== undefined && v >= low && v <= high);
}

/** Decimals a column's values need (at most 4), scores the chosen number. */
function decimalsOf(
  c: ExportColumn & { kind: 'number' },
  scoreDecimals: number | null,
  missing: (v: number) => boolean,
) {
  if (c.score) return scoreDecimals ?? ALL_SCORE_DECIMALS;
  let decimals = 0;
  for (const v of c.values) {
    if (missing(v) || Number.isInteger(v)) continue;
    const text = String(v);
    const dot = text.indexOf('.');
    decimals = Math.max(decimals, dot < 0 ? 4 : Math.min(4, text.length - dot - 1));
    if (decimals === 4) break;
  }
  return decimals;
}

function fieldOf(c: ExportColumn, scoreDecimals: number | null): Field {
  if (c.kind === 'text') {
    let width = 1;
    for (const v of c.values) if (v !== null) width = Math.max(width, [...oneLine(v)].length);
    return { type: 'character', width };
  }
  const missing = missingOf(c);
  let min = Infinity;
  let max = -Infinity;
  let whole = true;
  for (const v of c.values) {
    if (missing(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    if (!Number.isInteger(v)) whole = false;
  }
  const codes = Object.entries(c.valueLabels ?? {})
    .map(([code, text]) => [Number(code), text] as [number, string])
    .filter(([code]) => Number.isInteger(code) && code >= 0 && !missing(code));
  // A coded column: whole, non-negative values, texts for its codes (a single response).
  if (codes.length > 0 && whole && (min === Infinity || min >= 0)) {
    const from = Math.min(min, ...codes.map(([code]) => code));
    const to = Math.max(max === -Infinity ? 0 : max, ...codes.map(([code]) => code));
    return { type: 'single', width: String(to).length, from, to, codes: codes.sort((a, b) => a[0] - b[0]) };
  }
  const decimals = decimalsOf(c, scoreDecimals, missing);
  const from = (min === Infinity ? 0 : min).toFixed(decimals);
  const to = (max === -Infinity ? 0 : max).toFixed(decimals);
  return { type: 'quantity', width: Math.max(from.length, to.length), decimals, from, to };
}

function cell(c: ExportColumn, f: Field, missing: (v: number) => boolean, i: number): string {
  if (c.kind === 'text') {
    const v = c.values[i];
    return v === null || v === undefined ? ' '.repeat(f.width) : oneLine(v).padEnd(f.width, ' ');
  }
  const v = c.values[i]!;
  if (missing(v)) return ' '.repeat(f.width);
  const text = f.type === 'quantity' ? v.toFixed(f.decimals) : String(v);
  return text.padStart(f.width, ' ');
}

/** The two files of a Triple-S 2.0 export: `<base>.sss` (the metadata) and `<base>.asc` (the data). */
export function tripleSFiles(
  table: ExportTable,
  options: { scoreDecimals: number | null; title: string; baseName: string; now?: Date },
): { sss: string; asc: string } {
  const names = savNames(table.columns.map((c) => c.name));
  const fields = table.columns.map((c) => fieldOf(c, options.scoreDecimals));
  const missing = table.columns.map(missingOf);
  const now = options.now ?? new Date();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sss version="2.0">',
    `  <date>${now.toISOString().slice(0, 10)}</date>`,
    `  <time>${now.toISOString().slice(11, 16)}</time>`,
    '  <origin>QualityCheck</origin>',
    '  <survey>',
    `    <name>${escapeXml(options.baseName)}</name>`,
    `    <title>${escapeXml(options.title)}</title>`,
    '    <record ident="A">',
  ];
  let start = 1;
  table.columns.forEach((c, j) => {
    const f = fields[j]!;
    const finish = start + f.width - 1;
    lines.push(
      `      <variable ident="${j + 1}" type="${f.type}">`,
      `        <name>${escapeXml(names[j]!)}</name>`,
      `        <label>${escapeXml(c.label || c.header)}</label>`,
      `        <position start="${start}" finish="${finish}"/>`,
    );
    if (f.type === 'single') {
      lines.push('        <values>', `          <range from="${f.from}" to="${f.to}"/>`);
      for (const [code, text] of f.codes) lines.push(`          <value code="${code}">${escapeXml(text)}</value>`);
      lines.push('        </values>');
    } else if (f.type === 'quantity') {
      lines.push('        <values>', `          <range from="${f.from}" to="${f.to}"/>`, '        </values>');
    }
    lines.push('      </variable>');
    start = finish + 1;
  });
  lines.push('    </record>', '  </survey>', '</sss>', '');
  const rows: string[] = [];
  for (let i = 0; i < table.rows; i++)
    rows.push(table.columns.map((c, j) => cell(c, fields[j]!, missing[j]!, i)).join(''));
  return { sss: lines.join('\r\n'), asc: rows.length > 0 ? `${rows.join('\r\n')}\r\n` : '' };
}

/** Both files in one zip, the download of a Triple-S export. */
export function tripleSZip(
  table: ExportTable,
  options: { scoreDecimals: number | null; title: string; baseName: string; now?: Date },
): Uint8Array {
  const { sss, asc } = tripleSFiles(table, options);
  return zipSync({ [`${options.baseName}.sss`]: strToU8(sss), [`${options.baseName}.asc`]: strToU8(asc) });
}
