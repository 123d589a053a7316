// The binary columns route on a datafile uploaded through the real pipeline: the Arrow bytes it serves
// are what the upload stored in scores.arrow and raw.arrow, in every content coding a client asks for,
// to the script clients people use (curl, Python, R) over HTTP, and only to those who may see the file.
import { spawnSync } from 'node:child_process';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { tableFromIPC, tableToIPC, type Table } from 'apache-arrow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { chooseEncoding } from '../../../api/modules/results/body-encoding';
import { resetBodyCache } from '../../../api/modules/results/body-cache';
import { FIXTURE_ROWS } from '../../fixtures/uploads/make-fixtures';
import { makeUser, sessionFor } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { processedSurvey, uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let datafileId: string;
let scores: Table;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  const survey = await processedSurvey(t, w);
  expect(survey.jobs).toBe(1);
  datafileId = survey.datafileId;
  scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
  apiKey = (await makeUser(t.db, t.deps.appSecret, { companyId: w.A, accessLevel: 'ADMIN' })).apiKey;
});
afterAll(() => t.close());

const column = (name: string) => Array.from(scores.getChild(name)!.toArray() as Float64Array);

const route = (id: string, query = '', headers: Record<string, string> = {}) =>
  t.app.request(`/api/datafiles/${id}/columns${query}`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function arrowOf(res: Response): Promise<Table> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  return tableFromIPC(decoded(bytes, encoding));
}
function decoded(bytes: Uint8Array, encoding: string | null): Uint8Array {
  if (encoding === 'zstd') return zstdDecompressSync(bytes);
  return encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
}

