import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/test-app';
import { counts, liveWorld, respondent, send } from '../../support/live-world';
import { readRevisionColumns } from '../../../api/ingest/index';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { publishNow } from '../../../api/modules/live-import/live-publish';
import { combinedWeightsOf } from '../../../scoring/index';

// The behaviour fields the snippet sends per page (how an open answer came about): accepted within
// their bounds, stored with the respondent, anything else refused with the field's path.

let t: TestApp;
let w: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await liveWorld(t);
});
afterAll(() => t?.close());

const TYPED = {
  keys: 74,
  deletions: 4,
  firstKeyMs: 4200,
  typingMs: 17_500,
  ikiMedianMs: 212,
  ikiIqrMs: 118,
  regularShare: 0.05,
  pastes: 0,
  pastedChars: 0,
  pastesAfterSwitch: 0,
  unexplainedChars: 0,
  focusLosses: 1,
  hidden: 0,
  translated: false,
};
const withBehaviour = (id: string, behaviour: unknown) => {
  const r = respondent(id);
  return { ...r, answers: { ...r.answers, Q1: { ...r.answers.Q1, behaviour } } };
};
const stored = async (id: string) => {
  const row = (await t.db.get(
    sql`select answers from live_respondents where datafile_id = ${w.datafileId} and record_id = ${id}`,
  )) as { answers: string } | undefined;
  return row ? JSON.parse(row.answers) : undefined;
};

