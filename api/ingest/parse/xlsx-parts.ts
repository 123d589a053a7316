// The small parts of an xlsx: the sheet list (workbook.xml + its rels), styles (which cells are
// dates or elapsed times) and shared strings. They are small XML files read whole; the sheet data
// itself is scanned as a stream in xlsx.ts.
import { uploadError } from '../../kernel/errors/upload-errors';
import type { UploadLimits } from '../limits';
import { inflateWhole, readCentralDirectoryFrom, readEntryFrom, type ZipEntry, type ZipSource } from './zip';

export interface SheetRef {
  name: string;
  /** Path of the worksheet part inside the zip. */
  path: string;
  hidden: boolean;
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with entities and OOXML's `_xHHHH_` escapes resolved. */
export function unescapeXml(text: string): string {
  let t = text.includes('&')
    ? text.replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
        if (name) return NAMED[name]!;
        const cp = hex ? parseInt(hex, 16) : Number(dec);
        return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
      })
    : text;
  if (t.includes('_x'))
    t = t.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return t;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return m ? unescapeXml(m[1] ?? m[2] ?? '') : undefined;
}

const utf8 = new TextDecoder('utf-8');

export function entryText(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  path: string,
  limits: UploadLimits,
): string | undefined {
  const e = entries.get(path);
  if (!e) return undefined;
  return utf8.decode(inflateWhole(bytes, e, limits.maxUncompressedBytes));
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

export interface WorkbookInfo {
  sheets: SheetRef[];
  date1904: boolean;
  sharedStringsPath?: string;
  stylesPath?: string;
}

/** Sheet names and parts from workbook.xml and its relationships: no sheet data is inflated. */
export function readWorkbook(bytes: Uint8Array, entries: Map<string, ZipEntry>, limits: UploadLimits): WorkbookInfo {
  return workbookOf(
    entryText(bytes, entries, WORKBOOK, limits),
    entryText(bytes, entries, WORKBOOK_RELS, limits),
    limits,
  );
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
/** The workbook parts list sheets and relations only: a few KiB even for hundreds of sheets. */
const WORKBOOK_PART_MAX = 8 * 1024 * 1024;

/**
 * The workbook read through ranges (api/ingest/parse/zip.ts, readCentralDirectoryFrom): the zip's
 * directory and the two workbook parts, never the sheets, so a huge file's sheet list stays cheap.
 */
export async function readWorkbookFrom(source: ZipSource, limits: UploadLimits): Promise<WorkbookInfo> {
  const entries = await readCentralDirectoryFrom(source, limits);
  const text = async (path: string) => {
    const e = entries.get(path);
    return e && utf8.decode(await readEntryFrom(source, e, Math.min(limits.maxUncompressedBytes, WORKBOOK_PART_MAX)));
  };
  return workbookOf(await text(WORKBOOK), await text(WORKBOOK_RELS), limits);
}

function workbookOf(wb: string | undefined, rels: string | undefined, limits: UploadLimits): WorkbookInfo {
  if (!wb || !rels) throw uploadError('UPLOAD_FILE_CORRUPT', { reason: 'XLSX_NO_WORKBOOK' });
  const targets = new Map<string, { target: string; type: string }>();
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id && target) targets.set(id, { target: resolveTarget(target), type: attr(m[0], 'Type') ?? '' });
  }
  const sheets: SheetRef[] = [];
  for (const m of wb.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attr(m[0], 'name');
    const rid = /\s(?:\w+:)?id\s*=\s*"([^"]*)"/.exec(m[0])?.[1];
    const t = rid ? targets.get(rid) : undefined;
    // Chart sheets and dialog sheets have no cells.
    if (!name || !t || !/\/worksheet$/.test(t.type)) continue;
    sheets.push({ name, path: t.target, hidden: /state\s*=\s*"(?:hidden|veryHidden)"/.test(m[0]) });
  }
  if (sheets.length > limits.maxSheets)
    throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
      reason: 'TOO_MANY_SHEETS',
      limit: limits.maxSheets,
      value: sheets.length,
    });
  const wbPr = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(wb)?.[0] ?? '';
  const date1904 = /date1904\s*=\s*"(?:1|true)"/.test(wbPr);
  let sharedStringsPath: string | undefined;
  let stylesPath: string | undefined;
  for (const { target, type } of targets.values()) {
    if (/\/sharedStrings$/.test(type)) sharedStringsPath = target;
    if (/\/styles$/.test(type)) stylesPath = target;
  }
  return { sheets, date1904, sharedStringsPath, stylesPath };
}

/** How a number cell with a given style index is shown. */
export const enum NumberKind {
  Plain = 0,
  /** A calendar date or date-time: becomes ISO text. */
  Date = 1,
  /** Elapsed time ([h]:mm:ss) or a time of day: becomes seconds. */
  Time = 2,
}

const BUILTIN_DATES = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);
const BUILTIN_TIMES = new Set([18, 19, 20, 21, 32, 33, 45, 46, 47, 55, 56]);

