// SPSS system files (.sav, and .zsav with zlib blocks), read from the format PSPP documents
// ("System File Format"). sav-reader 2.0.8 was tried first and left out: under Bun it stops on a
// valid file ("No data read even after wait"), it decodes strings per 8-byte segment (a UTF-8
// character across a segment boundary breaks), ignores the file's code page and awaits every value. This reader keeps variable labels and value labels (the
// preview and the exports show them) and turns system-missing and user-missing values into missing.
import { unzlibSync } from 'fflate';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import { uploadError } from '../../kernel/errors/upload-errors';
import type { UploadLimits } from '../limits';
import type { Cell, ColumnInfo, ReadOptions, TableSource } from '../types';
import { assembleTable, type RawRow } from './table';
import { byteText, encodingName, latin1Bytes, numberKind, spssDateText, type NumberKind } from './sav-text';

const corrupt = (reason: RefusalReason) => uploadError('UPLOAD_FILE_CORRUPT', { reason });
const overLimit = (reason: RefusalReason, limit: number, value: number) =>
  uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', { reason, limit, value });

interface Variable {
  /** Width in bytes for strings, 0 for numbers. */
  width: number;
  /** Numbers: plain, or a date / date-time by the print format (TIME and DTIME stay seconds). */
  kind: NumberKind;
  shortName: string;
  name: string;
  label?: string;
  /** Discrete user-missing values and ranges. */
  missing: { values: number[]; strings: string[]; low?: number; high?: number };
  /** First 8-byte slot of the variable in a case. */
  slot: number;
  /** 8-byte slots it occupies (very long strings: several 255-byte segments). */
  slots: number;
  valueLabels?: Record<string, string>;
  measure?: 'nominal' | 'ordinal' | 'scale';
}

const MEASURES = [undefined, 'nominal', 'ordinal', 'scale'] as const;

class Cursor {
  pos = 0;
  readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    readonly le: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(n: number): void {
    if (this.pos + n > this.bytes.length) throw corrupt('SAV_TRUNCATED');
  }
  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, this.le);
    this.pos += 4;
    return v;
  }
  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, this.le);
    this.pos += 8;
    return v;
  }
  raw(n: number): Uint8Array {
    if (n < 0) throw corrupt('SAV_LENGTH');
    this.need(n);
    const v = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
}

export interface SavDictionary {
  variables: Variable[];
  compression: number;
  bias: number;
  sysmis: number;
  cases: number;
  slotsPerCase: number;
  decoder: TextDecoder;
  dataStart: number;
  le: boolean;
}

