// A live import for the API tests: the upload tests' world (an organisation with a contract and
// credits), a live datafile of three pages (open answer, grid, time only), and respondents.
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';
import { uploadWorld } from './upload-world';
import { CREATE, INTEGRATION, OPEN, PAGES } from './live-bodies';

export { CREATE, INTEGRATION, OPEN, PAGES, respondent } from './live-bodies';

export const UPDATE_LIMITS =
  'mutation($id:ID!,$l:LiveLimitsInput!){updateLiveDatafileLimits(datafileId:$id,limits:$l){maxRespondents maxCredits respondents credits perAddressPerHour perDevice allowedOrigins}}';

export type Limits = {
  maxRespondents: number;
  maxCredits: number;
  perAddressPerHour: number;
  perDevice: number;
  allowedOrigins: string[];
};

export async function liveWorld(t: TestApp, options: { credits?: number; backup?: boolean } = {}) {
  const w = await uploadWorld(t, {
    credits: options.credits ?? 100_000,
    ...(options.backup === false ? { backup: false } : {}),
    locale: 'en',
  });
  const created = await t.gql(
    CREATE,
    { i: { name: 'Live study', surveySoftware: 'NFIELD', pages: PAGES } },
    { token: w.tokens.admin },
  );
  if (!created.body.data) throw new Error(JSON.stringify(created.body.errors));
  const datafileId = created.body.data.createLiveDatafile.datafileId as string;
  const opened = await t.gql(OPEN, { id: datafileId }, { token: w.tokens.admin });
  if (opened.body.data?.openLiveDatafile !== 'READY') throw new Error(JSON.stringify(opened.body.errors));
  const integ = await t.gql(INTEGRATION, { id: datafileId }, { token: w.tokens.admin });
  const data = integ.body.data.getLiveDatafileIntegration;
  const world = { ...w, datafileId, secret: data.secretKey as string, serverKey: data.serverKey as string };
  /** New limits over the current ones (by the organisation's ADMIN); the limits answered. */
  const setLimits = async (patch: Partial<Limits>) => {
    const {
      respondents: _r,
      credits: _c,
      expectedRespondents: _e,
      ...now
    } = (await t.gql(INTEGRATION, { id: datafileId }, { token: w.tokens.admin })).body.data.getLiveDatafileIntegration
      .limits;
    const res = await t.gql(UPDATE_LIMITS, { id: datafileId, l: { ...now, ...patch } }, { token: w.tokens.admin });
    if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data.updateLiveDatafileLimits;
  };
  return { ...world, setLimits };
}

export async function send(
  t: TestApp,
  datafileId: string,
  secret: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(`/api/live/${datafileId}/respondents`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret !== undefined ? { 'x-live-key': secret } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

export async function counts(t: TestApp, datafileId: string) {
  const one = async (q: ReturnType<typeof sql>) => Number(((await t.db.get(q)) as any)?.n ?? 0);
  return {
    respondents: await one(sql`select count(*) as n from live_respondents where datafile_id = ${datafileId}`),
    charges: await one(
      sql`select count(*) as n from datafile_charges where datafile_id = ${datafileId} and kind = 'LIVE'`,
    ),
    credits: await one(
      sql`select coalesce(sum(credits), 0) as n from datafile_charges where datafile_id = ${datafileId}`,
    ),
    used: await one(
      sql`select coalesce(sum(amount), 0) as n from credit_transactions t join datafile_charges c on c.id = t.charge_id where c.datafile_id = ${datafileId} and t.type = 'USED'`,
    ),
  };
}

export const setStatus = (t: TestApp, datafileId: string, status: string) =>
  t.db.run(sql`update datafiles set status = ${status} where id = ${datafileId}`);
