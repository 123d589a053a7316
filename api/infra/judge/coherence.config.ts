// The optional coherence check of whole interviews: off unless COHERENCE_JUDGE=on and the AI judge's
// endpoint (OES_JUDGE_URL, OES_JUDGE_MODEL) is configured; it reuses that endpoint, key and time limit.
import type { JudgeConfig } from './judge.config';

export type CoherenceConfig = {
  judge: JudgeConfig;
  /** Interviews read per dataset (the first ones with at least two answers); the rest get no coherence score. */
  maxInterviews: number;
};

export function readCoherenceConfig(
  source: Record<string, string | undefined>,
  judge: JudgeConfig | undefined,
): { config: CoherenceConfig | undefined; problems: string[] } {
  const problems: string[] = [];
  const on = (source.COHERENCE_JUDGE ?? '').trim() || 'off';
  if (on !== 'on' && on !== 'off') problems.push(`COHERENCE_JUDGE must be "on" or "off" (got "${on}")`);
  const rawMax = (source.COHERENCE_MAX_INTERVIEWS ?? '').trim();
  const maxInterviews = rawMax === '' ? 200 : Number(rawMax);
  if (!Number.isInteger(maxInterviews) || maxInterviews < 1 || maxInterviews > 10_000)
    problems.push(`COHERENCE_MAX_INTERVIEWS must be an integer between 1 and 10000 (got "${rawMax}")`);
  if (on === 'on' && !judge) problems.push('COHERENCE_JUDGE=on needs OES_JUDGE_URL and OES_JUDGE_MODEL');
  if (problems.length > 0 || on !== 'on' || !judge) return { config: undefined, problems };
  return { config: { judge, maxInterviews }, problems };
}
