import type { AccessLevel } from '../../../db/schema';
import type { GqlContext, Viewer } from '../../graphql/context';
import { AppError } from '../../graphql/errors';

/** Any logged-in user (session or API key); UNAUTHENTICATED otherwise. */
export async function requireViewer(ctx: GqlContext): Promise<Viewer> {
  const viewer = await ctx.viewer();
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
