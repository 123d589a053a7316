// The optional AI judge for open-ended answers: after the offline classifier (scoring/text.ts) has
// categorised every answer, the judge asks an OpenAI-compatible model about the answers the rules are
// unsure of (or all of them), batched per question, cached by answer hash in the database, within a
// time limit. Wherever it fails, the offline verdict stands. The upload pipeline calls judgeOpenEnded.
import type { Db } from '../../../db/client';
import { AppError } from '../../kernel/errors/errors';
import { sha256Hex } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { normaliseAnswer } from '../../../scoring/text';
import { postChat, JudgeUnavailable, type FetchLike } from '../../infra/judge';
import type { JudgeConfig } from '../../infra/judge';
import {
  buildMessages,
  parseReply,
  MalformedReply,
  JUDGE_CANNOT,
  PROMPT_VERSION,
  type JudgeQuestion,
} from './judge.prompt';
import { cachedVerdicts, storeVerdicts } from './judge.repo';

/** An open question as the classifier got it (scoring's OpenQuestion has these fields). */
export type JudgeInputQuestion = JudgeQuestion & { answers: readonly (string | null | undefined)[] };

/** What classifyOpenEnded returned for these questions. */
export type OfflineVerdicts = { categories: readonly Int32Array[]; unsure: readonly Uint8Array[] };

export const SOURCE_OFFLINE = 0;
export const SOURCE_JUDGE = 1;

export type JudgedVerdicts = {
  /** Final category per question and interview (0 = not scored). */
  categories: Int32Array[];
  /** Where each category came from: SOURCE_JUDGE (1) or SOURCE_OFFLINE (0), per question and interview. */
  sources: Uint8Array[];
  /** OES_API_ERROR when the endpoint was unavailable or the time limit ran out before every answer was judged. */
  error: 'OES_API_ERROR' | undefined;
  /** Answers chosen for the judge, of them answered from the cache, newly judged, and left offline (failed, cannot judge, malformed). */
  counts: { chosen: number; cached: number; judged: number; offline: number };
};

export type JudgeDeps = {
  db: Db;
  /** undefined = judge not configured (readJudgeConfig). */
  config: JudgeConfig | undefined;
  clock: Clock;
  log: Logger;
  fetch?: FetchLike;
};

// Categories the judge never overrides: they rest on the whole dataset (8, 9), on paradata (12), or on
// both (14, AI suspect: paradata or a group of paraphrases in the question's answers).
const DATASET_CATEGORIES = new Set([8, 9, 12, 14]);
// Batches in flight at once: enough to hide latency, few enough not to run into rate limits.
const CONCURRENCY = 2;

/** Cache key of an answer in its question: the same answer to another question can mean something else. */
export function answerHash(config: JudgeConfig, q: JudgeQuestion, answer: string): string {
  return sha256Hex(
    JSON.stringify([
      PROMPT_VERSION,
      config.model,
      q.text,
      [...q.keywords],
      [...q.allowedLanguages],
      normaliseAnswer(answer),
    ]),
  );
}

type Item = { hash: string; question: number; text: string; rows: number[] };

/**
 * The final open-ended categories with their source. Without a configured judge the offline verdicts
 * come back unchanged (nothing leaves the server), unless `required`, which throws
 * GPT3_NOT_INITIALIZED. The judge never throws for an endpoint that fails: those answers keep their
 * offline verdict and `error` is OES_API_ERROR.
 */
export async function judgeOpenEnded(
  deps: JudgeDeps,
  input: { questions: readonly JudgeInputQuestion[]; offline: OfflineVerdicts; required?: boolean },
): Promise<JudgedVerdicts> {
  const categories = input.offline.categories.map((c) => Int32Array.from(c));
  const sources = categories.map((c) => new Uint8Array(c.length));
  const counts = { chosen: 0, cached: 0, judged: 0, offline: 0 };
  const config = deps.config;
  if (!config) {
    if (input.required) throw new AppError('GPT3_NOT_INITIALIZED');
    return { categories, sources, error: undefined, counts };
  }

  // One item per distinct answer of a question; every row with that answer takes its verdict.
  const items = new Map<string, Item>();
  input.questions.forEach((q, qi) => {
    const offline = input.offline.categories[qi]!;
    const unsure = input.offline.unsure[qi]!;
    offline.forEach((category, row) => {
      if (category === 0 || DATASET_CATEGORIES.has(category)) return;
      if (config.mode === 'unsure' && unsure[row] !== 1) return;
      const text = q.answers[row] ?? '';
      const hash = answerHash(config, q, text);
      const item = items.get(hash) ?? { hash, question: qi, text, rows: [] };
      item.rows.push(row);
      items.set(hash, item);
      counts.chosen++;
    });
  });

  const apply = (item: Item, category: number) => {
    for (const row of item.rows) {
      categories[item.question]![row] = category;
      sources[item.question]![row] = SOURCE_JUDGE;
    }
  };
  const cached = await cachedVerdicts(deps.db, [...items.keys()]);
  const pending: Item[] = [];
  for (const item of items.values()) {
    const category = cached.get(item.hash);
    if (category === undefined) pending.push(item);
    else {
      apply(item, category);
      counts.cached += item.rows.length;
    }
  }

  // Batches per question, so every request carries one question's context.
  const batches: Item[][] = [];
  input.questions.forEach((_, qi) => {
    const mine = pending.filter((it) => it.question === qi);
    for (let i = 0; i < mine.length; i += config.batchSize) batches.push(mine.slice(i, i + config.batchSize));
  });

  const deadline = performance.now() + config.timeoutMs;
  let error: JudgedVerdicts['error'];
  let next = 0;
  const worker = async () => {
    while (next < batches.length && error === undefined) {
      const batch = batches[next++]!;
      const q = input.questions[batch[0]!.question]!;
      const ids = new Set(batch.map((_, i) => i + 1));
      try {
        const body = await postChat(
          config,
          buildMessages(
            q,
            batch.map((it, i) => ({ id: i + 1, text: it.text })),
          ),
          deadline,
          deps.fetch,
        );
        const verdicts = parseReply(body, ids);
        const fresh: { answerHash: string; category: number }[] = [];
        batch.forEach((item, i) => {
          const category = verdicts.get(i + 1);
          if (category === undefined || category === JUDGE_CANNOT) return;
          apply(item, category);
          counts.judged += item.rows.length;
          fresh.push({ answerHash: item.hash, category });
        });
        if (fresh.length > 0) await storeVerdicts(deps.db, fresh, config.model, deps.clock.now().toISOString());
      } catch (e) {
        if (e instanceof JudgeUnavailable) {
          // The endpoint is down, refuses us or the time is up: stop asking, keep the offline verdicts.
          error = 'OES_API_ERROR';
          deps.log.error('open-ended judge unavailable, offline verdicts stand', {
            reason: e.reason,
            status: e.status,
            message: e.message,
          });
        } else if (e instanceof MalformedReply) {
          deps.log.error('open-ended judge sent a malformed reply, offline verdicts stand for its batch', {
            message: e.message,
          });
        } else throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
  counts.offline = counts.chosen - counts.cached - counts.judged;
  deps.log.info('open-ended judge', { ...counts, model: config.model, mode: config.mode });
  return { categories, sources, error, counts };
}
