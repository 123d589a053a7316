// The auth feature's job contract: mails asked for by strangers, built off the request path, and the
// pruning of attempt counters and remembered browsers.
import { jobKind } from '../../../jobs';

/** 'auth.password-reset': mails a reset link when the address belongs to a user (the request answers alike either way). */
export const PASSWORD_RESET_JOB = jobKind<{ email: string }, { mailed: boolean }>('auth.password-reset');

/** 'auth.prune': deletes attempt counters nobody is held by and browsers not seen for 180 days. */
export const AUTH_PRUNE_JOB = jobKind<Record<string, never>, { counters: number; devices: number }>('auth.prune');