export function readSavDictionary(bytes: Uint8Array, limits: UploadLimits): SavDictionary {
  if (bytes.length < 176) throw corrupt('SAV_TRUNCATED');
  const magic = byteText(bytes.subarray(0, 4));
  if (magic !== '$FL2' && magic !== '$FL3')
    throw uploadError('UPLOAD_FILE_TYPE_MISMATCH', { reason: 'CONTENT_DOES_NOT_MATCH_FORMAT' });
  const probe = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const layout = probe.getInt32(64, true);
  const le = layout === 2 || layout === 3;
  const c = new Cursor(bytes, le);
  c.pos = 64;
  // The header's case size (offset 68) is not trusted: a case is as wide as the dictionary's slots
  // (as PSPP reads it), since 2^31 - 1 there allocated 16 GiB for one case ("Out of memory").
  c.pos = 72;
  const compression = c.i32();
  c.i32(); // weight index
  const cases = c.i32();
  const bias = c.f64();
  c.pos = 176;
  if (compression < 0 || compression > 2) throw corrupt('SAV_COMPRESSION');
  const slots: ({ width: number; v: Variable } | null)[] = [];
  const variables: Variable[] = [];
  const rawLabels: { values: Uint8Array[]; labels: Uint8Array[]; slots: number[] }[] = [];
  let labelCount = 0;
  let longNames = '';
  let veryLong = '';
  let encName: string | undefined;
  let codePage: number | undefined;
  let sysmis = -Number.MAX_VALUE;
  let display: Int32Array | undefined;
  const rawVarLabels = new Map<Variable, Uint8Array>();
  for (let guard = 0; ; guard++) {
    if (guard > 1_000_000) throw corrupt('SAV_DICTIONARY');
    const type = c.i32();
    if (type === 2) {
      const width = c.i32();
      const hasLabel = c.i32();
      const nMissing = c.i32();
      const printFormat = c.i32();
      c.i32(); // write format
      const shortName = byteText(c.raw(8)).trimEnd();
      let label: Uint8Array | undefined;
      if (hasLabel === 1) {
        const len = c.i32();
        label = c.raw(len);
        c.raw((4 - (len % 4)) % 4);
      }
      const missing: Variable['missing'] = { values: [], strings: [] };
      const count = Math.abs(nMissing);
      if (count > 3) throw corrupt('SAV_MISSING_VALUES');
      const mv: Uint8Array[] = [];
      for (let k = 0; k < count; k++) mv.push(c.raw(8));
      if (width === -1) {
        slots.push(null);
        continue;
      }
      if (width < 0 || width > 255) throw corrupt('SAV_VARIABLE_WIDTH');
      const toNum = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, 8).getFloat64(0, le);
      if (width === 0) {
        let k = 0;
        if (nMissing === -2 || nMissing === -3) {
          missing.low = toNum(mv[0]!);
          missing.high = toNum(mv[1]!);
          k = 2;
        }
        for (; k < count; k++) missing.values.push(toNum(mv[k]!));
      } else {
        for (const b of mv) missing.strings.push(byteText(b).trimEnd());
      }
      const v: Variable = {
        width,
        kind: width === 0 ? numberKind(printFormat) : 'number',
        shortName,
        name: shortName,
        missing,
        slot: slots.length,
        slots: 1 + Math.ceil(width / 8) - (width > 0 ? 1 : 0),
      };
      if (label) rawVarLabels.set(v, label);
      slots.push({ width, v });
      variables.push(v);
      if (variables.length > limits.maxColumns)
        throw overLimit('TOO_MANY_COLUMNS', limits.maxColumns, variables.length);
    } else if (type === 3) {
      const n = c.i32();
      if (n < 0 || n > 1_000_000) throw corrupt('SAV_VALUE_LABELS');
      const values: Uint8Array[] = [];
      const labels: Uint8Array[] = [];
      for (let k = 0; k < n; k++) {
        values.push(c.raw(8));
        const len = c.raw(1)[0]!;
        labels.push(c.raw(len));
        c.raw((8 - ((len + 1) % 8)) % 8);
      }
      if (c.i32() !== 4) throw corrupt('SAV_VALUE_LABEL_VARIABLES');
      const nv = c.i32();
      if (nv < 0 || nv > slots.length) throw corrupt('SAV_VALUE_LABEL_VARIABLES');
      const refs: number[] = [];
      for (let k = 0; k < nv; k++) refs.push(c.i32() - 1);
      // A set's labels are kept for each variable it names: 100,000 labels for 2,000 variables (2 MB) took GBs.
      labelCount += n * nv;
      if (labelCount > limits.maxValueLabels)
        throw overLimit('TOO_MANY_VALUE_LABELS', limits.maxValueLabels, labelCount);
      rawLabels.push({ values, labels, slots: refs });
    } else if (type === 6) {
      const lines = c.i32();
      c.raw(lines * 80);
    } else if (type === 7) {
      const sub = c.i32();
      const size = c.i32();
      const count = c.i32();
      const data = c.raw(size * count);
      const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (sub === 3 && data.length >= 32) codePage = dv.getInt32(28, le);
      else if (sub === 4 && data.length >= 8) sysmis = dv.getFloat64(0, le);
      else if (sub === 11 && size === 4)
        display = new Int32Array(Array.from({ length: count }, (_, k) => dv.getInt32(k * 4, le)));
      else if (sub === 13) longNames = byteText(data);
      else if (sub === 14) veryLong = byteText(data);
      else if (sub === 20) encName = byteText(data);
    } else if (type === 999) {
      c.i32();
      break;
    } else {
      throw corrupt('SAV_RECORD_TYPE');
    }
  }
  const decoder = new TextDecoder(encodingName(encName, codePage));
  // Display parameters: 2 or 3 numbers per variable record (very long string segments included), measure first.
  if (display && variables.length > 0 && display.length % variables.length === 0) {
    const per = display.length / variables.length;
    if (per === 2 || per === 3) variables.forEach((v, k) => (v.measure = MEASURES[display![k * per]!]));
  }
  // Strings wider than 8 bytes occupy their continuation slots.
  for (const v of variables) {
    if (v.width > 0) {
      let s = v.slot + 1;
      while (s < slots.length && slots[s] === null) s++;
      v.slots = s - v.slot;
    }
    const l = rawVarLabels.get(v);
    if (l) v.label = decoder.decode(l).trim();
  }
  // Very long strings (> 255 bytes) are split into 255-byte segments, each its own variable: merge them.
  let merged = variables;
  if (veryLong) {
    const widths = new Map<string, number>();
    for (const part of veryLong.split(/[\t\0]+/)) {
      const m = /^([^=]+)=0*(\d+)/.exec(part);
      if (m) widths.set(m[1]!.toUpperCase(), Number(m[2]));
    }
    merged = [];
    for (let k = 0; k < variables.length; k++) {
      const v = variables[k]!;
      const w = widths.get(v.shortName.toUpperCase());
      if (w && w > 255) {
        const segments = Math.ceil(w / 252);
        const last = variables[Math.min(variables.length - 1, k + segments - 1)]!;
        v.slots = last.slot + last.slots - v.slot;
        v.width = w;
        k += segments - 1;
      }
      merged.push(v);
    }
  }
  // Names and string codes are bytes in the file's encoding: decoded once the encoding is known. The
  // long-name record (keyed by the short names' bytes) wins over a short name cut inside a character.
  const longName = new Map<string, string>();
  for (const part of longNames.split('\t')) {
    const eq = part.indexOf('=');
    if (eq > 0) longName.set(part.slice(0, eq).toUpperCase(), decoder.decode(latin1Bytes(part.slice(eq + 1))));
  }
  for (const v of merged) {
    v.name = longName.get(v.shortName.toUpperCase()) ?? decoder.decode(latin1Bytes(v.shortName));
    v.missing.strings = v.missing.strings.map((m) => decoder.decode(latin1Bytes(m)).trimEnd());
  }
  const bySlot = new Map(merged.map((v) => [v.slot, v]));
  for (const set of rawLabels) {
    for (const s of set.slots) {
      const v = bySlot.get(s);
      if (!v) continue;
      v.valueLabels ??= {};
      set.values.forEach((val, k) => {
        const key =
          v.width === 0
            ? String(new DataView(val.buffer, val.byteOffset, 8).getFloat64(0, le))
            : decoder.decode(val).trimEnd();
        v.valueLabels![key] = decoder.decode(set.labels[k]!).trim();
      });
    }
  }
  return {
    variables: merged,
    compression,
    bias,
    sysmis,
    cases,
    slotsPerCase: slots.length,
    decoder,
    dataStart: c.pos,
    le,
  };
}

