// Exports as a German Excel user opens them: the CSV with ';' and the decimal comma read the way
// German spreadsheets read it (papaparse with ';' and a comma-decimal number parser, and R's
// read.csv2, which is made for exactly this format), headers, labels and rules in German; the
// workbook read with exceljs: German sheet names and headers, numbers stored as numbers with a
// one-decimal format. English and the technical names as the counter-checks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRevision, vectorToFloat64 } from '../../../api/modules/cleaning';
import { exportWorld, RULES, type ExportWorld } from '../../support/export-world';

let w: ExportWorld;
let combined: Float64Array;
let kept: Uint8Array;

beforeAll(async () => {
  w = await exportWorld();
  const scores = await w.scores('dfS');
  combined = vectorToFloat64(scores.getChild('combined')!);
  kept = cleanRevision(w.scoring, scores, RULES).kept;
});
afterAll(() => w.dispose());

const oneDecimal = (v: number) => Math.floor(v * 10 + 0.5) / 10;
/** A German number as a German spreadsheet reads it: '.' groups thousands, ',' marks decimals. */
const germanNumber = (text: string) => Number(text.replaceAll('.', '').replace(',', '.'));

function parse(bytes: Uint8Array, delimiter: string): { header: string[]; rows: string[][] } {
  // The byte-order mark Excel needs to read UTF-8 (kept here to see it).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return { header: header!, rows };
}