describe('the live endpoint and the behaviour fields', () => {
  it('stores the behaviour sent with a page, and only its known fields', async () => {
    const res = await send(
      t,
      w.datafileId,
      w.secret,
      withBehaviour('b-1', { ...TYPED, typedText: 'never kept', extra: { nested: 'x'.repeat(1000) } }),
    );
    expect(res.status).toBe(200);
    expect((await stored('b-1')).Q1.behaviour).toEqual(TYPED);
    // A grid or time page may carry behaviour too (focus losses, translation).
    const r = respondent('b-2');
    const grid = await send(t, w.datafileId, w.secret, {
      ...r,
      answers: { ...r.answers, Grid1: { ...r.answers.Grid1, behaviour: { focusLosses: 2, translated: true } } },
    });
    expect(grid.status).toBe(200);
    expect((await stored('b-2')).Grid1.behaviour).toEqual({ focusLosses: 2, translated: true });
  });

  it('answers with the behaviour category of each open answer and the BAS, which weighs in and can remove', async () => {
    const typed = await send(t, w.datafileId, w.secret, withBehaviour('s-typed', TYPED));
    expect(typed.body.scores).toMatchObject({ bas: 100, behaviour: { Q1: 1 } });
    expect(typed.body.decision).toBe('KEEP');
    // The same answer pasted after leaving the tab: category 5, BAS 0, removed by the default rule.
    const pasted = await send(
      t,
      w.datafileId,
      w.secret,
      withBehaviour('s-pasted', { keys: 2, pastes: 1, pastedChars: 72, pastesAfterSwitch: 1, hidden: 1 }),
    );
    expect(pasted.body.scores).toMatchObject({ bas: 0, behaviour: { Q1: 5 } });
    expect(pasted.body.decision).toBe('REMOVE');
    expect(pasted.body.scores.combined).toBeLessThan(typed.body.scores.combined);
    // Without behaviour fields: no BAS, and the combined score as before it existed.
    const plain = await send(t, w.datafileId, w.secret, respondent('s-plain'));
    expect(plain.body.scores.bas).toBeNull();
    expect(plain.body.scores.behaviour).toEqual({});
    const row = (await t.db.get(
      sql`select scores from live_respondents where datafile_id = ${w.datafileId} and record_id = 's-pasted'`,
    )) as { scores: string };
    expect(JSON.parse(row.scores)).toMatchObject({ bas: 0, behaviour: { Q1: 5 }, kept: false });
  });

  it('the published revision carries each answer’s behaviour category and the BAS; a respondent without behaviour has none', async () => {
    // The respondents sent so far in this file (s-typed, s-pasted, s-plain, b-1, b-2) are published.
    await publishNow(t.deps, { id: w.datafileId, companyId: w.A });
    await runJobsUntilIdle(t.deps);
    const file = await t.db.get<{ revision: number }>(sql`select revision from datafiles where id = ${w.datafileId}`);
    const scores = await readRevisionColumns(t.deps.blobs, w.datafileId, file!.revision, 'scores', [
      'record_id',
      'bas',
      'bas.data_points',
      'bas.Q1.category',
    ]);
    const by = new Map(
      Array.from({ length: scores.numRows }, (_, i) => [
        String(scores.getChild('record_id')!.get(i)),
        {
          bas: scores.getChild('bas')!.get(i) as number | null,
          dp: scores.getChild('bas.data_points')!.get(i) as number,
          category: scores.getChild('bas.Q1.category')!.get(i) as number | null,
        },
      ]),
    );
    expect(by.get('s-typed')).toEqual({ bas: 100, dp: 1, category: 1 });
    expect(by.get('s-pasted')).toEqual({ bas: 0, dp: 1, category: 5 });
    // No behaviour sent: null, not 0, and no data point.
    expect(by.get('s-plain')).toEqual({ bas: null, dp: 0, category: null });
    const raw = await readRevisionColumns(t.deps.blobs, w.datafileId, file!.revision, 'raw', ['record_id', 'Q1_keys']);
    expect(raw.getChild('Q1_keys')!.toArray()).toContain(74);
  });

  it('calls a long, polished answer typed faster than people type, or pasted whole, AI suspect (14)', async () => {
    const polished =
      'Die Auswahl an frischem Obst ist groß, die Beratung an der Kasse freundlich, und die Preise sind, verglichen mit anderen Märkten, fair.';
    // Other texts for the other respondents: the published revision would call copies duplicates (8).
    const others: Record<string, string> = {
      'ai-pasted':
        'Der Parkplatz ist samstags oft voll, deshalb komme ich meistens früh am Morgen, bevor die Bäckerei ihre Brötchen verkauft hat.',
      'ai-person':
        'Mit der Kundenkarte bekomme ich Rabatt auf Kaffee; die monatlichen Gutscheine haben unserer Familie wirklich Geld gespart, finde ich.',
    };
    const answer = (id: string, behaviour: unknown) => {
      const r = withBehaviour(id, behaviour);
      return { ...r, answers: { ...r.answers, Q1: { ...r.answers.Q1, answer: others[id] ?? polished } } };
    };
    // 133 characters in 6 s of typing: 22 per second. At 30 s (4.4 per second) it is a person's.
    const fast = await send(t, w.datafileId, w.secret, answer('ai-fast', { ...TYPED, typingMs: 6_000 }));
    expect(fast.body.scores.categories).toMatchObject({ Q1: 14 });
    const pasted = await send(t, w.datafileId, w.secret, answer('ai-pasted', { keys: 0, pastes: 1, pastedChars: 133 }));
    expect(pasted.body.scores.categories).toMatchObject({ Q1: 14 });
    const person = await send(t, w.datafileId, w.secret, answer('ai-person', { ...TYPED, typingMs: 30_000 }));
    expect(person.body.scores.categories).toMatchObject({ Q1: 1 });
    expect(
      JSON.parse(
        (
          (await t.db.get(
            sql`select scores from live_respondents where datafile_id = ${w.datafileId} and record_id = 'ai-fast'`,
          )) as { scores: string }
        ).scores,
      ),
    ).toMatchObject({ categories: { Q1: 14 } });
    // The published revision is scored from its snapshot's behaviour columns: the same verdicts and reasons.
    await publishNow(t.deps, { id: w.datafileId, companyId: w.A });
    await runJobsUntilIdle(t.deps);
    const file = await t.db.get<{ revision: number }>(sql`select revision from datafiles where id = ${w.datafileId}`);
    const scores = await readRevisionColumns(t.deps.blobs, w.datafileId, file!.revision, 'scores', [
      'record_id',
      'oes.Q1.category',
      'oes.Q1.ai_reasons',
    ]);
    const published = new Map(
      Array.from({ length: scores.numRows }, (_, i) => [
        String(scores.getChild('record_id')!.get(i)),
        [scores.getChild('oes.Q1.category')!.get(i), scores.getChild('oes.Q1.ai_reasons')!.get(i)],
      ]),
    );
    expect(published.get('ai-fast')).toEqual([14, 2]);
    expect(published.get('ai-pasted')).toEqual([14, 1]);
    expect(published.get('ai-person')).toEqual([1, 0]);
  });

  it('the worksheet settings of a datafile name the BAS rule, on by default below 20', async () => {
    const res = await t.gql(
      `query($id:ID!){getDatafileCleaningSettings(datafileId:$id){ scoreThresholds{key name isEnable threshold minDataPoints} }}`,
      { id: w.datafileId },
      { token: w.tokens.admin },
    );
    expect(res.body.errors).toBeUndefined();
    const settings = res.body.data.getDatafileCleaningSettings;
    expect(settings.scoreThresholds).toContainEqual({
      key: 'bas',
      name: 'BAS',
      isEnable: true,
      threshold: 20,
      minDataPoints: 1,
    });
  });

  it('refuses a field out of its bounds or of the wrong type, naming it, and stores and charges nothing', async () => {
    const before = await counts(t, w.datafileId);
    const cases: [unknown, string][] = [
      [[1, 2], 'answers.Q1.behaviour'],
      ['typed', 'answers.Q1.behaviour'],
      [{ keys: -1 }, 'answers.Q1.behaviour.keys'],
      [{ keys: 2.5 }, 'answers.Q1.behaviour.keys'],
      [{ keys: '12' }, 'answers.Q1.behaviour.keys'],
      [{ regularShare: 1.2 }, 'answers.Q1.behaviour.regularShare'],
      [{ firstKeyMs: 8 * 24 * 3600 * 1000 }, 'answers.Q1.behaviour.firstKeyMs'],
      [{ pastedChars: 1e12 }, 'answers.Q1.behaviour.pastedChars'],
      [{ translated: 'yes' }, 'answers.Q1.behaviour.translated'],
    ];
    for (const [behaviour, field] of cases) {
      const res = await send(
        t,
        w.datafileId,
        w.secret,
        withBehaviour(`bad-${field}-${JSON.stringify(behaviour)}`, behaviour),
      );
      expect(res.status, JSON.stringify(behaviour)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'LIVE_WRONG_TYPE', field });
    }
    expect(await counts(t, w.datafileId)).toEqual(before);
  });
});

