// The reconciliation pack of a planted world: an upload through two suppliers in which two speeders
// and a device already seen live are removed. The pack, as an export job (xlsx and CSV) and from
// the scripts' route, lists exactly the removed interviews with our reason, its category in the
// industry's frame and the evidence (length against the median, the duplicate matched), in German
// and in English, per source; another organisation is refused. Files are read back with readers
// that did not write them: papaparse for the CSV, Python's openpyxl for the workbook.
import { spawnSync } from 'node:child_process';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS_AT_ONCE, COLUMNS_WAITING_PER_USER } from '../../../api/modules/results/columns-slots';
import { DEFAULT_RULES, REASONS, type CleaningRules } from '../../../scoring/index';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { liveWorld, respondent, send } from '../../support/live-world';
import { saveCleaning } from '../../support/report-world';
import { createDraft, putFile, runJobs, saveSuggested, UPLOAD_QUERIES } from '../../support/upload-world';

const REQUEST = `mutation($i:ExportRequestInput!){requestDatafileExport(input:$i){jobId}}`;
const JOB = `query($id:ID!){getExportJob(jobId:$id){state downloadUrl fileName includedRecords removedRecords error{code}}}`;
const TYPES: Record<string, string> = { fp: 'DEVICE_FINGERPRINT', psid: 'PANEL_ID', supplier: 'SAMPLE_SOURCE' };
/** Only the Time-Score removes (and the researcher's own decision): which interviews go is then known. */
const RULES: CleaningRules = {
  ...DEFAULT_RULES,
  rules: Object.fromEntries(
    Object.entries(DEFAULT_RULES.rules).map(([k, r]) => [k, { ...r, enabled: k === 'ts' }]),
  ) as CleaningRules['rules'],
  badAnswers: { enabled: false, min: 2 },
};

let t: TestApp;
let w: Awaited<ReturnType<typeof liveWorld>>;
let datafileId: string;

const ANSWERS = [
  'The price was fair and the staff explained the contract clearly.',
  'I liked the quick delivery, but the packaging could be smaller.',
  'Customer service answered my question within a day, which helped.',
  'The app is easy to use; I would like a dark mode for the evening.',
];

function csv(rows: number) {
  const lines = ['id,duration,fp,psid,supplier,why,grid_1,grid_2,grid_3,grid_4,grid_5,grid_6'];
  for (let i = 1; i <= rows; i++) {
    // u5 and u6 take 5 seconds where everyone else takes 300 to 499; u6 also straightlines the grid
    // and types gibberish into the open question.
    const duration = i === 5 || i === 6 ? 5 : 300 + ((i * 37) % 200);
    const why = i === 6 ? 'asdf asdf asdf' : ANSWERS[i % ANSWERS.length]!;
    const grid = i === 6 ? [3, 3, 3, 3, 3, 3] : [1, 2, 3, 4, 5, 6].map((k) => 1 + ((i * k + k * k) % 5));
    lines.push(
      `u${i},${duration},device-${i}-abcdef,P${i},${i % 2 ? 'Panel A' : 'Panel B'},"${why}",${grid.join(',')}`,
    );
  }
  return new TextEncoder().encode(lines.join('\n'));
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T09:00:00.000Z' });
  w = await liveWorld(t);
  // Seen live first: the upload's u3 comes from the same device.
  expect(
    (await send(t, w.datafileId, w.secret, respondent('live-1', 60, { fingerprint: 'device-3-abcdef' }))).status,
  ).toBe(200);
  t.clock.advance(3_600_000);
  const key = await putFile(t, w.tokens.admin, w.A, 'wave.csv', csv(30));
  const draft = await createDraft(t, w.tokens.admin, key, { title: 'Wave 2' });
  datafileId = draft.body.data.createDraftDatafile.datafileId;
  const check = await saveSuggested(t, w.tokens.admin, datafileId, (cols) => [
    ...cols.filter((c) => !TYPES[c.columns[0]] && c.columns[0] !== 'why'),
    { dataPointIdentifier: 'why', dataPointType: 'OPEN_ENDED', columns: ['why'], questionTitle: 'Why this rating?' },
    ...Object.entries(TYPES).map(([column, type]) => ({
      dataPointIdentifier: column,
      dataPointType: type,
      columns: [column],
    })),
  ]);
  const confirm = await t.gql(
    UPLOAD_QUERIES.confirm,
    { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' },
    { token: w.tokens.admin },
  );
  if (!confirm.body.data) throw new Error(JSON.stringify(confirm.body.errors));
  await runJobs(t);
  // The researcher removes u3 by hand (the duplicate).
  await saveCleaning(t, datafileId, w.admin.id, { rules: RULES, manual: { u3: 1 } });
});
afterAll(() => t?.close());

