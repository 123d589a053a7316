// The examples of docs/scripts.md, run as a script writer would run them, against a real server: the
// curl (with jq), Python (requests + pandas) and R (httr + jsonlite + read.csv) blocks are cut out of
// the page and run unchanged, and the command line (the package's bin) uploads, waits and reads the scores. So
// the page cannot drift from the API. CI installs the interpreters (.ci/run); where they are missing
// locally the examples skip with the reason, but under CI=true a missing one fails the test.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetMetadata } from 'hyparquet';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bunBin, repoRoot } from '../../support/server-process';
import { startScriptsServer, type ScriptsServer } from '../../support/scripts-world';

const PAGE = readFileSync(join(repoRoot, 'docs/scripts.md'), 'utf8');
const FIXTURES = join(repoRoot, 'tests/fixtures/uploads');

/** The fenced block that follows `<!-- scripts-example:<name>`. */
function example(name: string): string {
  const at = PAGE.indexOf(`<!-- scripts-example:${name}`);
  const block = /```\w+\n([\s\S]*?)```/.exec(PAGE.slice(at));
  if (at < 0 || !block) throw new Error(`docs/scripts.md has no ${name} example`);
  return block[1]!;
}

/** The first interpreter that runs `probe` (Debian's python3 before a user's own, which may lack pandas). */
function interpreter(candidates: string[], probe: string[]): string | null {
  for (const bin of candidates) if (spawnSync(bin, probe, { stdio: 'ignore' }).status === 0) return bin;
  return null;
}

const shell = interpreter(['bash'], ['-c', 'command -v curl && command -v jq']);
const python = interpreter(['/usr/bin/python3', 'python3'], ['-c', 'import requests, pandas']);
const rscript = interpreter(['Rscript'], ['-e', 'library(httr); library(jsonlite)']);
if (!shell || !python || !rscript)
  console.warn(
    `docs/scripts.md examples skipped: ${!shell ? 'no curl and jq (apt-get install curl jq)' : ''} ${!python ? 'no python3 with requests and pandas (apt-get install python3-requests python3-pandas)' : ''} ${!rscript ? 'no Rscript with httr and jsonlite (apt-get install r-base-core r-cran-httr r-cran-jsonlite)' : ''}`,
  );
if (process.env.CI === 'true' && (!shell || !python || !rscript))
  throw new Error(
    'CI must run the curl, Python and R examples: .ci/run installs curl, jq, python3-requests, python3-pandas, r-base-core, r-cran-httr and r-cran-jsonlite',
  );

