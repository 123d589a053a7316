// One request to an OpenAI-compatible chat-completions endpoint, within a deadline, with a few retries
// for what passes (rate limits, server errors, dropped connections).
import { completionsUrl, type JudgeConfig } from './judge.config';

/** One message of a chat completion request (judge.prompt.ts builds them). */
export type ChatMessage = { role: 'system' | 'user'; content: string };

/** The endpoint could not be used: no connection, time limit, HTTP error, or rate limits that did not lift. */
export class JudgeUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'network' | 'http' | 'rate-limit',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'JudgeUnavailable';
  }
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const RETRIES = 2;
const BACKOFF_MS = 300;
/** A Retry-After longer than this is not waited for (the batch keeps its offline verdicts). */
const MAX_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the messages and returns the parsed JSON body. `deadline` is a performance.now() instant:
 * no request or wait goes past it. 429 and 5xx answers and dropped connections are retried twice
 * (Retry-After respected when it fits); other HTTP errors are not, since asking again would not help.
 */
export async function postChat(
  config: JudgeConfig,
  messages: readonly ChatMessage[],
  deadline: number,
  fetchImpl: FetchLike = fetch,
): Promise<unknown> {
  const url = completionsUrl(config);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body = JSON.stringify({
    model: config.model,
    messages,
    temperature: 0,
    response_format: { type: 'json_object' },
  });
  let last: JudgeUnavailable | undefined;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    const remaining = deadline - performance.now();
    if (remaining <= 0) throw last ?? new JudgeUnavailable('time limit reached', 'timeout');
    let res: Response;
    try {
      res = await fetchImpl(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(remaining) });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      if (timedOut) throw new JudgeUnavailable('time limit reached', 'timeout');
      last = new JudgeUnavailable(`no connection: ${e instanceof Error ? e.message : String(e)}`, 'network');
      if (attempt === RETRIES) break;
      await sleep(Math.min(BACKOFF_MS * 2 ** attempt, Math.max(0, deadline - performance.now())));
      continue;
    }
    if (res.ok) {
      try {
        return await res.json();
      } catch {
        // Reported as a malformed reply by the caller's parser.
        return null;
      }
    }
    await res.body?.cancel();
    if (res.status !== 429 && res.status < 500) throw new JudgeUnavailable(`HTTP ${res.status}`, 'http', res.status);
    last = new JudgeUnavailable(`HTTP ${res.status}`, res.status === 429 ? 'rate-limit' : 'http', res.status);
    const retryAfter = Number(res.headers.get('retry-after'));
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : BACKOFF_MS * 2 ** attempt;
    if (attempt === RETRIES || wait > MAX_WAIT_MS || performance.now() + wait >= deadline) throw last;
    await sleep(wait);
  }
  throw last!;
}
