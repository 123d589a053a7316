// GET /api/events over real HTTP (Bun.serve): a stream tells its page when a job of the caller's
// organisation moves, and nobody else's; a user's concurrent streams are capped even when 200 are
// asked for at once, and a closed stream frees its place. A job this process runs is told at once,
// not at the next read of the jobs table, and still only to its own organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEARTBEAT_MS, MAX_STREAMS } from '../../../api/modules/events/events.routes';
import { users } from '../../../db/schema';
import { makeUser, sessionFor } from '../../support/factories';
import { createJobEventHub, type JobEvent } from '../../../api/modules/events/job-events';
import { UPLOAD_CHECK_JOB } from '../../../api/modules/uploads';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  fixture,
  putFile,
  runJobs,
  saveSuggested,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let server: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req, srv) => t.app.fetch(req, { server: srv }) });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.stop(true);
  t.close();
});

type Heard = {
  events: { event: string; data: any }[];
  status: number;
  close: () => void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
};

/** Opens a stream as `token` and collects its events (parsed as the browser's parser would). */
async function listen(token: string | null): Promise<Heard> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : { 'accept-language': 'en' },
    signal: abort.signal,
  });
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const heard: Heard = { events: [], status: res.status, close: () => abort.abort(), ended };
  if (res.status !== 200 || !res.body) {
    heard.events.push({ event: 'refusal', data: await res.json() });
    return heard;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return markEnded();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) heard.events.push({ event, data: data ? JSON.parse(data) : null });
      }
    }
  })();
  await until(() => heard.events.some((e) => e.event === 'ready'));
  return heard;
}

