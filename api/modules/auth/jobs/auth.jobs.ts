import type { AppJobHandler } from '../../../kernel/deps';
import { pruneAttemptCounters } from '../../attempts';
import { mailPasswordReset } from '../account-mails.service';
import { deleteDevicesUnseenSince } from '../auth.repo';
import { DEVICE_RETENTION_MS } from '../device-cookie';
import { AUTH_PRUNE_JOB, PASSWORD_RESET_JOB } from './contract';

/** Builds and sends a reset mail after sendPasswordResetEmail answered (account-mails.service.ts). */
export const passwordResetJob: AppJobHandler<{ email: string }, { mailed: boolean }> = {
  kind: PASSWORD_RESET_JOB,
  maxAttempts: 3,
  run: async ({ deps, payload }) => ({ mailed: await mailPasswordReset(deps, payload.email) }),
};

/** Forgets attempt counters nobody is held by any more and browsers not seen for 180 days. */
export const authPruneJob: AppJobHandler<Record<string, never>, { counters: number; devices: number }> = {
  kind: AUTH_PRUNE_JOB,
  maxAttempts: 1,
  run: async ({ deps }) => {
    const now = deps.clock.now();
    return {
      counters: await pruneAttemptCounters(deps.db, now),
      devices: await deleteDevicesUnseenSince(deps.db, new Date(now.getTime() - DEVICE_RETENTION_MS).toISOString()),
    };
  },
};