let server: ScriptsServer;
beforeAll(async () => {
  server = await startScriptsServer();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

function run(bin: string, args: string[], key = server.adminKey) {
  const result = spawnSync(bin, args, {
    cwd: server.dir,
    env: { ...process.env, SQP_URL: server.baseUrl, SQP_API_KEY: key, SQP_LANG: 'en' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The example's table: one line per decision and reason, the counts adding up to the file's interviews. */
function expectDecisionTable(out: string, interviews: number) {
  expect(out).toMatch(/Kept/);
  expect(out).toMatch(/Removed/);
  const counts = [...out.matchAll(/(\d+)\s*$/gm)].map((m) => Number(m[1]));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(interviews);
}

describe('docs/scripts.md examples against a real server', () => {
  /** The curl block in a folder of its own with `survey.csv` beside it, as the page tells a reader to run it. */
  function runCurlExample(fixture: string) {
    const dir = mkdtempSync(join(server.dir, 'curl-'));
    copyFileSync(join(FIXTURES, fixture), join(dir, 'survey.csv'));
    writeFileSync(join(dir, 'upload_and_score.sh'), example('curl'));
    const result = spawnSync(shell!, ['upload_and_score.sh'], {
      cwd: dir,
      env: { ...process.env, SQP_URL: server.baseUrl, SQP_API_KEY: server.adminKey },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { dir, code: result.status, out: result.stdout, err: result.stderr };
  }

  it.skipIf(!shell)(
    'the curl example uploads, waits and saves the scores of every interview',
    () => {
      const { dir, code, err } = runCurlExample('plain-tab.csv');
      expect(code, err).toBe(0);
      const upload = JSON.parse(readFileSync(join(dir, 'upload.json'), 'utf8'));
      expect(upload.status).toBe('READY');
      const scores = Papa.parse<Record<string, string>>(readFileSync(join(dir, 'scores.csv'), 'utf8'), {
        header: true,
        skipEmptyLines: true,
      });
      expect(scores.data).toHaveLength(200);
      expect(scores.meta.fields?.slice(-4)).toEqual(['decision', 'reason', 'reason_code', 'reason_codes']);
    },
    120_000,
  );

  it.skipIf(!shell)(
    'the curl example prints the refusal and stops when the upload is refused',
    () => {
      const { dir, code, out } = runCurlExample('hostile/png-renamed.csv');
      expect(code).toBe(1);
      expect(JSON.parse(out).errors[0].extensions.code).toBeTruthy();
      expect(() => readFileSync(join(dir, 'scores.csv'))).toThrow();
    },
    60_000,
  );

  it.skipIf(!python)(
    'the Python example uploads, waits, reads the scores and prints kept and removed interviews',
    () => {
      const script = join(server.dir, 'upload_and_score.py');
      writeFileSync(script, example('python'));
      const { code, out, err } = run(python!, [script, join(FIXTURES, 'plain-tab.csv')]);
      expect(code, err).toBe(0);
      expectDecisionTable(out, 200);
    },
    120_000,
  );

  it.skipIf(!rscript)(
    'the R example does the same with httr and read.csv, from an SPSS file',
    () => {
      const script = join(server.dir, 'upload_and_score.R');
      writeFileSync(script, example('r'));
      const { code, out, err } = run(rscript!, [script, join(FIXTURES, 'survey-compressed.sav')]);
      expect(code, err).toBe(0);
      expect(out).toMatch(/Kept/);
      expect(out).toMatch(/Removed/);
    },
    120_000,
  );

  it.skipIf(!python)(
    'the Python example stops with the server’s reason when the upload is refused',
    () => {
      const script = join(server.dir, 'upload_and_score.py');
      writeFileSync(script, example('python'));
      const { code, err } = run(python!, [script, join(FIXTURES, 'hostile/png-renamed.csv')]);
      expect(code).toBe(1);
      expect(err.trim().length).toBeGreaterThan(10);
    },
    60_000,
  );
});

describe('the sqp command line (package bin)', () => {
  const sqp = (...args: string[]) => run('node', [join(repoRoot, 'api/cli/sqp.mjs'), ...args]);

  it('uploads with --wait, reports progress on stderr and the answer on stdout, then reads the scores', () => {
    const upload = sqp(
      'upload',
      join(FIXTURES, 'survey.xlsx'),
      '--sheet',
      'Data',
      '--header-row',
      '3',
      '--mapping',
      'auto',
      '--missing',
      '-99,-999',
      '--wait',
    );
    expect(upload.code, upload.err).toBe(0);
    expect(upload.err).toMatch(/READY: 200 interviews/);
    const answer = JSON.parse(upload.out);
    expect(answer.status).toBe('READY');
    const status = sqp('status', answer.datafileId);
    expect(JSON.parse(status.out).status).toBe('READY');
    const scores = sqp('scores', answer.datafileId, '--format', 'csv');
    expect(scores.code).toBe(0);
    expect(scores.out.trim().split('\r\n')).toHaveLength(201);
    // Once a cleaning is saved (as the worksheet saves it), the cleaned export comes through the export job.
    const saved = spawnSync(
      bunBin,
      [
        'tests/support/save-cleaning.ts',
        join(server.dir, 'app.db'),
        join(server.dir, 'storage'),
        server.baseUrl,
        answer.datafileId,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(saved.status, saved.stderr).toBe(0);
    const exported = sqp('export', answer.datafileId, '--format', 'csv', '--output', join(server.dir, 'cleaned.csv'));
    expect(exported.code, exported.err).toBe(0);
    expect(readFileSync(join(server.dir, 'cleaned.csv'), 'utf8').trim().split('\r\n')).toHaveLength(201);
    // Parquet through the same job, written in its Worker thread (the WASM loads there too).
    const parquet = sqp(
      'export',
      answer.datafileId,
      '--format',
      'parquet',
      '--output',
      join(server.dir, 'cleaned.parquet'),
    );
    expect(parquet.code, parquet.err).toBe(0);
    const metadata = parquetMetadata(new Uint8Array(readFileSync(join(server.dir, 'cleaned.parquet'))).buffer);
    expect(Number(metadata.num_rows)).toBe(200);
  }, 120_000);

  it('exits with a code per outcome: refused file, unknown datafile, no key, usage, cleaned export not saved', () => {
    expect(sqp('upload', join(FIXTURES, 'hostile/png-renamed.csv')).code).toBe(4);
    expect(sqp('status', '00000000-0000-0000-0000-000000000000').code).toBe(3);
    expect(run('node', [join(repoRoot, 'api/cli/sqp.mjs'), 'status', 'x'], '').code).toBe(2);
    expect(sqp('frobnicate').code).toBe(2);
    const checked = sqp('upload', join(FIXTURES, 'plain-tab.csv'), '--check-only', '--id', 'respid');
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toMatch(/CHECKED: 200 interviews/);
    const draft = JSON.parse(checked.out);
    const exported = sqp('export', draft.datafileId, '--format', 'csv');
    expect(exported.code).toBe(4);
    expect(sqp('confirm', draft.datafileId, '--credits', String(draft.estimate.creditAmount + 1)).code).toBe(4);
    const confirmed = sqp('confirm', draft.datafileId, '--credits', String(draft.estimate.creditAmount), '--wait');
    expect(confirmed.code, confirmed.err).toBe(0);
    expect(JSON.parse(confirmed.out).status).toBe('READY');
  }, 120_000);
});
