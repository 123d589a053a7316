// Who is asking, and with which access level: the checks every module's resolvers start with. They
// depend only on the request context, so they sit below every module (api/modules import them).
import type { AccessLevel } from '../../db/schema';
import type { GqlContext, ProfileColumns, Viewer } from './context';
import { AppError } from '../kernel/errors/errors';

/**
 * Any logged-in user (session or API key); UNAUTHENTICATED otherwise. `profile`: the user's and
 * organisation's columns to read with the credential, if this is the first ask (see ctx.viewer).
 */
export async function requireViewer(ctx: GqlContext, profile?: ProfileColumns): Promise<Viewer> {
  const viewer = await ctx.viewer(profile);
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}

export async function requireRole(ctx: GqlContext, ...levels: AccessLevel[]): Promise<Viewer> {
  const viewer = await requireViewer(ctx);
  if (!levels.includes(viewer.accessLevel)) throw new AppError('UNAUTHORIZED');
  return viewer;
}

export const requireSuperAdmin = (ctx: GqlContext) => requireRole(ctx, 'SUPER_ADMIN');

/** A userId argument must name the caller (operators may name anyone). */
export function assertSelfOrSuperAdmin(viewer: Viewer, userId: string): void {
  if (viewer.userId !== userId && viewer.accessLevel !== 'SUPER_ADMIN') throw new AppError('UNAUTHORIZED');
}

/** A userId argument must name the caller, whoever the caller is. */
export function assertSelf(viewer: Viewer, userId: string): void {
  if (viewer.userId !== userId) throw new AppError('UNAUTHORIZED');
}