export function formatKind(code: string): NumberKind {
  // Quoted literals, escaped characters and colour/condition brackets say nothing about dates.
  const f = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .toLowerCase();
  if (/\[[hms]+\]/.test(f)) return NumberKind.Time;
  if (/[dy]/.test(f)) return NumberKind.Date;
  // With hours or seconds, 'm' means minutes: a time of day.
  if (/[hs]/.test(f)) return NumberKind.Time;
  if (/m/.test(f)) return NumberKind.Date;
  return NumberKind.Plain;
}

/** Kind per cell style index (cellXfs order). */
export function readStyles(xml: string | undefined): NumberKind[] {
  if (!xml) return [];
  const custom = new Map<number, NumberKind>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
    const id = Number(attr(m[0], 'numFmtId'));
    const code = attr(m[0], 'formatCode') ?? '';
    custom.set(id, formatKind(code));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  const kinds: NumberKind[] = [];
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)) {
    const id = Number(attr(m[0], 'numFmtId') ?? 0);
    kinds.push(
      custom.get(id) ??
        (BUILTIN_DATES.has(id) ? NumberKind.Date : BUILTIN_TIMES.has(id) ? NumberKind.Time : NumberKind.Plain),
    );
  }
  return kinds;
}

/** Shared strings: the text of each `<si>`, rich-text runs joined, phonetic runs (`<rPh>`) left out. */
/**
 * The shared strings in order: the text of each `<si>`'s `<t>` runs, phonetic `<rPh>` runs left out.
 * A plain `<si><t>text</t></si>` (nearly every entry Excel and the libraries write) is cut out of
 * the text by position; any other entry, and a part whose elements carry a namespace prefix, goes
 * through the patterns (`sharedStringsByPattern`). At 344,000 strings the patterns alone took
 * 0.2-0.5 s of the parse.
 */
export function readSharedStrings(xml: string | undefined, limits: UploadLimits): string[] {
  if (!xml) return [];
  // A prefixed part (<x:sst>, <x:si>) is not searched by position.
  if (!xml.includes('<sst') || xml.includes(':si')) return sharedStringsByPattern(xml, limits);
  const out: string[] = [];
  let p = xml.indexOf('<si');
  while (p >= 0) {
    const next = xml.charCodeAt(p + 3);
    // '<si' must end the element's name ('<sib...' is another element).
    if (next !== 0x3e && next !== 0x20 && next !== 0x2f && next !== 0x09 && next !== 0x0a && next !== 0x0d) {
      p = xml.indexOf('<si', p + 3);
      continue;
    }
    let text: string | undefined;
    let end: number;
    const simple = next === 0x3e ? plainRun(xml, p + 4) : -1;
    if (simple >= 0) {
      const close = xml.indexOf('<', simple);
      text = xml.slice(simple, close);
      end = close + 9; // '</t></si>'
    } else {
      const gt = xml.indexOf('>', p);
      if (gt < 0) break;
      if (xml.charCodeAt(gt - 1) === 0x2f) {
        text = '';
        end = gt + 1;
      } else {
        const close = xml.indexOf('</si>', gt);
        // An entry never closed is no entry (as the pattern does not match it).
        if (close < 0) break;
        text = siText(xml.slice(gt + 1, close));
        end = close + 5;
      }
    }
    pushShared(out, text, limits);
    p = xml.indexOf('<si', end);
  }
  return out;
}

/** Where the text of `<t>text</t></si>` at `at` starts, or -1 when the entry is anything else. */
function plainRun(xml: string, at: number): number {
  if (xml.charCodeAt(at) !== 0x3c || xml.charCodeAt(at + 1) !== 0x74) return -1; // '<t'
  const c = xml.charCodeAt(at + 2);
  let start: number;
  if (c === 0x3e) start = at + 3;
  else if (c === 0x20) {
    const gt = xml.indexOf('>', at);
    if (gt < 0 || xml.charCodeAt(gt - 1) === 0x2f) return -1;
    start = gt + 1;
  } else return -1;
  const close = xml.indexOf('<', start);
  return close >= 0 && xml.startsWith('</t></si>', close) ? start : -1;
}

const SI = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;
const T_RUN = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;

/** The text of one entry's body: its `<t>` runs but the phonetic ones, joined. */
function siText(body: string): string {
  let text = '';
  for (const tm of body.replace(PHONETIC, '').matchAll(T_RUN)) text += tm[1] ?? '';
  return text;
}

function pushShared(out: string[], raw: string, limits: UploadLimits): void {
  const text = raw.length > limits.maxCellChars ? raw.slice(0, limits.maxCellChars + 1) : raw;
  out.push(unescapeXml(text));
  if (out.length > limits.maxCells.xlsx)
    throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
      reason: 'TOO_MANY_CELLS',
      limit: limits.maxCells.xlsx,
      value: out.length,
    });
}

/** The shared strings through patterns alone: any prefix, any entry (readSharedStrings' general path). */
export function sharedStringsByPattern(xml: string, limits: UploadLimits): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(SI)) pushShared(out, siText(m[1] ?? ''), limits);
  return out;
}

/** Excel serial day -> ISO text (whole days as YYYY-MM-DD). */
export function serialToIso(serial: number, date1904: boolean): string | null {
  // Serial 60 is the 29 Feb 1900 that never was (Lotus compatibility); days before it shift by one.
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days - 25569) * 86400000);
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return ms % 86400000 === 0 ? iso.slice(0, 10) : iso;
}
