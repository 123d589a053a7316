import { requireSuperAdmin } from '../../graphql/access';
import type { GqlContext, Viewer } from '../../graphql/context';

/**
 * Who may see the operator stats: operators only (Stats is a SUPER_ADMIN menu entry). They span every organisation, so no organisation's admin may read them, not even about
 * their own organisation.
 */
export const requireStatsAccess = (ctx: GqlContext): Promise<Viewer> => requireSuperAdmin(ctx);
