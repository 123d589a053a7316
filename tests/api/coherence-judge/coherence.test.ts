// The optional coherence judge on the real upload path, against the local OpenAI-compatible fake:
// contradictions found and none found give scores.arrow's `coh` and `coh.contradictions`; a time
// limit, HTTP 500, malformed JSON and a refusal text leave `coh` null (not 0), keep the other scores,
// and are counted in the revision's manifest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, readRevisionColumns } from '../../../api/ingest/index';
import { startFakeOpenAi, type FakeMode } from '../../support/fake-openai';
import { createTestApp, type TestApp } from '../../support/test-app';
import { fixture, runJobs, UPLOAD_QUERIES as Q, uploadThrough, uploadWorld } from '../../support/upload-world';

type Asked = { interviews?: { id: number; answers: { question: string }[] }[]; answers?: { id: number }[] };

const fake = await startFakeOpenAi();
let t: TestApp;
let w: Awaited<ReturnType<typeof uploadWorld>>;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      OES_JUDGE_URL: fake.url,
      OES_JUDGE_MODEL: 'fake-model',
      OES_JUDGE_API_KEY: 'sk-test-coherence',
      OES_JUDGE_TIMEOUT_MS: '1000',
      COHERENCE_JUDGE: 'on',
      COHERENCE_MAX_INTERVIEWS: '4',
    },
  });
  w = await uploadWorld(t);
});
afterAll(() => {
  t.close();
  fake.stop();
});

/** A reply to both judges: the open-ended judge's "valid" for every answer, `coherence` for each interview. */
const replying = (coherence: (i: NonNullable<Asked['interviews']>[number]) => object[]): FakeMode => ({
  kind: 'reply',
  reply: (user) => {
    const asked = user as Asked;
    if (asked.interviews)
      return JSON.stringify({ results: asked.interviews.map((i) => ({ id: i.id, contradictions: coherence(i) })) });
    return JSON.stringify({ results: (asked.answers ?? []).map((a) => ({ id: a.id, category: 1 })) });
  },
});

async function uploadWith(mode: FakeMode) {
  fake.setMode(mode);
  fake.requests.length = 0;
  const { datafileId } = await uploadThrough(t, w.tokens.admin, w.A, 'plain.csv', fixture('plain-tab.csv'));
  await runJobs(t);
  const done = (await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin })).body.data
    .getDatafileUploadingProgress;
  expect(done.status).toBe('READY');
  const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores', [
    'coh',
    'coh.data_points',
    'coh.contradictions',
    'combined',
  ]);
  const manifest = (await readManifest(t.deps.blobs, datafileId, 1))!;
  const column = (name: string) => Array.from({ length: scores.numRows }, (_, i) => scores.getChild(name)!.get(i));
  const asked = fake.requests.filter((r) => (r.question as Asked).interviews);
  const file = await t.gql(
    'query($id: ID!) { getDatafile(datafileId: $id) { coherence { asked judged failed } } }',
    { id: datafileId },
    { token: w.tokens.admin },
  );
  return {
    datafileId,
    counts: file.body.data.getDatafile.coherence,
    coh: column('coh'),
    read: column('coh.data_points'),
    contradictions: column('coh.contradictions'),
    combined: column('combined'),
    manifest,
    asked,
  };
}

describe('the coherence judge in the upload job', () => {
  it('scores each read interview, 25 points less per contradiction, and stores the contradictions', async () => {
    const r = await uploadWith(
      replying((i) =>
        i.id === 0
          ? [{ questions: [i.answers[0]!.question, i.answers[1]!.question], explanation: 'swims vs. hikes daily' }]
          : [],
      ),
    );
    expect(r.asked.length).toBeGreaterThan(0);
    const read = r.asked.flatMap((a) => (a.question as Asked).interviews!.map((i) => i.id));
    expect(read).toHaveLength(4);
    expect(r.manifest.coherence).toEqual({ asked: 4, judged: 4, failed: 0 });
    expect(r.coh[0]).toBe(75);
    // Its data points: the open answers the judge read (the rule's minimum counts them).
    expect(r.read[0]).toBe(3);
    expect(JSON.parse(r.contradictions[0] as string)).toEqual([
      { questions: ['open1', 'open2'], explanation: 'swims vs. hikes daily' },
    ]);
    for (const row of read.slice(1)) {
      expect(r.coh[row]).toBe(100);
      expect(r.contradictions[row]).toBeNull();
    }
    // Past COHERENCE_MAX_INTERVIEWS: no score, not 0.
    expect(r.coh.filter((v) => v !== null)).toHaveLength(4);
    expect(r.asked[0]!.authorization).toBe('Bearer sk-test-coherence');
    expect(r.counts).toEqual({ asked: 4, judged: 4, failed: 0 });
    // The scores' CSV carries the score and the contradictions (technical column names).
    const csv = await t.app.request(`/api/datafiles/${r.datafileId}/scores?format=csv`, {
      headers: { authorization: `Bearer ${w.tokens.admin}`, 'accept-language': 'en' },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain(',coh,coh.data_points,coh.contradictions,');
    expect(text).toContain('swims vs. hikes daily');
  });

  it('gives 100 to every read interview when nothing contradicts', async () => {
    const r = await uploadWith(replying(() => []));
    expect(r.manifest.coherence).toEqual({ asked: 4, judged: 4, failed: 0 });
    expect(r.coh.filter((v) => v === 100)).toHaveLength(4);
    expect(r.contradictions.every((v) => v === null)).toBe(true);
  });

  const failures: [string, FakeMode][] = [
    ['the time limit', { kind: 'delay', ms: 1_500, content: '{"results":[]}' }],
    ['HTTP 500', { kind: 'status', status: 500 }],
    ['malformed JSON', { kind: 'content', content: '{"results":[{"id":0,"contradictions":' }],
    ['a refusal text', { kind: 'content', content: "I'm sorry, but I can't help with that." }],
  ];
  it.each(failures)(
    'after %s: no coherence score (null), the other scores kept, the failures counted',
    async (_, mode) => {
      const r = await uploadWith(mode);
      expect(r.manifest.coherence).toEqual({ asked: 4, judged: 0, failed: 4 });
      expect(r.counts).toEqual({ asked: 4, judged: 0, failed: 4 });
      expect(r.coh.every((v) => v === null)).toBe(true);
      expect(r.combined.filter((v) => typeof v === 'number' && !Number.isNaN(v)).length).toBeGreaterThan(100);
    },
  );
});
