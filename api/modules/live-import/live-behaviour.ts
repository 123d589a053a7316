// The behaviour fields of one page (how its open answer came about): a fixed set of numbers, each
// bounded, so a hostile sender can neither grow a stored row nor slip text into it. Unknown keys
// are dropped, not stored; a field out of its bounds is refused with the field's path.
import { AppError } from '../../kernel/errors/errors';
import type { LiveBehaviour } from '../../../db/schema';

/** A week in milliseconds: no page is answered longer. */
const MAX_MS = 7 * 24 * 3600 * 1000;
/** More key presses or characters than any open answer (10,000 characters) can take, with room for corrections. */
const MAX_COUNT = 1_000_000;

type NumberField = Exclude<keyof LiveBehaviour, 'translated'>;
/** Each numeric field and its upper bound; integers except the share. */
const BOUNDS: Record<NumberField, { max: number; integer: boolean }> = {
  keys: { max: MAX_COUNT, integer: true },
  deletions: { max: MAX_COUNT, integer: true },
  firstKeyMs: { max: MAX_MS, integer: false },
  typingMs: { max: MAX_MS, integer: false },
  ikiMedianMs: { max: MAX_MS, integer: false },
  ikiIqrMs: { max: MAX_MS, integer: false },
  regularShare: { max: 1, integer: false },
  pastes: { max: MAX_COUNT, integer: true },
  pastedChars: { max: MAX_COUNT * 10, integer: true },
  pastesAfterSwitch: { max: MAX_COUNT, integer: true },
  unexplainedChars: { max: MAX_COUNT * 10, integer: true },
  focusLosses: { max: MAX_COUNT, integer: true },
  hidden: { max: MAX_COUNT, integer: true },
};
export const BEHAVIOUR_FIELDS = Object.keys(BOUNDS) as NumberField[];

const wrong = (field: string): never => {
  throw new AppError('INVALID_PARAMETERS', { reason: 'LIVE_WRONG_TYPE', field });
};

/** The page's behaviour as sent (`field` is its path for a refusal), or null when none was sent. */
export function readBehaviour(raw: unknown, field: string): LiveBehaviour | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) return wrong(field);
  const r = raw as Record<string, unknown>;
  const out: LiveBehaviour = {};
  for (const key of BEHAVIOUR_FIELDS) {
    const v = r[key];
    if (v === undefined || v === null) continue;
    const { max, integer } = BOUNDS[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max || (integer && !Number.isInteger(v)))
      wrong(`${field}.${key}`);
    out[key] = v as number;
  }
  if (r.translated !== undefined && r.translated !== null) {
    if (typeof r.translated !== 'boolean') wrong(`${field}.translated`);
    out.translated = r.translated as boolean;
  }
  return out;
}
