import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from '../../../db/client';
import { migrateDb } from '../../../db/migrate';
import { readEnv } from '../../../api/env';
import { AppError } from '../../../api/kernel/errors/errors';
import { fixedClock } from '../../../api/lib/clock';
import type { Logger } from '../../../api/lib/logger';
import { readJudgeConfig, type JudgeConfig } from '../../../api/infra/judge/judge.config';
import {
  judgeOpenEnded,
  type JudgeDeps,
  type JudgeInputQuestion,
} from '../../../api/modules/open-ended-judge/judge.service';
import { scoring } from '../../support/scoring';
import { startFakeOpenAi } from '../../support/fake-openai';

const VERDICTS: Record<string, number> = {
  'Mein Auto muss in die Werkstatt, der Auspuff ist kaputt': 10,
  'Beautiful beaches and great food': 11,
};
const fake = await startFakeOpenAi((answer) => VERDICTS[answer] ?? 1);

const question = (answers: string[], extra: Partial<JudgeInputQuestion> & { duplicateDetection?: boolean } = {}) => ({
  text: 'Was hat Ihnen an Ihrem letzten Urlaub besonders gut gefallen?',
  keywords: ['Strand', 'Hotel', 'Essen'],
  allowedLanguages: ['de'],
  answers,
  ...extra,
});

// Offline: 1, 1 (unsure: no word of the survey, left to the judge), 1 (unsure: no German function
// word), 4, 8 (copy of row 0), 0 (empty).
const ANSWERS = [
  'Das Essen im Hotel direkt am Strand war jeden Tag hervorragend',
  'Mein Auto muss in die Werkstatt, der Auspuff ist kaputt',
  'Beautiful beaches and great food',
  'gut',
  'Das Essen im Hotel direkt am Strand war jeden Tag hervorragend',
  '',
];

let dir: string;
let handle: DbHandle;
const logged: { msg: string; data: unknown }[] = [];
const log: Logger = {
  info: (msg, data) => logged.push({ msg, data }),
  error: (msg, data) => logged.push({ msg, data }),
};