/** The bytecode-compressed data of a .zsav: its zlib blocks inflated one after another. */
function zsavData(bytes: Uint8Array, start: number, le: boolean, limits: UploadLimits): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (start + 24 > bytes.length) throw corrupt('SAV_TRUNCATED');
  const trailerOfs = Number(dv.getBigInt64(start + 8, le));
  if (trailerOfs + 24 > bytes.length || trailerOfs < start) throw corrupt('ZSAV_TRAILER');
  const blocks = dv.getInt32(trailerOfs + 20, le);
  if (blocks < 0 || trailerOfs + 24 + blocks * 24 > bytes.length) throw corrupt('ZSAV_TRAILER');
  const parts: Uint8Array[] = [];
  let total = 0;
  for (let b = 0; b < blocks; b++) {
    const at = trailerOfs + 24 + b * 24;
    const compOfs = Number(dv.getBigInt64(at + 8, le));
    const usize = dv.getInt32(at + 16, le);
    const csize = dv.getInt32(at + 20, le);
    total += usize;
    if (total > limits.maxUncompressedBytes)
      throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
        reason: 'ZIP_UNCOMPRESSED_SIZE',
        limit: limits.maxUncompressedBytes,
        value: total,
      });
    if (usize > limits.maxCompressionRatio * Math.max(1, csize) && usize > 65536) {
      throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
        reason: 'ZIP_RATIO',
        limit: limits.maxCompressionRatio,
        value: Math.round(usize / Math.max(1, csize)),
      });
    }
    if (compOfs < 0 || compOfs + csize > bytes.length) throw corrupt('ZSAV_BLOCK');
    let out: Uint8Array;
    try {
      out = unzlibSync(bytes.subarray(compOfs, compOfs + csize), { out: new Uint8Array(usize) });
    } catch {
      throw corrupt('ZSAV_INFLATE');
    }
    parts.push(out);
  }
  const all = new Uint8Array(total);
  let p = 0;
  for (const part of parts) {
    all.set(part, p);
    p += part.length;
  }
  return all;
}

