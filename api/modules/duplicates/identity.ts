// What a respondent says about who they are: the device fingerprint (the live snippet computes it,
// or an uploaded column carries a tool's or vendor's), the panel's respondent ID and the sample
// source. The fingerprint and the panel ID leave this file only as keyed hashes: the key is derived
// from the app secret and the organisation's id, so one device hashes differently in two
// organisations (their histories can never be compared) and a stored hash cannot be reversed by
// trying values without the app secret.
import { createHmac } from 'node:crypto';
import { AppError } from '../../kernel/errors/errors';

/** As received: each part optional. */
export type RawIdentity = { fingerprint: string | null; panelId: string | null; source: string | null };
/** As kept: the hashes of the fingerprint and the panel ID under the organisation's key, the source as given. */
export type HashedIdentity = { deviceHash: string | null; panelHash: string | null; source: string | null };

export const MAX_FINGERPRINT = 200;
export const MAX_PANEL_ID = 200;
export const MAX_SOURCE = 100;
/** Printable ASCII without spaces, at least 8 characters: shorter values identify nobody. */
const FINGERPRINT = /^[\x21-\x7e]{8,200}$/;
/** A hash is 128 bits of the HMAC: collisions among billions of interviews stay improbable. */
const HASH_HEX = 32;

function text(v: unknown, field: string, max: number): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isSafeInteger(v)) v = String(v);
  if (typeof v !== 'string') throw new AppError('INVALID_PARAMETERS', { reason: 'LIVE_IDENTITY_FIELD', field });
  const s = v.trim();
  if (s.length > max || /\p{Cc}/u.test(s))
    throw new AppError('INVALID_PARAMETERS', { reason: 'LIVE_IDENTITY_FIELD', field });
  return s.length > 0 ? s : null;
}

/** The identity fields of a live respondent's body (`fingerprint`, `panelId`, `source`); a malformed one is refused. */
export function readIdentity(body: Record<string, unknown>): RawIdentity {
  const fingerprint = text(body.fingerprint, 'fingerprint', MAX_FINGERPRINT);
  if (fingerprint !== null && !FINGERPRINT.test(fingerprint))
    throw new AppError('INVALID_PARAMETERS', { reason: 'LIVE_IDENTITY_FIELD', field: 'fingerprint' });
  return {
    fingerprint,
    panelId: text(body.panelId, 'panelId', MAX_PANEL_ID),
    source: text(body.source, 'source', MAX_SOURCE),
  };
}

/** The organisation's key: one HMAC of the app secret, so nothing per organisation needs storing. */
function organisationKey(appSecret: string, companyId: string): Buffer {
  return createHmac('sha256', appSecret).update(`respondent-identity:${companyId}`).digest();
}

/**
 * The keyed hash of one identity value. `kind` is part of the message, so a panel ID that happens
 * to equal a fingerprint never matches it.
 */
export function identityHash(key: Buffer, kind: 'DEVICE' | 'PANEL', value: string): string {
  return createHmac('sha256', key).update(`${kind}:${value}`).digest('hex').slice(0, HASH_HEX);
}

/** A hasher for one organisation (an upload hashes many values with one key). */
export function identityHasher(appSecret: string, companyId: string) {
  const key = organisationKey(appSecret, companyId);
  return (raw: RawIdentity): HashedIdentity => ({
    deviceHash: raw.fingerprint === null ? null : identityHash(key, 'DEVICE', raw.fingerprint),
    panelHash: raw.panelId === null ? null : identityHash(key, 'PANEL', raw.panelId),
    source: raw.source,
  });
}

export const hasIdentity = (h: HashedIdentity) => h.deviceHash !== null || h.panelHash !== null || h.source !== null;
