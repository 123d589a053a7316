import type { AccessLevel } from '../../../db/schema';
import type { GqlContext, Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { requireRole } from '../../graphql/access';
import { findCompanyById } from './companies.repo';

/**
 * The company a request may act on: operators any existing company; ADMIN and
 * EMPLOYEE only their own. Another company's id answers COMPANY_NOT_FOUND exactly like a missing
 * one, so nobody can probe which ids exist.
 */
export async function requireCompanyAccess(
  ctx: GqlContext,
  companyId: string,
  levels: AccessLevel[],
): Promise<{ viewer: Viewer; company: NonNullable<Awaited<ReturnType<typeof findCompanyById>>> }> {
  const viewer = await requireRole(ctx, ...levels);
  if (viewer.accessLevel !== 'SUPER_ADMIN' && viewer.ownCompanyId !== companyId)
    throw new AppError('COMPANY_NOT_FOUND');
  const company =
    typeof companyId === 'string' && companyId.length <= 64 ? await findCompanyById(ctx.deps.db, companyId) : undefined;
  if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
  return { viewer, company };
}