const config = (extra: Partial<JudgeConfig> = {}): JudgeConfig => ({
  url: fake.url,
  model: 'fake-model-1',
  apiKey: 'sk-test',
  mode: 'unsure',
  timeoutMs: 5_000,
  batchSize: 25,
  ...extra,
});
const deps = (extra: Partial<JudgeDeps> = {}): JudgeDeps => ({
  db: handle.db,
  config: config(),
  clock: fixedClock('2026-11-22T10:00:00.000Z'),
  log,
  ...extra,
});
const offlineOf = (questions: ReturnType<typeof question>[]) => scoring.classifyOpenEnded(questions);
const run = (d: JudgeDeps, questions = [question(ANSWERS)], required = false) =>
  judgeOpenEnded(d, { questions, offline: offlineOf(questions), required });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-judge-'));
  handle = await createDb(`file:${join(dir, 'app.db')}`);
  await migrateDb(handle.db);
});
afterEach(async () => {
  fake.requests.length = 0;
  fake.setMode({ kind: 'ok' });
  await handle.db.run(sql`DELETE FROM oes_judge_verdicts`);
});
afterAll(() => {
  fake.stop();
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('open-ended judge configuration', () => {
  it('is off by default, so no answer leaves the server', () => {
    expect(readEnv({ NODE_ENV: 'test' }).oesJudge).toBeUndefined();
  });

  it('reads URL, model, key, mode, time limit and batch size, and lists what is wrong', () => {
    const env = readEnv({
      NODE_ENV: 'test',
      OES_JUDGE_URL: 'https://llm.example/v1',
      OES_JUDGE_MODEL: 'm',
      OES_JUDGE_API_KEY: 'k',
      OES_JUDGE_MODE: 'all',
      OES_JUDGE_TIMEOUT_MS: '9000',
      OES_JUDGE_BATCH_SIZE: '10',
    });
    expect(env.oesJudge).toEqual({
      url: 'https://llm.example/v1',
      model: 'm',
      apiKey: 'k',
      mode: 'all',
      timeoutMs: 9000,
      batchSize: 10,
    });
    expect(readJudgeConfig({ OES_JUDGE_URL: 'https://llm.example/v1' }).problems).toEqual([
      'OES_JUDGE_MODEL is needed when OES_JUDGE_URL is set',
    ]);
    expect(() =>
      readEnv({ NODE_ENV: 'test', OES_JUDGE_URL: 'x', OES_JUDGE_MODEL: 'm', OES_JUDGE_MODE: 'some' }),
    ).toThrow(/OES_JUDGE_MODE must be "unsure" or "all"[\s\S]*OES_JUDGE_URL must be an http/);
    expect(readJudgeConfig({ OES_JUDGE_API_KEY: 'k' }).problems).toEqual([
      'OES_JUDGE_URL is needed when OES_JUDGE_MODEL or OES_JUDGE_API_KEY is set',
    ]);
  });
});

describe('judgeOpenEnded', () => {
  it('returns the offline verdicts untouched when no judge is configured, and GPT3_NOT_INITIALIZED when one is required', async () => {
    const r = await run(deps({ config: undefined }));
    expect(Array.from(r.categories[0]!)).toEqual([1, 1, 1, 4, 8, 0]);
    expect(Array.from(r.sources[0]!)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(fake.requests).toHaveLength(0);
    const required = run(deps({ config: undefined }), undefined, true);
    await expect(required).rejects.toBeInstanceOf(AppError);
    await expect(required).rejects.toMatchObject({ code: 'GPT3_NOT_INITIALIZED' });
  });

  it('asks about the answers the rules are unsure of and records that the verdicts came from the judge', async () => {
    const r = await run(deps());
    expect(Array.from(r.categories[0]!)).toEqual([1, 10, 11, 4, 8, 0]);
    expect(Array.from(r.sources[0]!)).toEqual([0, 1, 1, 0, 0, 0]);
    expect(r.error).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.model).toBe('fake-model-1');
    expect(sent.question.question).toBe('Was hat Ihnen an Ihrem letzten Urlaub besonders gut gefallen?');
    expect(sent.question.allowedLanguages).toEqual(['de']);
    expect(sent.question.answers.map((a) => a.text)).toEqual([ANSWERS[1], ANSWERS[2]]);
  });

  it('in mode "all" asks about every answer except duplicates and copy-paste, in batches', async () => {
    const r = await run(deps({ config: config({ mode: 'all', batchSize: 2 }) }));
    expect(Array.from(r.sources[0]!)).toEqual([1, 1, 1, 1, 0, 0]);
    expect(r.categories[0]![3]).toBe(1);
    expect(fake.requests.map((q) => q.question.answers.length)).toEqual([2, 2]);
    expect(fake.requests.flatMap((q) => q.question.answers.map((a) => a.text))).not.toContain('');
  });

  it('sends an answer repeated by several respondents once and gives every row its verdict', async () => {
    const q = question(['Beautiful beaches and great food', 'Beautiful beaches and great food', 'Strand'], {
      duplicateDetection: false,
    });
    const r = await run(deps(), [q]);
    expect(Array.from(r.categories[0]!)).toEqual([11, 11, 1]);
    expect(fake.requests[0]!.question.answers).toHaveLength(1);
    expect(r.counts).toEqual({ chosen: 2, cached: 0, judged: 2, offline: 0 });
  });

  it('keeps verdicts in the database, so a restarted process asks again for nothing', async () => {
    await run(deps());
    expect(fake.requests).toHaveLength(1);
    const second = await createDb(`file:${join(dir, 'app.db')}`);
    try {
      const r = await run(deps({ db: second.db }));
      expect(fake.requests).toHaveLength(1);
      expect(Array.from(r.categories[0]!)).toEqual([1, 10, 11, 4, 8, 0]);
      expect(Array.from(r.sources[0]!)).toEqual([0, 1, 1, 0, 0, 0]);
      expect(r.counts.cached).toBe(2);
    } finally {
      second.close();
    }
    // Another model is another judge: its verdicts are asked for anew.
    await run(deps({ config: config({ model: 'fake-model-2' }) }));
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the offline verdicts and reports OES_API_ERROR when the server keeps failing, after retrying', async () => {
    fake.setMode({ kind: 'status', status: 503 });
    const r = await run(deps());
    expect(Array.from(r.categories[0]!)).toEqual([1, 1, 1, 4, 8, 0]);
    expect(Array.from(r.sources[0]!)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(r.error).toBe('OES_API_ERROR');
    expect(fake.requests).toHaveLength(3);
    expect(logged.some((l) => l.msg.startsWith('open-ended judge unavailable'))).toBe(true);
  });

  it('does not retry an HTTP error that asking again will not fix (bad key)', async () => {
    fake.setMode({ kind: 'status', status: 401 });
    const r = await run(deps());
    expect(r.error).toBe('OES_API_ERROR');
    expect(fake.requests).toHaveLength(1);
  });

  it('waits out a rate limit as the server asks and then gets its verdicts', async () => {
    fake.setMode({ kind: 'status', status: 429, times: 1, retryAfter: '0.05' });
    const r = await run(deps());
    expect(fake.requests).toHaveLength(2);
    expect(r.error).toBeUndefined();
    expect(Array.from(r.sources[0]!)).toEqual([0, 1, 1, 0, 0, 0]);
  });

  it('gives up at its time limit with the offline verdicts when the server does not answer', async () => {
    fake.setMode({ kind: 'delay', ms: 3_000 });
    const t0 = performance.now();
    const r = await run(deps({ config: config({ timeoutMs: 300 }) }));
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(r.error).toBe('OES_API_ERROR');
    expect(Array.from(r.categories[0]!)).toEqual([1, 1, 1, 4, 8, 0]);
  });

  it('reports OES_API_ERROR when nothing listens at the configured address', async () => {
    const gone = await startFakeOpenAi();
    gone.stop();
    const r = await run(deps({ config: config({ url: gone.url }) }));
    expect(r.error).toBe('OES_API_ERROR');
    expect(Array.from(r.sources[0]!)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('keeps the offline verdicts of a batch whose reply is malformed and caches nothing for it', async () => {
    for (const mode of [
      { kind: 'content', content: 'Sure! Answer 1 is valid.' },
      { kind: 'content', content: '{"verdicts":[]}' },
      { kind: 'body', body: '<html>oops</html>' },
    ] as const) {
      fake.setMode(mode);
      const r = await run(deps());
      expect(Array.from(r.categories[0]!)).toEqual([1, 1, 1, 4, 8, 0]);
      expect(Array.from(r.sources[0]!)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(r.error).toBeUndefined();
    }
    expect(fake.requests).toHaveLength(3);
    const rows = await handle.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM oes_judge_verdicts`);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('uses the valid part of a partly wrong reply; an answer the model cannot judge keeps its offline verdict', async () => {
    fake.setMode({
      kind: 'content',
      content:
        '```json\n{"results":[{"id":1,"category":-2},{"id":2,"category":3},{"id":2,"category":11},{"id":7,"category":4}]}\n```',
    });
    const r = await run(deps());
    // id 1 (row 1) cannot be judged; for id 2 (row 2) the invalid code 3 is skipped and 11 taken; id 7 was not asked about.
    expect(Array.from(r.categories[0]!)).toEqual([1, 1, 11, 4, 8, 0]);
    expect(Array.from(r.sources[0]!)).toEqual([0, 0, 1, 0, 0, 0]);
    expect(r.counts).toEqual({ chosen: 2, cached: 0, judged: 1, offline: 1 });
  });
});