async function until(ok: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobsOf = (heard: Heard) => heard.events.filter((e) => e.event === 'job').map((e) => e.data);

describe('the event stream', () => {
  it('refuses a caller without a session and says why', async () => {
    const heard = await listen(null);
    expect(heard.status).toBe(401);
    expect(heard.events[0]!.data.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const forged = await listen('session-that-does-not-exist');
    expect(forged.status).toBe(401);
  });

  it("tells the uploader and their organisation's ADMIN of the check, and nobody else", async () => {
    const admin = await listen(w.tokens.admin);
    const uploader = await listen(w.tokens.employee);
    const colleague = await listen(w.tokens.employee2);
    const otherOrganisation = await listen(w.tokens.adminB);
    const operator = await listen(w.tokens.op);
    try {
      const key = await putFile(t, w.tokens.employee, w.A, 'plain-tab.csv', fixture('plain-tab.csv'));
      const draft = await createDraft(t, w.tokens.employee, key, { headerRow: 1, dataRecordStartRow: 2 });
      const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
      const check = await saveSuggested(t, w.tokens.employee, datafileId);
      expect(check.state).toBe('DONE');
      await runJobs(t);
      const answered = (heard: Heard) =>
        jobsOf(heard).some((e) => e.datafileId === datafileId && e.kind === 'upload.check' && e.hasResult);
      await until(() => answered(admin) && answered(uploader));
      const finished = (heard: Heard) =>
        jobsOf(heard).some((e) => e.datafileId === datafileId && e.state === 'SUCCEEDED');
      await until(() => finished(admin) && finished(uploader));
      expect(Object.keys(jobsOf(uploader)[0]).sort()).toEqual(
        ['datafileId', 'hasResult', 'jobId', 'kind', 'progress', 'state'].sort(),
      );
      // Every stream is served by the same poll: had the others been told, they would have been by now.
      expect(jobsOf(colleague)).toEqual([]);
      expect(jobsOf(otherOrganisation)).toEqual([]);
      expect(jobsOf(operator)).toEqual([]);
    } finally {
      for (const heard of [admin, uploader, colleague, otherOrganisation, operator]) heard.close();
    }
  });

  it(`holds a user to ${MAX_STREAMS.perUser} streams under 200 concurrent requests, and a closed one frees its place`, async () => {
    const all = await Promise.all(Array.from({ length: 200 }, () => listen(w.tokens.employee2)));
    try {
      const open = all.filter((h) => h.status === 200);
      const refused = all.filter((h) => h.status !== 200);
      expect(open).toHaveLength(MAX_STREAMS.perUser);
      expect(new Set(refused.map((h) => h.status))).toEqual(new Set([429]));
      const error = refused[0]!.events[0]!.data.errors[0];
      expect(error.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'TOO_MANY_EVENT_STREAMS' });
      expect(error.message).toMatch(/close some of them/);
      // Another user of the organisation is not held to this one's streams.
      const other = await listen(w.tokens.employee);
      expect(other.status).toBe(200);
      other.close();
      open[0]!.close();
      let again: Heard | undefined;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        again = await listen(w.tokens.employee2);
        if (again.status === 200) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(again?.status).toBe(200);
      again?.close();
    } finally {
      for (const heard of all) heard.close();
    }
  });
});

describe('a stream whose user changes', () => {
  it(
    "ends at the next heartbeat when its ADMIN is made an EMPLOYEE, before it hears of a colleague's job",
    async () => {
      const demoted = await makeUser(t.db, t.deps.appSecret, { companyId: w.A, accessLevel: 'ADMIN' });
      const heard = await listen(await sessionFor(t, demoted.id, w.A));
      let ended = false;
      void heard.ended.then(() => (ended = true));
      try {
        await t.db.update(users).set({ accessLevel: 'EMPLOYEE' }).where(eq(users.id, demoted.id));
        // A heartbeat comes within HEARTBEAT_MS; then the stream must be over.
        await until(() => ended, HEARTBEAT_MS * 2);
        const key = await putFile(t, w.tokens.employee, w.A, 'plain-tab.csv', fixture('plain-tab.csv'));
        const draft = await createDraft(t, w.tokens.employee, key, { headerRow: 1, dataRecordStartRow: 2 });
        const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
        await saveSuggested(t, w.tokens.employee, datafileId);
        await runJobs(t);
        expect(jobsOf(heard).filter((e) => e.datafileId === datafileId)).toEqual([]);
      } finally {
        heard.close();
      }
    },
    HEARTBEAT_MS * 3,
  );
});

describe('a job run by this process', () => {
  it("is told to its organisation's streams as it answers, not at the next read, and to nobody else", async () => {
    // A poller that would read the jobs table only once an hour: whatever arrives, the job's own events brought.
    const hub = createJobEventHub(t.deps, [UPLOAD_CHECK_JOB], 3_600_000);
    const heard: Record<'A' | 'uploader' | 'colleague' | 'B', JobEvent[]> = {
      A: [],
      uploader: [],
      colleague: [],
      B: [],
    };
    const off = [
      hub.subscribe({ companyId: w.A, ownerId: null, send: (e) => heard.A.push(e) }),
      hub.subscribe({ companyId: w.A, ownerId: w.employee.id, send: (e) => heard.uploader.push(e) }),
      hub.subscribe({ companyId: w.A, ownerId: w.employee2.id, send: (e) => heard.colleague.push(e) }),
      hub.subscribe({ companyId: w.B, ownerId: null, send: (e) => heard.B.push(e) }),
    ];
    try {
      await hub.pollNow();
      const key = await putFile(t, w.tokens.employee, w.A, 'plain-tab.csv', fixture('plain-tab.csv'));
      const draft = await createDraft(t, w.tokens.employee, key, { headerRow: 1, dataRecordStartRow: 2 });
      const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
      await saveSuggested(t, w.tokens.employee, datafileId);
      const answered = (events: JobEvent[]) =>
        events.some((e) => e.datafileId === datafileId && e.kind === 'upload.check' && e.hasResult);
      await until(() => answered(heard.A) && answered(heard.uploader), 5_000);
      await hub.pollNow();
      expect(heard.colleague).toEqual([]);
      expect(heard.B).toEqual([]);
    } finally {
      for (const unsubscribe of off) unsubscribe();
    }
  });
});
