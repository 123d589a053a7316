// What the endpoint accepts: one respondent as JSON, checked field by field against the live
// import's pages before anything is scored or written (hostile input gets a code, writes nothing).
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '../../kernel/errors/errors';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import type { LiveAnswer } from '../../../db/schema';
import type { LivePage } from './live-config';
import type { HashedIdentity } from '../duplicates';
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
  /** The device, panel ID and source, hashed under the organisation's key as soon as the body is read. */
  identity?: HashedIdentity;
};

const bad = (
  reason: RefusalReason,
  field: string,
  code: 'INVALID_PARAMETERS' | 'BAD_REQUEST' = 'INVALID_PARAMETERS',
): never => {
  throw new AppError(code, { reason, field });
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return bad('LIVE_BODY_NOT_JSON', 'body', 'BAD_REQUEST');
  }
}

const seconds = z.number().min(0).max(MAX_SECONDS).nullish();
const count = (max: number) => z.number().int().min(0).max(max).nullish();

/** One page's answer; which of the fields a page takes depends on its criterion (checked after). */
export const LiveAnswerBody = z.looseObject({
  answer: z.string().max(MAX_ANSWER_CHARS).nullish().describe('Open-ended pages: the text.'),
  items: z
    .array(z.number().nullable())
    .nullish()
    .describe('Grid pages: one number per item in the page’s order, null for no answer.'),
  seconds: seconds.describe('Time on the page.'),
  pastes: count(1e6).describe('Open-ended pages: paste events.'),
  keystrokes: count(1e7).describe('Open-ended pages: key strokes.'),
  // Each field and its bounds are checked by readBehaviour, which names the field it refuses.
  behaviour: z
    .looseObject({})
    .nullish()
    .describe(
      'How the answer came about, timing and counts only: keys, deletions, firstKeyMs, typingMs, ikiMedianMs, ikiIqrMs, regularShare, pastes, pastedChars, pastesAfterSwitch, unexplainedChars, focusLosses, hidden, translated (docs/live-import.md).',
    ),
});

const RecordId = z
  .union([
    z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .trim()
      .min(1)
      .max(MAX_RECORD_ID)
      .regex(/^\P{Cc}*$/u),
  ])
  .transform(String)
  .describe('The respondent’s id in the survey tool: a resend with the same id is not charged again.');

const respondent = <A extends z.ZodType>(answers: A) =>
  z.looseObject({
    recordId: RecordId,
    totalSeconds: seconds.describe('Time of the whole interview (default: the pages’ times added up).'),
    answers: answers.nullish(),
    // Who the respondent is (the duplicate checks): shape here, the rest in the duplicates module.
    fingerprint: z
      .string()
      .max(200)
      .nullish()
      .describe(
        'A device fingerprint (the snippet computes one): 8 to 200 characters without spaces, kept only as a keyed hash.',
      ),
    panelId: z
      .union([z.string().max(200), z.number().int()])
      .nullish()
      .describe('The panel’s respondent id, kept only as a keyed hash.'),
    source: z.string().max(100).nullish().describe('The sample source or supplier.'),
  });
const IDENTITY_FIELDS = new Set(['fingerprint', 'panelId', 'source']);

/** The body of POST /api/live/{datafileId}/respondents, as the OpenAPI document describes it. */
export const LiveRespondentBody = respondent(
  z.record(z.string(), LiveAnswerBody.nullable()).describe('By page label (the live import’s pages).'),
);
/** The same, read in two steps so a refusal names the field the checks always named first. */
const RespondentShape = respondent(z.record(z.string(), z.unknown()));

/** Refuses with the first problem zod found, named as the field's path (`answers.<label>.items`). */
function refuseIssue(error: z.ZodError, prefix: string): never {
  const path = error.issues[0]!.path.slice(0, prefix ? 1 : 2).map(String);
  const field = [prefix, ...path].filter(Boolean).join('.');
  if (IDENTITY_FIELDS.has(field)) return bad('LIVE_IDENTITY_FIELD', field);
  return bad(field === 'recordId' ? 'LIVE_RECORD_ID' : 'LIVE_WRONG_TYPE', field);
}

/** Checks one respondent against the pages; returns it normalised (page order, only known fields). */
export function readRespondent(body: unknown, pages: readonly LivePage[]): LiveRespondentInput {
  if (!isObject(body)) bad('LIVE_BODY_NOT_JSON', 'body', 'BAD_REQUEST');
  const shape = RespondentShape.safeParse(body);
  if (!shape.success) refuseIssue(shape.error, '');
  const { recordId, totalSeconds = null } = shape.data!;
  const rawAnswers = shape.data!.answers ?? {};
  const byLabel = new Map(pages.map((p) => [p.label, p]));
  for (const label of Object.keys(rawAnswers))
    if (!byLabel.has(label)) bad('LIVE_UNKNOWN_PAGE_LABEL', `answers.${label.slice(0, 64)}`);
  const answers: Record<string, LiveAnswer> = {};
  for (const page of pages) {
    const raw = rawAnswers[page.label];
    if (raw === undefined || raw === null) continue;
    const f = `answers.${page.label}`;
    if (!isObject(raw)) bad('LIVE_WRONG_TYPE', f);
    const parsed = LiveAnswerBody.safeParse(raw);
    if (!parsed.success) refuseIssue(parsed.error, f);
    const r = parsed.data!;
    const a: LiveAnswer = {};
    if (r.answer != null) {
      if (page.criterion !== 'OES') bad('LIVE_WRONG_TYPE', `${f}.answer`);
      a.answer = r.answer;
    }
    if (r.items != null) {
      if (page.criterion !== 'IBS' || r.items.length > page.items!) bad('LIVE_WRONG_TYPE', `${f}.items`);
      a.items = r.items;
    }
    if (r.seconds != null) a.seconds = r.seconds;
    if (r.pastes != null) a.pastes = r.pastes;
    if (r.keystrokes != null) a.keystrokes = r.keystrokes;
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