describe("the live answer and the datafile's weights", () => {
  it('computes the combined score behind KEEP/REMOVE with the saved weights: BAS weight 0 leaves the BAS out of it', async () => {
    const weighting = {
      datafileWeighting: [{ key: 'bas', value: 0, name: 'BAS' }],
      projectiveQuestionsWeighting: [],
    };
    await t.db.run(
      sql`update datafiles set weighting_method = ${JSON.stringify(weighting)} where id = ${w.datafileId}`,
    );
    const pasted = withBehaviour('w-pasted', { keys: 2, pastes: 1, pastedChars: 72, pastesAfterSwitch: 1, hidden: 1 });
    const res = await send(t, w.datafileId, w.secret, pasted);
    expect(res.body.scores).toMatchObject({ bas: 0 });
    const { ts, oes, ibs } = res.body.scores as Record<string, number | null>;
    const col = (v: number | null | undefined) => Float64Array.of(v ?? Number.NaN);
    const sub = { ts: col(ts), oes: col(oes), ibs: col(ibs), bas: col(0) };
    const weights = combinedWeightsOf(weighting.datafileWeighting);
    expect(res.body.scores.combined).toBeCloseTo(t.deps.scoring.combined(sub, 1, weights).combined[0]!, 9);
    expect(res.body.scores.combined).toBeGreaterThan(t.deps.scoring.combined(sub, 1).combined[0]!);
    // The BAS rule still removes it on its own (a weight changes the combined score, not the rules).
    expect(res.body.decision).toBe('REMOVE');
  });
});
