// What the endpoint accepts: one respondent as JSON, checked field by field against the live
// import's pages before anything is scored or written (hostile input gets a code, writes nothing).
import { createHash } from 'node:crypto';
import { AppError } from '../../kernel/errors/errors';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import type { LiveAnswer } from '../../../db/schema';
import type { LivePage } from './live-config';
import { readBehaviour } from './live-behaviour';

export const MAX_BODY_BYTES = 256 * 1024;
export const MAX_RECORD_ID = 200;
export const MAX_ANSWER_CHARS = 10_000;
/** A week: longer page times are typing errors, not interviews. */
const MAX_SECONDS = 7 * 24 * 3600;

export type LiveRespondentInput = {
  recordId: string;
  totalSeconds: number | null;
  answers: Record<string, LiveAnswer>;
  payloadHash: string;
};

const bad = (
  reason: RefusalReason,
  field: string,
  code: 'INVALID_PARAMETERS' | 'BAD_REQUEST' = 'INVALID_PARAMETERS',
): never => {
  throw new AppError(code, { reason, field });
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalNumber(v: unknown, field: string, max: number, integer = false): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max || (integer && !Number.isInteger(v)))
    bad('LIVE_WRONG_TYPE', field);
  return v as number;
}

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return bad('LIVE_BODY_NOT_JSON', 'body', 'BAD_REQUEST');
  }
}

/** Checks one respondent against the pages; returns it normalised (page order, only known fields). */
export function readRespondent(body: unknown, pages: readonly LivePage[]): LiveRespondentInput {
  if (!isObject(body)) bad('LIVE_BODY_NOT_JSON', 'body', 'BAD_REQUEST');
  const b = body as Record<string, unknown>;
  const rawId = b.recordId;
  const recordId =
    typeof rawId === 'number' && Number.isSafeInteger(rawId)
      ? String(rawId)
      : typeof rawId === 'string'
        ? rawId.trim()
        : '';
  if (recordId.length === 0 || recordId.length > MAX_RECORD_ID || /\p{Cc}/u.test(recordId))
    bad('LIVE_RECORD_ID', 'recordId');
  const totalSeconds = optionalNumber(b.totalSeconds, 'totalSeconds', MAX_SECONDS);
  const rawAnswers = b.answers ?? {};
  if (!isObject(rawAnswers)) bad('LIVE_WRONG_TYPE', 'answers');
  const byLabel = new Map(pages.map((p) => [p.label, p]));
  for (const label of Object.keys(rawAnswers as object))
    if (!byLabel.has(label)) bad('LIVE_UNKNOWN_PAGE_LABEL', `answers.${label.slice(0, 64)}`);
  const answers: Record<string, LiveAnswer> = {};
  for (const page of pages) {
    const raw = (rawAnswers as Record<string, unknown>)[page.label];
    if (raw === undefined || raw === null) continue;
    const f = `answers.${page.label}`;
    if (!isObject(raw)) bad('LIVE_WRONG_TYPE', f);
    const r = raw as Record<string, unknown>;
    const a: LiveAnswer = {};
    if (r.answer !== undefined && r.answer !== null) {
      if (page.criterion !== 'OES' || typeof r.answer !== 'string' || r.answer.length > MAX_ANSWER_CHARS)
        bad('LIVE_WRONG_TYPE', `${f}.answer`);
      a.answer = r.answer as string;
    }
    if (r.items !== undefined && r.items !== null) {
      const items = r.items;
      if (
        page.criterion !== 'IBS' ||
        !Array.isArray(items) ||
        items.length > page.items! ||
        items.some((v) => v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
      )
        bad('LIVE_WRONG_TYPE', `${f}.items`);
      a.items = items as (number | null)[];
    }
    const seconds = optionalNumber(r.seconds, `${f}.seconds`, MAX_SECONDS);
    if (seconds !== null) a.seconds = seconds;
    const pastes = optionalNumber(r.pastes, `${f}.pastes`, 1e6, true);
    if (pastes !== null) a.pastes = pastes;
    const keystrokes = optionalNumber(r.keystrokes, `${f}.keystrokes`, 1e7, true);
    if (keystrokes !== null) a.keystrokes = keystrokes;
    const behaviour = readBehaviour(r.behaviour, `${f}.behaviour`);
    if (behaviour !== null) a.behaviour = behaviour;
    answers[page.label] = a;
  }
  // Without a total time the pages' times add up to it (when any was sent).
  const pageSum = Object.values(answers).reduce((s, a) => s + (a.seconds ?? 0), 0);
  const total = totalSeconds ?? (pageSum > 0 ? pageSum : null);
  const payloadHash = createHash('sha256')
    .update(JSON.stringify([total, answers]))
    .digest('hex');
  return { recordId, totalSeconds: total, answers, payloadHash };
}

/** Accepted but worth telling the sender: a grid answered with fewer items than the page defines. */
export type LiveWarning = { code: 'GRID_ITEMS_MISSING'; field: string; sent: number; expected: number };

/**
 * What the answer warns about without refusing: a grid with fewer answered items than its page
 * defines is scored on what came (a survey may skip items), but a snippet that sends only part of
 * the grid is a mistake the sender should see at once, not in the scores later.
 */
export function respondentWarnings(input: LiveRespondentInput, pages: readonly LivePage[]): LiveWarning[] {
  const warnings: LiveWarning[] = [];
  for (const page of pages) {
    if (page.criterion !== 'IBS') continue;
    const items = input.answers[page.label]?.items;
    if (!items) continue;
    const sent = items.filter((v) => v !== null).length;
    if (sent < page.items!)
      warnings.push({ code: 'GRID_ITEMS_MISSING', field: `answers.${page.label}.items`, sent, expected: page.items! });
  }
  return warnings;
}
