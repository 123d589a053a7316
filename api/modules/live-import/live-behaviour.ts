// The behaviour fields of one page (how its open answer came about): a fixed set of numbers, each
// bounded, so a hostile sender can neither grow a stored row nor slip text into it. Unknown keys
// are dropped, not stored; a field out of its bounds is refused with the field's path.
import { AppError } from '../../kernel/errors/errors';
import type { LiveBehaviour } from '../../../db/schema';
import { BEHAVIOUR_FIELD_BOUNDS, behaviourValueValid, type BehaviourField } from '../../../scoring/index';

type NumberField = Exclude<keyof LiveBehaviour, 'translated'>;
export const BEHAVIOUR_FIELDS = (Object.keys(BEHAVIOUR_FIELD_BOUNDS) as BehaviourField[]).filter(
  (f): f is NumberField => f !== 'translated',
);

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
    if (typeof v !== 'number' || !behaviourValueValid(key, v)) wrong(`${field}.${key}`);
    out[key] = v as number;
  }
  if (r.translated !== undefined && r.translated !== null) {
    if (typeof r.translated !== 'boolean') wrong(`${field}.translated`);
    out.translated = r.translated as boolean;
  }
  return out;
}