describe('German CSV', () => {
  it('writes German headers, texts and rules, scores to one decimal with the decimal comma', async () => {
    const bytes = await w.run({ format: 'csv', datafileId: 'dfS', csv: { delimiter: ';', decimal: ',' } });
    const { header, rows } = parse(bytes, ';');
    expect(rows).toHaveLength(combined.length);
    expect(header).toEqual(
      expect.arrayContaining([
        'respid',
        'Time-Score (TS)',
        'Time-Score (TS): Datenpunkte',
        'Grid 1: Score',
        'Grid 1: Label',
        'Grid 1: Label (Text)',
        'open1: Kategorie (OES)',
        'Gesamtscore',
        'Entscheidung',
        'Grund',
        'Grundcode',
      ]),
    );
    expect(header).not.toContain('combined');
    const at = (name: string) => header.indexOf(name);
    let scored = 0;
    rows.forEach((row, i) => {
      const text = row[at('Gesamtscore')]!;
      if (combined[i] !== combined[i]) return expect(text).toBe('');
      scored++;
      expect(text).toMatch(/^\d{1,3},\d$/);
      expect(germanNumber(text)).toBe(oneDecimal(combined[i]!));
      expect(row[at('Entscheidung')]).toBe(kept[i] === 1 ? 'Behalten' : 'Entfernt');
    });
    expect(scored).toBeGreaterThan(150);
    // Durations keep their digits: only scores are rounded.
    const durations = rows.map((r) => r[at('duration_total')]!);
    expect(durations.every((d) => d === '' || /^-?\d+(,\d+)?$/.test(d))).toBe(true);
    expect(rows.map((r) => r[at('Grid 1: Label (Text)')])).toEqual(expect.arrayContaining(['Straightliner', 'OK']));
    expect(rows.some((r) => r[at('Grund')] === 'Gesamtscore')).toBe(true);
  });

  it("is read by R's read.csv2 (';' and the decimal comma) with numeric score columns", async () => {
    const bytes = await w.run({ format: 'csv', datafileId: 'dfS', csv: { delimiter: ';', decimal: ',' } });
    const dir = mkdtempSync(join(tmpdir(), 'csv2-'));
    try {
      writeFileSync(join(dir, 'export.csv'), bytes);
      const script = [
        'd <- read.csv2("export.csv", fileEncoding = "UTF-8-BOM", check.names = FALSE, stringsAsFactors = FALSE)',
        'cat(nrow(d), is.numeric(d[["Gesamtscore"]]), is.numeric(d[["duration_total"]]), "\\n")',
        'write.csv(d[, c("respid", "Gesamtscore", "Entscheidung")], stdout(), row.names = FALSE, na = "")',
      ].join('\n');
      const r = spawnSync('Rscript', ['-e', script], { cwd: dir, encoding: 'utf8' });
      if (r.error) throw new Error(`Rscript could not run (apt-get install r-base-core): ${r.error.message}`);
      expect(r.stderr).toBe('');
      const [first, ...rest] = r.stdout.split('\n');
      expect(first!.trim()).toBe(`${combined.length} TRUE TRUE`);
      const table = Papa.parse<string[]>(rest.join('\n'), { skipEmptyLines: true }).data.slice(1);
      table.forEach(([, score, decision], i) => {
        if (combined[i] === combined[i]) expect(Number(score)).toBe(oneDecimal(combined[i]!));
        expect(decision).toBe(kept[i] === 1 ? 'Behalten' : 'Entfernt');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps every digit and the technical names when asked, with the decimal point', async () => {
    const bytes = await w.run({
      format: 'csv',
      datafileId: 'dfS',
      locale: 'en',
      columnNames: 'technical',
      scoreDecimals: null,
    });
    const { header, rows } = parse(bytes, ',');
    const at = header.indexOf('combined');
    expect(at).toBeGreaterThan(0);
    rows.forEach((row, i) => expect(row[at]).toBe(combined[i] === combined[i] ? String(combined[i]) : ''));
    expect(header).toContain('decision');
    expect(rows[0]![header.indexOf('decision')]).toMatch(/^(Kept|Removed)$/);
  });
});

describe('German workbook', () => {
  async function workbook(extra: Parameters<ExportWorld['run']>[0]) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await w.run(extra)) as never);
    return wb;
  }

  it('names sheets, headers and Quality Mark fields in German; scores are numbers shown with one decimal', async () => {
    const wb = await workbook({ format: 'xlsx', datafileId: 'dfS' });
    expect(wb.worksheets.map((s) => s.name)).toEqual(['QualityCheck Exportergebnis', 'Qualitätssiegel']);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header).toEqual(expect.arrayContaining(['Gesamtscore', 'Time-Score (TS)', 'Grid 1: Label', 'Entscheidung']));
    const col = header.indexOf('Gesamtscore') + 1;
    for (let i = 0; i < 20; i++) {
      const cell = sheet.getRow(i + 2).getCell(col);
      if (combined[i] !== combined[i]) continue;
      // The cell keeps every digit; Excel shows it with one decimal in the reader's locale.
      expect(cell.value).toBe(combined[i]);
      expect(cell.numFmt).toBe('0.0');
    }
    const durations = sheet.getRow(2).getCell(header.indexOf('duration_total') + 1);
    expect(typeof durations.value).toBe('number');
    expect(durations.numFmt ?? 'General').not.toBe('0.0');
    const mark = wb.worksheets[1]!;
    expect((mark.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Zertifikatscode',
      'Link zum Bericht',
      'Zertifikatsstufe',
      'Behaltene Interviews',
      'Entfernte Interviews',
      'Bereinigungsregeln',
    ]);
    expect((mark.getRow(2).values as unknown[])[6]).toMatch(
      /^Gesamtscore < 62,5; TS < 20; IBS < 20 \(Datenpunkte ≥ 2\)/,
    );
  });

  it('in English: the English sheet names, headers and rules', async () => {
    const wb = await workbook({ format: 'xlsx', datafileId: 'dfS', locale: 'en' });
    expect(wb.worksheets.map((s) => s.name)).toEqual(['QualityCheck Export Result', 'Quality Mark']);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Combined score', 'Grid 1: label', 'Decision', 'Reason']));
    expect((wb.worksheets[1]!.getRow(2).values as unknown[])[6]).toMatch(/^Combined score < 62.5; TS < 20/);
  });
});