/** Cases as rows of 8-byte slots decoded to cells. */
export function* savRows(bytes: Uint8Array, dict: SavDictionary, limits: UploadLimits): Generator<RawRow> {
  const { variables, le, bias, sysmis } = dict;
  const n = dict.slotsPerCase;
  const data = dict.compression === 2 ? zsavData(bytes, dict.dataStart, le, limits) : bytes.subarray(dict.dataStart);
  const caseBytes = new Uint8Array(n * 8);
  const caseView = new DataView(caseBytes.buffer);
  let pos = 0;
  // Bytecode state: a block of 8 command bytes, then the raw values they announce.
  let cmds: Uint8Array = new Uint8Array(8);
  let ci = 8;
  const readCase = (): boolean => {
    if (dict.compression === 0) {
      if (pos + n * 8 > data.length) return false;
      caseBytes.set(data.subarray(pos, pos + n * 8));
      pos += n * 8;
      return true;
    }
    for (let s = 0; s < n; s++) {
      let code = 0;
      for (;;) {
        if (ci === 8) {
          if (pos + 8 > data.length) return false;
          cmds = data.subarray(pos, pos + 8);
          pos += 8;
          ci = 0;
        }
        code = cmds[ci++]!;
        if (code !== 0) break;
      }
      if (code === 252) return false;
      if (code === 253) {
        if (pos + 8 > data.length) throw corrupt('SAV_TRUNCATED');
        caseBytes.set(data.subarray(pos, pos + 8), s * 8);
        pos += 8;
      } else if (code === 254) caseBytes.fill(0x20, s * 8, s * 8 + 8);
      else if (code === 255) caseView.setFloat64(s * 8, sysmis, le);
      else caseView.setFloat64(s * 8, code - bias, le);
    }
    return true;
  };
  let number = 1;
  while (readCase()) {
    number++;
    const cells: Cell[] = new Array(variables.length);
    variables.forEach((v, k) => {
      if (v.width === 0) {
        const x = caseView.getFloat64(v.slot * 8, le);
        const m = v.missing;
        const user = m.values.includes(x) || (m.low !== undefined && x >= m.low && x <= m.high!);
        cells[k] =
          x === sysmis || !Number.isFinite(x)
            ? null
            : user
              ? Number.NaN
              : v.kind === 'number'
                ? x
                : spssDateText(x, v.kind);
      } else {
        // Each 256-byte segment of a very long string holds 255 bytes of text.
        let raw: Uint8Array;
        if (v.width > 255) {
          const parts: Uint8Array[] = [];
          for (let off = 0; off < v.slots * 8; off += 256)
            parts.push(caseBytes.subarray(v.slot * 8 + off, v.slot * 8 + Math.min(off + 255, v.slots * 8)));
          raw = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
          let at = 0;
          for (const p of parts) {
            raw.set(p, at);
            at += p.length;
          }
        } else raw = caseBytes.subarray(v.slot * 8, v.slot * 8 + v.width);
        // SPSS pads strings with blanks or NULs. A value cut inside its last character (a writer that
        // counted characters, not bytes) loses the fragment, as haven does.
        const decoded = dict.decoder.decode(raw);
        // oxlint-disable-next-line no-control-regex -- NUL padding is what is trimmed here
        const text = decoded.replace(/[\s\u0000]+$/, '').replace(/\ufffd+$/, '');
        cells[k] = text === '' ? null : v.missing.strings.includes(text) ? Number.NaN : text;
      }
    });
    yield { number, cells };
  }
}

async function* toAsync<T>(it: Iterable<T>): AsyncGenerator<T> {
  yield* it;
}

/**
 * An SPSS file as a table. The header row is the variable names (row 1); case k is row k + 1, as
 * a spreadsheet export of the file would number it.
 */
export async function readSav(bytes: Uint8Array, options: ReadOptions, limits: UploadLimits): Promise<TableSource> {
  const dict = readSavDictionary(bytes, limits);
  const columns: ColumnInfo[] = dict.variables.map((v) => {
    const { values, low, high } = v.missing;
    const declared = v.width === 0 && (values.length > 0 || low !== undefined);
    return {
      name: v.name,
      ...(v.label ? { label: v.label } : {}),
      ...(v.valueLabels ? { valueLabels: v.valueLabels } : {}),
      // Dates arrive as ISO text: stored as text, like the dates of CSV and xlsx.
      sourceType: v.width === 0 && v.kind === 'number' ? 'number' : 'string',
      ...(v.measure ? { measure: v.measure } : {}),
      ...(declared ? { missing: low !== undefined ? { values, low, high: high! } : { values } } : {}),
    };
  });
  return assembleTable({
    format: 'sav',
    rows: toAsync(savRows(bytes, dict, limits)),
    columns,
    limits,
    options: { ...options, headerRow: 1, firstDataRow: 2 },
    // A case is a record even when every value is missing: SPSS and every reader keep it.
    keepEmptyRows: true,
  });
}
