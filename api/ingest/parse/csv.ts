// CSV reading: encoding (BOM, UTF-16, UTF-8 or Windows-1252) and delimiter are detected from the
// first MiB, then the bytes stream through a decoder into papaparse's streaming parser (quoted
// multi-line fields across chunks), row by row: a million rows never sit in memory. A Qualtrics
// export (ids, question texts, a row of ImportId JSON) is recognised: the question texts become the
// column labels and the ImportId row is skipped.
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { uploadError } from '../../kernel/errors/upload-errors';
import type { UploadLimits } from '../limits';
import type { Cell, ReadOptions, TableSource } from '../types';
import { assembleTable, type RawRow } from './table';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const SAMPLE_BYTES = 1 << 20;
const PIECE = 16 * 1024;

/** Encoding from the byte order mark, else UTF-8 when the sample decodes cleanly, else Windows-1252. */
export function detectEncoding(sample: Uint8Array): { encoding: CsvEncoding; bom: number } {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // A cut in the middle of a multi-byte sequence at the end of the sample is not an error.
  let end = sample.length;
  for (let k = 1; k <= 3 && end - k >= 0; k++) {
    const b = sample[end - k]!;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (need > k) end -= k;
      break;
    }
    if (b < 0x80) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return { encoding: 'utf-8', bom: 0 };
  } catch {
    return { encoding: 'windows-1252', bom: 0 };
  }
}

const CANDIDATES = [',', ';', '\t', '|'];

/** Fields per record of the first lines for one delimiter (quotes respected). */
function fieldCounts(text: string, d: string, maxLines: number): number[] {
  const counts: number[] = [];
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
    } else if (c === '"') quoted = true;
    else if (c === d) fields++;
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      counts.push(fields);
      fields = 1;
    }
  }
  return counts;
}

/** The candidate that splits the first lines into the same number (> 1) of fields most consistently. */
export function detectDelimiter(text: string): string {
  let best = ',';
  let bestScore = -1;
  for (const d of CANDIDATES) {
    const counts = fieldCounts(text, d, 50);
    if (!counts.length) continue;
    const first = counts[0]!;
    if (first < 2) continue;
    const same = counts.filter((n) => n === first).length / counts.length;
    const score = same * 1000 + first;
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/**
 * A CSV field as a typed cell. Numbers become numbers, except text with leading zeros ("007" is an
 * id, not 7). With ';' as delimiter (German Excel) a decimal comma is accepted ("12,5").
 */
export function csvCell(field: string, decimalComma: boolean): Cell {
  if (field === '') return null;
  const t = field.length < 40 ? field.trim() : field;
  if (t === '') return null;
  const c = t.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46) {
    if (NUMBER.test(t) && !/^[+-]?0\d/.test(t)) return Number(t);
    if (decimalComma && DECIMAL_COMMA.test(t) && !/^[+-]?0\d/.test(t)) return Number(t.replace(',', '.'));
  }
  return field;
}

export type ByteSource = () => AsyncIterable<Uint8Array>;

/** The records of a CSV file as they are (numbered from 1), before any header or data row applies. */
export async function* csvRawRows(
  source: ByteSource,
  options: ReadOptions,
  limits: UploadLimits,
  info: { encoding?: CsvEncoding; delimiter?: string },
): AsyncGenerator<RawRow> {
  const it = source()[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let got = 0;
  while (got < SAMPLE_BYTES) {
    const n = await it.next();
    if (n.done) break;
    head.push(n.value);
    got += n.value.length;
  }
  const sample = new Uint8Array(got);
  let at = 0;
  for (const h of head) {
    sample.set(h, at);
    at += h.length;
  }
  const detected = detectEncoding(sample.subarray(0, SAMPLE_BYTES));
  const encoding: CsvEncoding = options.encoding ?? detected.encoding;
  const decoder = new TextDecoder(encoding, { fatal: false });
  const firstText = decoder.decode(sample, { stream: true });
  const delimiter = options.delimiter ?? detectDelimiter(firstText.slice(0, 256 * 1024));
  info.encoding = encoding;
  info.delimiter = delimiter;
  const decimalComma = delimiter === ';';
  // papaparse reads a Node stream of text and hands over rows a chunk at a time (per-row streaming
  // through its duplex cost ~65 µs a row).
  // Sources may hand over big chunks (a whole file from memory): pieces keep papaparse's buffers small.
  function* pieces(text: string): Generator<string> {
    for (let at = 0; at < text.length; at += PIECE * 4) yield text.slice(at, at + PIECE * 4);
  }
  // Backpressure lives here: papaparse reads a flowing stream and queues whatever arrives, so the
  // source itself waits while parsed rows are waiting for the consumer (else a fast disk fills
  // memory with the whole file).
  const drained = async () => {
    while (queue.length >= 8 && !failed) await new Promise<void>((resolve) => (unblock = resolve));
  };
  // papaparse parses an unfinished line again with every piece that extends it, so a line costs the
  // square of its length (500 MB without a line break ran for minutes): a stretch without one is
  // refused past maxLineChars, which no real row reaches.
  let sinceBreak = 0;
  const counted = (p: string) => {
    const last = Math.max(p.lastIndexOf('\n'), p.lastIndexOf('\r'));
    sinceBreak = last < 0 ? sinceBreak + p.length : p.length - 1 - last;
    if (sinceBreak > limits.maxLineChars)
      throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', { reason: 'LINE_TOO_LONG', limit: limits.maxLineChars });
    return p;
  };
  async function* texts(): AsyncGenerator<string> {
    for (const p of pieces(firstText)) {
      await drained();
      yield counted(p);
    }
    for (;;) {
      const n = await it.next();
      if (n.done) break;
      for (const p of pieces(decoder.decode(n.value, { stream: true }))) {
        await drained();
        yield counted(p);
      }
    }
    for (const p of pieces(decoder.decode())) yield counted(p);
  }
  const queue: string[][][] = [];
  let finished = false;
  let failed: unknown;
  let wake: (() => void) | undefined;
  let handle: Papa.Parser | undefined;
  let unblock: (() => void) | undefined;
  const signal = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const input = Readable.from(texts(), { objectMode: false, encoding: 'utf8' });
  input.on('error', (error) => {
    failed = error;
    signal();
  });
  Papa.parse(
    input as unknown as File,
    {
      delimiter,
      header: false,
      dynamicTyping: false,
      skipEmptyLines: false,
      chunkSize: PIECE,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        handle = parser;
        queue.push(results.data);
        signal();
      },
      complete: () => {
        finished = true;
        signal();
      },
      error: (error: unknown) => {
        failed = error;
        signal();
      },
    } as Papa.ParseLocalConfig<string[], File>,
  );
  let number = 0;
  try {
    for (;;) {
      if (failed) throw failed;
      const rows = queue.shift();
      if (!rows) {
        if (finished) break;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (queue.length < 4 && unblock) {
        const u = unblock;
        unblock = undefined;
        u();
      }
      for (const fields of rows) {
        number++;
        if (fields.length === 1 && fields[0] === '') continue;
        if (fields.length > limits.maxColumns)
          throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
            reason: 'TOO_MANY_COLUMNS',
            limit: limits.maxColumns,
            value: fields.length,
            rows: [number],
          });
        const cells: Cell[] = new Array(fields.length);
        for (let i = 0; i < fields.length; i++) cells[i] = csvCell(fields[i]!, decimalComma);
        yield { number, cells };
      }
    }
  } finally {
    if (!finished) {
      // The reader stopped early (a preview, a refusal): stop papaparse and the byte source.
      handle?.abort();
      input.destroy();
      unblock?.();
    }
  }
}

