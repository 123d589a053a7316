import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../../db/client';
import { snippetCore } from '../../../web/features/live-import/state/snippets';
import { respondentBody, serverEnv, setupLiveWorld } from '../../bench/live-support';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

// The public browser key in an attacker's hands, against real server processes over HTTP: forged
// respondents fired at once stop exactly at the ceiling across two processes sharing one database,
// a flood of wrong keys costs no valid respondent a 429, and the snippet's retries carry every
// respondent through a busy endpoint.

let dir: string;
const servers: ServerProcess[] = [];
const handles: { close: () => void }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  for (const h of handles.splice(0)) h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function world(limits: Parameters<typeof setupLiveWorld>[2], env: Record<string, string> = {}, processes = 1) {
  dir = mkdtempSync(join(tmpdir(), 'sqp-live-attack-'));
  const w = await setupLiveWorld(dir, 1_000_000, limits);
  const started = await Promise.all(
    Array.from({ length: processes }, () => startServerProcess({ ...serverEnv(dir), ...env })),
  );
  servers.push(...started);
  const handle = await createDb(`file:${join(dir, 'live.db')}`);
  handles.push(handle);
  const one = async (q: string) =>
    Number(Object.values((await handle.db.get<Record<string, number>>(q as never)) ?? {})[0]);
  return { ...w, servers: started, one };
}