async function exportJob(input: Record<string, unknown>, token = w.tokens.admin) {
  const req = await t.gql(REQUEST, { i: { datafileId, ...input } }, { token });
  if (!req.body.data) return { refused: codeOf(req) };
  await runJobs(t);
  const job = (await t.gql(JOB, { id: req.body.data.requestDatafileExport.jobId }, { token })).body.data.getExportJob;
  expect(job.state).toBe('SUCCEEDED');
  const res = await t.app.request(job.downloadUrl);
  return { job, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const readCsv = (bytes: Uint8Array, delimiter = ',') =>
  Papa.parse<string[]>(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true })
    .data;

/** openpyxl (Debian's python3-openpyxl; .ci/run installs it): every sheet's name and rows, as openpyxl reads them. */
const OPENPYXL = `
import io, json, sys, openpyxl
book = openpyxl.load_workbook(io.BytesIO(sys.stdin.buffer.read()), read_only=True)
print(json.dumps({ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in book.worksheets}, default=str))
`;

function readXlsx(bytes: Uint8Array): Record<string, (string | number | null)[][]> {
  const r = spawnSync('/usr/bin/python3', ['-c', OPENPYXL], { input: bytes, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`openpyxl could not read the workbook: ${r.stderr.toString()}`);
  return JSON.parse(r.stdout.toString());
}

describe('the reconciliation pack', () => {
  it('lists exactly the removed interviews with reason, industry code and evidence (CSV, English)', async () => {
    const { job, bytes } = await exportJob({ format: 'RECONCILIATION_CSV', language: 'en' });
    expect(job).toMatchObject({ fileName: 'Wave_2-reconciliation.csv', includedRecords: 27, removedRecords: 3 });
    const [header, ...rows] = readCsv(bytes!);
    expect(header).toEqual([
      'Record ID',
      'Sample source',
      'Reason code',
      'Reason',
      'All reasons (codes)',
      'Industry code',
      'Industry category',
      'Interview length (s)',
      'Median length (s)',
      'Length / median',
      'Flagged open answers',
      'Grid pattern',
      'Behaviour score (BAS)',
      'Duplicate of',
    ]);
    const byId = Object.fromEntries(rows.map((r) => [r[0], r]));
    expect(Object.keys(byId).sort()).toEqual(['u3', 'u5', 'u6']);
    expect(byId.u5!.slice(0, 8)).toEqual(['u5', 'Panel A', 'TS', 'Time-Score (TS)', 'TS', 'SPEEDING', 'Speeding', '5']);
    expect(Number(byId.u5![9])).toBeLessThan(0.05);
    expect(byId.u6![1]).toBe('Panel B');
    // The evidence: the open answer the open-ended check called nonsense, the straightlined grid.
    expect(byId.u6!.slice(10, 12)).toEqual(['why: Nonsense "asdf asdf asdf"', 'grid: Straightliner']);
    expect(byId.u5!.slice(10, 12)).toEqual(['', '']);
    expect(byId.u3!.slice(0, 7)).toEqual([
      'u3',
      'Panel A',
      'manual',
      'Manual',
      'manual',
      'RESEARCHER_REVIEW',
      'Removed on review by the researcher',
    ]);
    expect(byId.u3![13]).toBe('Live study, record live-1 (same device)');
    expect(byId.u5![13]).toBe('');
  });

  it('writes the workbook in German: removed interviews, counts per source by every reason, the code map', async () => {
    const { bytes } = await exportJob({ format: 'RECONCILIATION', language: 'de' });
    const book = readXlsx(bytes!);
    expect(Object.keys(book)).toEqual(['Entfernte Interviews', 'Je Quelle', 'Grund-Codes']);
    const removed = book['Entfernte Interviews']!;
    expect(removed[0]!.slice(0, 3)).toEqual(['Datensatz-ID', 'Stichprobenquelle', 'Grund-Code']);
    expect(
      removed
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['u3', 'u5', 'u6']);
    const u3 = removed.find((r) => r[0] === 'u3')!;
    expect(u3[13]).toBe('Live study, Datensatz live-1 (gleiches Gerät)');
    const perSource = book['Je Quelle']!;
    // One column per reason of the cleaning, whatever reasons it has.
    expect(perSource[0]).toEqual(['Stichprobenquelle', 'Interviews', 'Entfernt', ...REASONS]);
    const ts = 3 + REASONS.indexOf('TS');
    const manual = 3 + REASONS.indexOf('manual');
    const a = perSource.find((r) => r[0] === 'Panel A')!;
    expect([a[1], a[2], a[ts], a[manual]]).toEqual([15, 2, 1, 1]);
    const codes = book['Grund-Codes']!;
    expect(codes.slice(1).map((r) => r[0])).toEqual([...REASONS]);
    expect(codes.find((r) => r[0] === 'IBS')!.slice(2)).toEqual(['STRAIGHTLINING', 'Straightlining oder Grid-Muster']);
  });

  it('covers one source when asked, also from the scripts’ route', async () => {
    const { job, bytes } = await exportJob({ format: 'RECONCILIATION_CSV', language: 'en', sampleSource: 'Panel B' });
    expect(job).toMatchObject({ includedRecords: 14, removedRecords: 1 });
    expect(
      readCsv(bytes!)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['u6']);
    const res = await t.app.request(
      `/api/datafiles/${datafileId}/reconciliation?format=csv&language=en&source=Panel%20A&delimiter=;`,
      { headers: { authorization: `Bearer ${w.tokens.admin}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Wave_2-reconciliation.csv');
    const rows = readCsv(new Uint8Array(await res.arrayBuffer()), ';');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['u3', 'u5']);
    // Over HTTP the pack (written whole before it is sent) goes with its Content-Length, not chunked.
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => t.app.fetch(req) });
    const xlsx = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
      httpGet(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `/api/datafiles/${datafileId}/reconciliation?format=xlsx&language=en`,
          headers: { authorization: `Bearer ${w.tokens.admin}` },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        },
      ).on('error', reject),
    ).finally(() => server.stop(true));
    expect([xlsx.headers['content-length'], xlsx.headers['transfer-encoding']]).toEqual([
      String(xlsx.body.byteLength),
      undefined,
    ]);
    expect(Object.keys(readXlsx(new Uint8Array(xlsx.body)))).toEqual([
      'Removed interviews',
      'Per source',
      'Reason codes',
    ]);
  });

  it('200 requests at once over HTTP: at most COLUMNS_AT_ONCE packs read their files at a time, the rest wait or are refused with 429', async () => {
    const blobs = t.deps.blobs;
    const getBytes = blobs.getBytes.bind(blobs);
    let reading = 0;
    let peak = 0;
    blobs.getBytes = async (key) => {
      if (!key.endsWith('.arrow')) return getBytes(key);
      peak = Math.max(peak, ++reading);
      try {
        // A store slower than a local disk (an object store): the reads of requests let in at once overlap.
        await Bun.sleep(5);
        return await getBytes(key);
      } finally {
        reading--;
      }
    };
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req, srv) => t.app.fetch(req, { server: srv }),
    });
    try {
      const path = `/api/datafiles/${datafileId}/reconciliation?format=csv&language=en`;
      const answers = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const res = await fetch(`${server.url.origin}${path}`, {
            headers: { authorization: `Bearer ${w.tokens.admin}` },
          });
          return {
            status: res.status,
            retry: res.headers.get('retry-after'),
            body: new Uint8Array(await res.arrayBuffer()),
          };
        }),
      );
      const expected = new Uint8Array(
        await (await t.app.request(path, { headers: { authorization: `Bearer ${w.tokens.admin}` } })).arrayBuffer(),
      );
      const served = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      // One user: the places at once and their waiting ones are served, the rest told to come back.
      expect(served.length).toBeGreaterThanOrEqual(COLUMNS_AT_ONCE + COLUMNS_WAITING_PER_USER);
      for (const a of served) expect(Buffer.from(a.body).equals(Buffer.from(expected))).toBe(true);
      for (const a of refused) {
        expect([a.status, a.retry]).toEqual([429, '1']);
        expect(JSON.parse(new TextDecoder().decode(a.body)).errors[0].extensions.reason).toBe('TOO_MANY_DATA_REQUESTS');
      }
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(COLUMNS_AT_ONCE);
    } finally {
      blobs.getBytes = getBytes;
      await server.stop(true);
    }
  }, 120_000);

  it('refuses another organisation, in GraphQL and on the route', async () => {
    const tokenB = w.tokens.adminB;
    const refused = await exportJob({ format: 'RECONCILIATION' }, tokenB);
    expect(refused.refused).toBeDefined();
    const res = await t.app.request(`/api/datafiles/${datafileId}/reconciliation`, {
      headers: { authorization: `Bearer ${tokenB}` },
    });
    expect(res.status).toBe(404);
  });
});
