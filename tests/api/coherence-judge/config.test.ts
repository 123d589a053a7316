import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../api/env';

// The coherence judge is off unless COHERENCE_JUDGE=on, and on only with the AI judge's endpoint:
// a configuration that asks for it without one is refused at start, saying what to set.

const judge = { OES_JUDGE_URL: 'http://127.0.0.1:9/v1', OES_JUDGE_MODEL: 'm' };
const base = { NODE_ENV: 'test' };

describe('COHERENCE_JUDGE', () => {
  it('is off by default, even with the AI judge configured', () => {
    expect(readEnv({ ...base, ...judge }).coherenceJudge).toBeUndefined();
  });

  it('is on with the judge, reading 200 interviews unless told otherwise', () => {
    expect(readEnv({ ...base, ...judge, COHERENCE_JUDGE: 'on' }).coherenceJudge?.maxInterviews).toBe(200);
    expect(
      readEnv({ ...base, ...judge, COHERENCE_JUDGE: 'on', COHERENCE_MAX_INTERVIEWS: '7' }).coherenceJudge
        ?.maxInterviews,
    ).toBe(7);
  });

  it('refuses "on" without the judge, and values it does not know', () => {
    expect(() => readEnv({ ...base, COHERENCE_JUDGE: 'on' })).toThrow(/COHERENCE_JUDGE=on needs OES_JUDGE_URL/);
    expect(() => readEnv({ ...base, ...judge, COHERENCE_JUDGE: 'yes' })).toThrow(/"on" or "off"/);
    expect(() => readEnv({ ...base, ...judge, COHERENCE_MAX_INTERVIEWS: '0' })).toThrow(/between 1 and 10000/);
  });
});