describe('the binary columns route', () => {
  it('serves the selected score columns as an Arrow IPC stream, equal to scores.arrow', async () => {
    const res = await route(datafileId, '?columns=record_id,combined,ts', bearer(w.tokens.admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.arrow.stream');
    expect(res.headers.get('x-datafile-revision')).toBe('1');
    const table = await arrowOf(res);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['record_id', 'combined', 'ts']);
    expect(table.numRows).toBe(scores.numRows);
    expect(Array.from(table.getChild('combined')!.toArray() as Float64Array)).toEqual(column('combined'));
    expect(table.getChild('record_id')!.toArray()).toEqual(scores.getChild('record_id')!.toArray());
  });

  it('compresses with zstd, br or gzip as the client accepts, each the same bytes, and not at all when it accepts none', async () => {
    const plain = await route(datafileId, '', { ...bearer(w.tokens.admin), 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainBytes = new Uint8Array(await plain.clone().arrayBuffer());
    // The body is scores.arrow's table as one IPC stream, whichever way it was written.
    expect(Buffer.from(plainBytes).equals(tableToIPC(scores, 'stream'))).toBe(true);
    const all = await arrowOf(plain);
    expect(all.schema.fields.map((f) => f.name)).toEqual(scores.schema.fields.map((f) => f.name));
    for (const [accept, expected] of [
      ['gzip, deflate', 'gzip'],
      ['gzip, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'zstd'],
      ['zstd;q=0, gzip, br', 'br'],
      [undefined, null],
    ] as const) {
      const res = await route(datafileId, '', {
        ...bearer(w.tokens.admin),
        ...(accept ? { 'accept-encoding': accept } : {}),
      });
      expect([accept, res.headers.get('content-encoding')]).toEqual([accept, expected]);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (expected) expect(bytes.byteLength).toBeLessThan(plainBytes.byteLength / 2);
      expect([accept, Buffer.from(decoded(bytes, expected)).equals(plainBytes)]).toEqual([accept, true]);
    }
  });

  it('serves raw columns, and both files in one table with file=all (raw ones as raw:<name>)', async () => {
    const raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw');
    const text = raw.schema.fields.find((f) => f.name !== '__source_row')!.name;
    const res = await route(datafileId, `?file=raw&columns=${encodeURIComponent(text)}`, bearer(w.tokens.admin));
    expect((await arrowOf(res)).getChild(text)!.toArray()).toEqual(raw.getChild(text)!.toArray());
    const both = await arrowOf(
      await route(
        datafileId,
        `?file=all&columns=combined,${encodeURIComponent(`raw:${text}`)}`,
        bearer(w.tokens.admin),
      ),
    );
    expect(both.schema.fields.map((f) => f.name)).toEqual(['combined', `raw:${text}`]);
    expect(both.getChild(`raw:${text}`)!.toArray()).toEqual(raw.getChild(text)!.toArray());
  });

  it('serves a slice of interviews with offset and limit (one interview for its answers)', async () => {
    const one = await arrowOf(
      await route(datafileId, '?file=all&columns=record_id,combined&offset=5&limit=1', bearer(w.tokens.admin)),
    );
    expect(one.numRows).toBe(1);
    expect(one.getChild('record_id')!.get(0)).toBe(scores.getChild('record_id')!.get(5));
    expect(one.getChild('combined')!.get(0)).toEqual(scores.getChild('combined')!.get(5));
    const res = await route(datafileId, '?offset=-1', bearer(w.tokens.admin));
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).errors[0].extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'ROW_RANGE_INVALID',
    });
  });

  it('answers 304 to a repeated request with the same ETag (a revision never changes)', async () => {
    const first = await route(datafileId, '?columns=combined', bearer(w.tokens.admin));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(
      (await route(datafileId, '?columns=combined', { ...bearer(w.tokens.admin), 'if-none-match': etag })).status,
    ).toBe(304);
    expect((await route(datafileId, '?columns=ts', { ...bearer(w.tokens.admin), 'if-none-match': etag })).status).toBe(
      200,
    );
  });

  it('preset=score-table serves the columns the result page would name from getDatafile, before its query', async () => {
    const answer = await t.gql(
      `query($id:ID!){getDatafile(datafileId:$id){revision scoreColumns rawColumns
        weightingMethod { datafileWeighting { key value } } dataPoints { dataPointType role columns }}}`,
      { id: datafileId },
      { token: w.tokens.admin },
    );
    const file = (answer.body.data as any).getDatafile;
    // As the page names them (web/features/results/data/score-table.ts): the score columns, then the
    // raw total duration when the revision stored its column.
    const duration = file.dataPoints.find((p: any) => p.dataPointType === 'DURATION' && p.role === 'TOTAL')
      ?.columns[0] as string | undefined;
    expect(duration && file.rawColumns.includes(duration)).toBeTruthy();
    const names = [...file.scoreColumns, `raw:${duration}`];
    const explicit = await route(datafileId, `?file=all&columns=${names.map(encodeURIComponent).join(',')}`, {
      ...bearer(w.tokens.admin),
      'accept-encoding': 'identity',
    });
    const preset = await route(datafileId, '?preset=score-table', {
      ...bearer(w.tokens.admin),
      'accept-encoding': 'identity',
    });
    expect(preset.status).toBe(200);
    // The same body and the same ETag: a client can tell it got exactly what it would have asked for.
    expect(preset.headers.get('etag')).toBe(explicit.headers.get('etag'));
    expect(Buffer.from(await preset.arrayBuffer()).equals(Buffer.from(await explicit.arrayBuffer()))).toBe(true);
    expect(preset.headers.get('x-datafile-revision')).toBe(String(file.revision));
    expect(preset.headers.get('x-datafile-weights')).toBe(
      file.weightingMethod.datafileWeighting.map((x: any) => `${x.key}=${x.value}`).join(','),
    );
    for (const [query, reason] of [
      ['?preset=everything', 'COLUMN_PRESET_UNKNOWN'],
      ['?preset=score-table&columns=combined', 'PRESET_WITH_COLUMNS'],
      ['?preset=score-table&file=raw', 'PRESET_WITH_COLUMNS'],
    ] as const) {
      const refused = await route(datafileId, query, { ...bearer(w.tokens.admin), 'accept-language': 'en' });
      expect(refused.status).toBe(400);
      const error = ((await refused.json()) as any).errors[0];
      expect(error.extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason });
      expect(error.message).toMatch(/preset/);
    }
  });

  it('takes an API key as well as a session', async () => {
    const res = await route(datafileId, '?columns=combined', { 'x-api-key': apiKey });
    expect(res.status).toBe(200);
    expect((await arrowOf(res)).numRows).toBe(FIXTURE_ROWS);
  });

  it('refuses: no credential 401, other organisation or not shared 404 like a missing id, unknown names 400', async () => {
    const codeOfRes = async (res: Response) => ({
      status: res.status,
      code: ((await res.json()) as any).errors[0].extensions.code,
    });
    expect(await codeOfRes(await route(datafileId, '?columns=combined'))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(await codeOfRes(await route(datafileId, '', bearer('made-up-token')))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    const missing = await codeOfRes(await route(crypto.randomUUID(), '', bearer(w.tokens.adminB)));
    expect(missing).toEqual({ status: 404, code: 'NO_DATAFILE_FOUND' });
    expect(await codeOfRes(await route(datafileId, '', bearer(w.tokens.adminB)))).toEqual(missing);
    expect(await codeOfRes(await route(datafileId, '', bearer(w.tokens.employee)))).toEqual(missing);
    const unknown = await route(datafileId, '?columns=combined,nope', {
      ...bearer(w.tokens.admin),
      'accept-language': 'en',
    });
    const body = (await unknown.json()) as any;
    expect(unknown.status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({
      code: 'DATAPOINT_NOT_FOUND',
      reason: 'COLUMN_NOT_IN_REVISION',
      column: 'nope',
    });
    expect(body.errors[0].message).toContain('“nope”');
    expect(await codeOfRes(await route(datafileId, '?file=secret', bearer(w.tokens.admin)))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    // A draft has no revision yet.
    const op = await sessionFor(t, w.op.id, null);
    const [draft] = await t.db.all<{ id: string }>(
      sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, created_at) values (${crypto.randomUUID()}, ${w.A}, ${w.admin.id}, 'Draft', 'MANUAL', 'DRAFT', ${t.clock.now().toISOString()}) returning id`,
    );
    expect(await codeOfRes(await route(draft!.id, '', bearer(op)))).toEqual({
      status: 404,
      code: 'SCORES_NOT_AVAILABLE',
    });
  });
});

/** Script clients as their users run them, each writing the body it got to a file: name, program, arguments. */
const CLIENTS: {
  name: string;
  bin: string;
  probe: string[];
  args: (url: string, key: string, out: string) => string[];
}[] = [
  { name: 'curl', bin: 'curl', probe: ['--version'], args: (u, k, o) => ['-sSf', '-H', `X-API-Key: ${k}`, '-o', o, u] },
  {
    name: 'curl --compressed',
    bin: 'curl',
    probe: ['--version'],
    args: (u, k, o) => ['-sSf', '--compressed', '-H', `X-API-Key: ${k}`, '-o', o, u],
  },
  {
    name: 'Python urllib',
    bin: '/usr/bin/python3',
    probe: ['-c', 'import urllib.request'],
    args: (u, k, o) => [
      '-c',
      'import sys, urllib.request as r; a = sys.argv; open(a[3], "wb").write(r.urlopen(r.Request(a[1], headers={"X-API-Key": a[2]})).read())',
      u,
      k,
      o,
    ],
  },
  {
    name: 'Python requests',
    bin: '/usr/bin/python3',
    probe: ['-c', 'import requests'],
    args: (u, k, o) => [
      '-c',
      'import sys, requests; a = sys.argv; x = requests.get(a[1], headers={"X-API-Key": a[2]}); x.raise_for_status(); open(a[3], "wb").write(x.content)',
      u,
      k,
      o,
    ],
  },
  {
    name: "R's download.file",
    bin: 'Rscript',
    probe: ['-e', 'stopifnot(capabilities("libcurl"))'],
    args: (u, k, o) => [
      '-e',
      'a <- commandArgs(TRUE); download.file(a[1], a[3], method = "libcurl", headers = c("X-API-Key" = a[2]), quiet = TRUE, mode = "wb")',
      u,
      k,
      o,
    ],
  },
  {
    name: 'R httr',
    bin: 'Rscript',
    probe: ['-e', 'library(httr)'],
    args: (u, k, o) => [
      '-e',
      'library(httr); a <- commandArgs(TRUE); x <- GET(a[1], add_headers("X-API-Key" = a[2])); stop_for_status(x); writeBin(content(x, "raw"), a[3])',
      u,
      k,
      o,
    ],
  },
];

describe('the columns route over HTTP to script clients', () => {
  let server: ReturnType<typeof Bun.serve>;
  let dir: string;
  const asked: (string | null)[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'columns-clients-'));
    server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) => {
        asked.push(req.headers.get('accept-encoding'));
        return t.app.fetch(req);
      },
    });
  });
  afterAll(async () => {
    await server?.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('curl, Python and R read the same Arrow bytes, whether they ask for a coding (zstd, br, gzip) or for none', async () => {
    const url = `http://127.0.0.1:${server.port}/api/datafiles/${datafileId}/columns?columns=record_id,combined`;
    const expected = tableToIPC(scores.select(['record_id', 'combined']), 'stream');
    const probed = new Map<string, boolean>();
    const runs = (c: (typeof CLIENTS)[number]) => {
      const key = [c.bin, ...c.probe].join(' ');
      if (!probed.has(key)) probed.set(key, spawnSync(c.bin, c.probe, { stdio: 'ignore' }).status === 0);
      return probed.get(key)!;
    };
    const missing = CLIENTS.filter((c) => !runs(c));
    if (missing.length) {
      // CI installs curl, python3-requests and R with httr (.ci/run); locally a missing one is skipped.
      if (process.env.CI === 'true') throw new Error(`missing clients: ${missing.map((c) => c.name).join(', ')}`);
      console.warn(`columns route clients skipped: ${missing.map((c) => c.name).join(', ')}`);
    }
    const got: Record<string, { asked: string | null; same: boolean }> = {};
    for (const client of CLIENTS.filter((c) => !missing.includes(c))) {
      const out = join(dir, `${client.name.replace(/\W+/g, '-')}.arrows`);
      asked.length = 0;
      // Spawned, not spawnSync: the server answers on this process's event loop.
      const run = Bun.spawn([client.bin, ...client.args(url, apiKey, out)], { stdout: 'ignore', stderr: 'pipe' });
      const code = await run.exited;
      expect([client.name, code, code ? await new Response(run.stderr).text() : '']).toEqual([client.name, 0, '']);
      got[client.name] = { asked: asked[0] ?? null, same: Buffer.from(readFileSync(out)).equals(expected) };
    }
    for (const [name, r] of Object.entries(got)) expect([name, r.same]).toEqual([name, true]);
    // Between them they took each path: no coding asked for (so none sent), and a coding.
    const codings = Object.values(got).map((r) => chooseEncoding(r.asked ?? undefined));
    if (got['curl']) expect(got['curl'].asked).toBeNull();
    if (got['Python urllib']) expect(chooseEncoding(got['Python urllib'].asked ?? undefined)).toBeNull();
    if (got['curl --compressed']) expect(codings).toContain('zstd');
    if (got['Python requests']) expect(chooseEncoding(got['Python requests'].asked ?? undefined)).not.toBeNull();
  });

  it('sends an uncompressed body with its Content-Length (not chunked), a compressed one streamed without', async () => {
    /** The status, the raw headers and the body as they came over the socket. */
    const get = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = httpGet(
          {
            host: '127.0.0.1',
            port: server.port,
            path,
            headers: { 'x-api-key': apiKey, 'accept-encoding': acceptEncoding },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (part: Buffer) => parts.push(part));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      });
    const base = `/api/datafiles/${datafileId}/columns`;
    for (const query of ['', '?columns=record_id,combined', '?offset=1&limit=2']) {
      const plain = await get(`${base}${query}`, 'identity');
      expect([query, plain.headers['content-length'], plain.headers['transfer-encoding']]).toEqual([
        query,
        String(plain.body.byteLength),
        undefined,
      ]);
      expect(tableFromIPC(plain.body).numRows).toBe(query.includes('limit') ? 2 : scores.numRows);
    }
    resetBodyCache();
    const zstd = await get(base, 'zstd');
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstd.headers['content-length']).toBeUndefined();
    expect(zstd.headers['transfer-encoding']).toBe('chunked');
    // Built once, the same body is kept whole (body-cache.ts): the next answer has its length.
    const kept = await get(base, 'zstd');
    expect([kept.headers['content-length'], kept.headers['transfer-encoding']]).toEqual([
      String(kept.body.byteLength),
      undefined,
    ]);
    expect(kept.body.equals(zstd.body)).toBe(true);
  });
});
