import type { AccessLevel } from '../../../db/schema';
import type { GqlContext, Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { requireRole } from '../../graphql/access';
import { findLiveUserById, type UserRow } from './users.repo';

/**
 * The user a request may act on: operators anyone; ADMIN users of their own company; EMPLOYEE
 * only themselves. Anyone else answers USER_NOT_FOUND, exactly like a missing id.
 */
export async function requireUserAccess(
  ctx: GqlContext,
  userId: string,
  levels: AccessLevel[] = ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE'],
): Promise<{ viewer: Viewer; user: UserRow }> {
  const viewer = await requireRole(ctx, ...levels);
  const user =
    typeof userId === 'string' && userId.length <= 64 ? await findLiveUserById(ctx.deps.db, userId) : undefined;
  if (!user) throw new AppError('USER_NOT_FOUND');
  const allowed =
    viewer.accessLevel === 'SUPER_ADMIN' ||
    user.id === viewer.userId ||
    (viewer.accessLevel === 'ADMIN' && viewer.ownCompanyId !== null && user.companyId === viewer.ownCompanyId);
  if (!allowed) throw new AppError('USER_NOT_FOUND');
  return { viewer, user };
}