// The 2016 "Insights" layout wrote the ImportId row as Python dict text: {'ImportId': 'QID2-1'}.
const QUALTRICS_IMPORT_ID = /^\{\s*["']ImportId["']\s*:/;
const LEGACY_NAMES = ['V1', 'V2', 'V3'];

/** Qualtrics' legacy layout: V1, V2, ... as names, the row below them the labels (ResponseID, ...). */
export function isQualtricsLegacy(first: readonly Cell[] | undefined, second: readonly Cell[] | undefined): boolean {
  return LEGACY_NAMES.every((n, i) => first?.[i] === n) && /^ResponseI[Dd]$/.test(String(second?.[0] ?? '').trim());
}

/** A CSV file as a table. `source` yields the file's bytes and may be called once. */
export async function readCsv(source: ByteSource, options: ReadOptions, limits: UploadLimits): Promise<TableSource> {
  const info: { encoding?: CsvEncoding; delimiter?: string } = {};
  const rows = csvRawRows(source, options, limits, info);
  // Peek at the first three records for Qualtrics' layouts (only with the default header row).
  const peeked: RawRow[] = [];
  if ((options.headerRow ?? 1) === 1) {
    for (let k = 0; k < 3; k++) {
      const n = await rows.next();
      if (n.done) break;
      peeked.push(n.value);
    }
  }
  const third = peeked[2]?.cells ?? [];
  const importIds = third.filter((c) => typeof c === 'string' && QUALTRICS_IMPORT_ID.test(c)).length;
  const qualtrics = peeked.length === 3 && importIds > 0 && importIds >= third.filter((c) => c !== null).length * 0.8;
  // The legacy layout's label row is the question texts, never an interview.
  const legacy = !qualtrics && peeked.length >= 2 && isQualtricsLegacy(peeked[0]?.cells, peeked[1]?.cells);
  if (!peeked.length && (options.headerRow ?? 1) === 1) throw uploadError('NO_RECORDS_FOUND', { reason: 'EMPTY_FILE' });
  async function* chained(): AsyncGenerator<RawRow> {
    for (const r of peeked) {
      // The ImportId row is metadata, never an interview.
      if (qualtrics && r.number === 3) continue;
      yield r;
    }
    yield* rows;
  }
  return assembleTable({
    format: 'csv',
    rows: chained(),
    options,
    limits,
    ...(qualtrics ? { labelRowOffset: 2 } : legacy ? { labelRowOffset: 1 } : {}),
    extra: {
      get encoding() {
        return info.encoding;
      },
      get delimiter() {
        return info.delimiter;
      },
      qualtrics: qualtrics || legacy,
    },
  });
}
