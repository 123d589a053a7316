import { requireSuperAdmin } from '../../graphql/access';
import type { GqlContext, Viewer } from '../../graphql/context';

/**
 * Who may see and act on monitoring: operators only. The page shows every
 * organisation's jobs and mails (recipients, error details) and its actions reach them all.
 */
export const requireMonitoringAccess = (ctx: GqlContext): Promise<Viewer> => requireSuperAdmin(ctx);