// A socket reset before any answer (thousands of connections at once overflow a loaded machine's
// listen queue) is sent again, as the snippet does: a respondent is stored once per ID, so a resend
// can never be charged twice, and the exact counts below would show it if it were.
async function post(server: ServerProcess, datafileId: string, key: string, body: string, attempt = 1) {
  try {
    const res = await fetch(`${server.baseUrl}/api/live/${datafileId}/respondents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-live-key': key },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  } catch (error) {
    if (attempt >= 3 || !String(error).includes('ECONNRESET')) throw error;
    return post(server, datafileId, key, body, attempt + 1);
  }
}

describe('live import under attack, against real server processes', () => {
  it('2,000 forged respondents fired at once at two processes stop exactly at the ceiling; nothing past it is charged', async () => {
    const w = await world({ maxRespondents: 150, perAddressPerHour: 0 }, {}, 2);
    const answers = await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        post(w.servers[i % 2]!, w.datafileId, w.secret, respondentBody(`forged-${i}`, i)),
      ),
    );
    const by = (status: number) => answers.filter((a) => a.status === status);
    expect(by(200)).toHaveLength(150);
    expect(by(409)).toHaveLength(1850);
    expect(by(409).every((a) => a.body.error.code === 'LIVE_CEILING_REACHED')).toBe(true);
    // The ledger: exactly 150 charges and their credits, the counters beside the ceiling equal to them.
    const df = `'${w.datafileId}'`;
    expect(await w.one(`select count(*) from datafile_charges where datafile_id = ${df} and kind = 'LIVE'`)).toBe(150);
    expect(await w.one(`select count(*) from live_respondents where datafile_id = ${df}`)).toBe(150);
    const charged = await w.one(`select sum(credits) from datafile_charges where datafile_id = ${df}`);
    expect(
      await w.one(
        `select sum(t.amount) from credit_transactions t join datafile_charges c on c.id = t.charge_id where c.datafile_id = ${df} and t.type = 'USED'`,
      ),
    ).toBe(charged);
    expect(await w.one(`select respondents from live_settings where datafile_id = ${df}`)).toBe(150);
    expect(await w.one(`select credits from live_settings where datafile_id = ${df}`)).toBe(charged);
    // The organisation's ADMIN heard at 80 % and at 100 %, once each, although two processes raced.
    for (const which of ['nearing', 'reached'])
      expect(
        await w.one(
          `select count(*) from notifications where dedupe_key like 'live-ceiling:${which}:%' and user_id = '${w.ownerId}'`,
        ),
      ).toBe(1);
    expect(await w.one(`select count(*) from outbox_mails where template like 'liveCeiling%'`)).toBe(2);
  }, 120_000);

  it('the rate limit holds over two processes on one database: 300 respondents at once get the bucket once, not once per process', async () => {
    const w = await world({}, { LIVE_RATE_PER_SECOND: '10', LIVE_RATE_BURST: '10' }, 2);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${w.servers[i % 2]!.baseUrl}/api/live/${w.datafileId}/respondents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-live-key': w.secret },
          body: respondentBody(`rate-${i}`, i),
        }).then((res) => ({ status: res.status, retryAfter: res.headers.get('retry-after') })),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const admitted = answers.filter((a) => a.status === 200).length;
    // One bucket of 10 refilled at 10 a second, whichever process asks (before: one per process, twice that).
    expect(admitted).toBeGreaterThanOrEqual(10);
    expect(admitted).toBeLessThanOrEqual(10 + Math.ceil(10 * seconds) + 1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 429 && Number(a.retryAfter) >= 1)).toBe(true);
    expect(await w.one(`select count(*) from live_respondents where datafile_id = '${w.datafileId}'`)).toBe(admitted);
  }, 120_000);

  it('a flood of wrong keys does not spend the rate limit: every valid respondent among them is scored', async () => {
    // 65 respondents fit the burst; 3,000 wrong-key requests around them would have spent it.
    const w = await world({}, { LIVE_RATE_PER_SECOND: '5', LIVE_RATE_BURST: '70' });
    const server = w.servers[0]!;
    const requests: Promise<{ status: number; valid: boolean }>[] = [];
    for (let i = 0; i < 3000; i++) {
      requests.push(
        post(server, w.datafileId, `lk_forged${i}`, respondentBody(`flood-${i}`, i)).then((r) => ({
          status: r.status,
          valid: false,
        })),
      );
      if (i % 46 === 0 && i / 46 < 65)
        requests.push(
          post(server, w.datafileId, w.secret, respondentBody(`real-${i}`, i)).then((r) => ({
            status: r.status,
            valid: true,
          })),
        );
    }
    const answers = await Promise.all(requests);
    const valid = answers.filter((a) => a.valid);
    expect(valid).toHaveLength(65);
    expect(valid.map((a) => a.status)).toEqual(Array(65).fill(200));
    expect(answers.filter((a) => !a.valid).every((a) => a.status === 401)).toBe(true);
    expect(await w.one(`select count(*) from live_respondents where datafile_id = '${w.datafileId}'`)).toBe(65);
  }, 120_000);

  it('the snippet retries 429 with backoff and jitter, never sooner than Retry-After, until each respondent is stored', async () => {
    const w = await world({ perDevice: 1 }, { LIVE_RATE_PER_SECOND: '8', LIVE_RATE_BURST: '8' });
    const server = w.servers[0]!;
    const endpoint = `${server.baseUrl}/api/live/${w.datafileId}/respondents`;
    const code = snippetCore({
      endpoint,
      secretKey: w.secret,
      pages: [
        { label: 'Q1', criterion: 'OES' },
        { label: 'Grid1', criterion: 'IBS' },
        { label: 'Q3', criterion: 'TS' },
      ],
    });
    const statuses: number[] = [];
    const gaps: number[] = [];
    /** One respondent's browser tab: its own storage, the real fetch (counted), the snippet's core. */
    const tab = (i: number) => {
      const storage = () => {
        const m = new Map<string, string>();
        return {
          getItem: (k: string) => m.get(k) ?? null,
          setItem: (k: string, v: string) => void m.set(k, v),
          removeItem: (k: string) => void m.delete(k),
        };
      };
      const session = storage();
      session.setItem('sqp', JSON.stringify(JSON.parse(respondentBody(`tab-${i}`, i)).answers));
      let last = 0;
      const counted = async (url: string, init: RequestInit) => {
        if (last) gaps.push(performance.now() - last);
        const res = await fetch(url, init);
        last = performance.now();
        statuses.push(res.status);
        return res;
      };
      const make = new Function(
        'sessionStorage',
        'localStorage',
        'window',
        'document',
        'fetch',
        `${code}\nreturn SQP;`,
      );
      return make(session, storage(), { crypto: globalThis.crypto }, { addEventListener() {} }, counted) as {
        send: (id: string) => Promise<{ status?: string }>;
      };
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => tab(i).send(`tab-${i}`)));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill('SCORED'));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Retry-After said 1 s: no retry came sooner; the waits differ (backoff and jitter).
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(990);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeGreaterThan(100);
    expect(await w.one(`select count(*) from live_respondents where datafile_id = '${w.datafileId}'`)).toBe(30);
    // Each tab sent the device id its browser made (the per-device limit's key), stored only as a hash.
    expect(await w.one(`select count(*) from live_sources where source like 'd:%' and respondents = 1`)).toBe(30);
    expect(await w.one(`select count(*) from live_sources where length(source) <> 26 and source like 'd:%'`)).toBe(0);
  }, 120_000);
});
