// Configuration of the optional AI judge for open-ended answers, read from the environment. Off unless
// OES_JUDGE_URL is set: without it no answer ever leaves the server.

export type JudgeMode = 'unsure' | 'all';

export type JudgeConfig = {
  /** OpenAI-compatible endpoint: a base URL (…/v1) or the full …/chat/completions URL. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer <key>`; local servers may need none. */
  apiKey: string | undefined;
  /** 'unsure': only answers the offline rules are unsure of; 'all': every answer the judge can read. */
  mode: JudgeMode;
  /** Time limit for judging one dataset, milliseconds; what is not judged by then keeps its offline verdict. */
  timeoutMs: number;
  /** Answers per request. */
  batchSize: number;
};

export const JUDGE_ENV = {
  url: 'OES_JUDGE_URL',
  model: 'OES_JUDGE_MODEL',
  apiKey: 'OES_JUDGE_API_KEY',
  mode: 'OES_JUDGE_MODE',
  timeoutMs: 'OES_JUDGE_TIMEOUT_MS',
  batchSize: 'OES_JUDGE_BATCH_SIZE',
} as const;

/**
 * Reads the judge's variables. Returns the configuration (undefined = judge off) and every problem
 * found, worded for the operator, so api/env.ts can list them with its own.
 */
export function readJudgeConfig(source: Record<string, string | undefined>): {
  config: JudgeConfig | undefined;
  problems: string[];
} {
  const problems: string[] = [];
  const raw = (name: string) => {
    const v = source[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const v = raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${v}")`);
      return fallback;
    }
    return n;
  };
  const url = raw(JUDGE_ENV.url);
  const model = raw(JUDGE_ENV.model);
  const mode = raw(JUDGE_ENV.mode) ?? 'unsure';
  if (mode !== 'unsure' && mode !== 'all') problems.push(`${JUDGE_ENV.mode} must be "unsure" or "all" (got "${mode}")`);
  const timeoutMs = int(JUDGE_ENV.timeoutMs, 60_000, 1_000, 3_600_000);
  const batchSize = int(JUDGE_ENV.batchSize, 25, 1, 200);
  if (url === undefined) {
    if (model !== undefined || raw(JUDGE_ENV.apiKey) !== undefined)
      problems.push(`${JUDGE_ENV.url} is needed when ${JUDGE_ENV.model} or ${JUDGE_ENV.apiKey} is set`);
    return { config: undefined, problems };
  }
  if (!/^https?:\/\/[^\s]+$/.test(url))
    problems.push(`${JUDGE_ENV.url} must be an http:// or https:// URL (got "${url}")`);
  if (model === undefined) problems.push(`${JUDGE_ENV.model} is needed when ${JUDGE_ENV.url} is set`);
  if (problems.length > 0) return { config: undefined, problems };
  return {
    config: { url, model: model!, apiKey: raw(JUDGE_ENV.apiKey), mode: mode as JudgeMode, timeoutMs, batchSize },
    problems,
  };
}

/** The chat-completions URL of a configured endpoint. */
export function completionsUrl(config: JudgeConfig): string {
  const base = config.url.replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}
