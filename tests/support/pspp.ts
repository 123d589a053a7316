// GNU PSPP as the independent reader of the .sav files the product writes: it opens a file, prints
// its dictionary (DISPLAY DICTIONARY) and its cases (LIST) as CSV tables, and this helper parses them
// with papaparse. PSPP is a Debian package (.ci/run installs it); a test that needs it fails without it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';

export interface PsppVariable {
  name: string;
  position: number;
  label: string;
  measure: string;
  printFormat: string;
  missing: string;
}

export interface PsppFile {
  variables: PsppVariable[];
  /** Variable label (or name) -> value -> label, user-missing codes without PSPP's footnote mark. */
  valueLabels: Map<string, Map<string, string>>;
  /** The cases as PSPP prints them, by variable name. */
  cases: Record<string, string>[];
  /** Warnings and errors PSPP wrote while reading. */
  notes: string[];
}

/** Splits PSPP's CSV output into its tables ("Table: <title>" then CSV lines until a blank line). */
function tablesOf(csv: string): Map<string, string[][]> {
  const tables = new Map<string, string[][]>();
  const blocks = csv.split(/\r?\n\r?\n/);
  for (const block of blocks) {
    const m = /^Table: (.*)\r?\n([\s\S]*)$/.exec(block.trim());
    if (!m) continue;
    // A table may end with its footnotes ("Footnote: a. User-missing value").
    const body = m[2]!.replace(/^Footnote:.*$/gm, '');
    tables.set(m[1]!, Papa.parse<string[]>(body, { skipEmptyLines: true }).data);
  }
  return tables;
}

export function readWithPspp(bytes: Uint8Array): PsppFile {
  const dir = mkdtempSync(join(tmpdir(), 'pspp-'));
  try {
    writeFileSync(join(dir, 'in.sav'), bytes);
    writeFileSync(join(dir, 'read.sps'), "GET FILE='in.sav'.\nDISPLAY DICTIONARY.\nLIST.\n");
    const run = spawnSync('pspp', ['read.sps', '-O', 'format=csv', '-o', 'out.csv'], { cwd: dir, encoding: 'utf8' });
    if (run.error) throw new Error(`pspp could not run (apt-get install pspp): ${run.error.message}`);
    const csv = readFileSync(join(dir, 'out.csv'), 'utf8');
    const tables = tablesOf(csv);
    const notes = [...csv.matchAll(/^(?:warning|error):.*$/gim)].map((m) => m[0]);
    const [vHead, ...vRows] = tables.get('Variables') ?? [[]];
    const col = (name: string) => vHead!.indexOf(name);
    const variables = vRows.map((r) => ({
      name: r[col('Name')]!,
      position: Number(r[col('Position')]),
      label: r[col('Label')] ?? '',
      measure: r[col('Measurement Level')] ?? '',
      printFormat: r[col('Print Format')] ?? '',
      missing: r[col('Missing Values')] ?? '',
    }));
    const valueLabels = new Map<string, Map<string, string>>();
    let current = '';
    for (const [variable, value, label] of (tables.get('Value Labels') ?? []).slice(1)) {
      if (variable) current = variable;
      if (!valueLabels.has(current)) valueLabels.set(current, new Map());
      valueLabels.get(current)!.set(value!.replace(/\[[a-z]\]$/, ''), label!);
    }
    const [dHead, ...dRows] = tables.get('Data List') ?? [[]];
    const cases = dRows.map((r) => Object.fromEntries(dHead!.map((h, k) => [h, (r[k] ?? '').trim()])));
    return { variables, valueLabels, cases, notes: [...notes, ...(run.status !== 0 ? [run.stderr] : [])] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
