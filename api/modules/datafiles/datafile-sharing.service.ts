// Sharing a datafile: its owner shares it with contributors of the same organisation.
// Who shares: the owner, the organisation's ADMINs, operators (requireDatafile 'manage'). With whom:
// activated users of the datafile's organisation. A contributor then sees the datafile (never a
// draft: canSeeDatafile) and gets a notification that links to its result page.
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { SUCCESS } from '../../graphql/resolver-types';
import { isLocale } from '../../lib/i18n';
import { insertEventNotification } from '../notifications';
import {
  activeUsersOfCompany,
  addContributors,
  contributorsOf,
  peopleByIds,
  removeContributor,
  shareableUsers,
} from './datafiles-list.repo';
import { requireDatafile } from './datafiles.policy';

/** One share request names at most this many users (the dialog sends a handful). */
export const MAX_INVITEES = 50;

export async function datafileContributors(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  return (await contributorsOf(deps.db, [file.id])).get(file.id) ?? [];
}

export async function availableContributors(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  const current = (await contributorsOf(deps.db, [file.id])).get(file.id) ?? [];
  return shareableUsers(deps.db, file.companyId, [file.ownerId, ...current.map((c) => c.id)]);
}

export async function addContributorsToDatafile(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  datafileId: string,
  inviteeIds: readonly string[],
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  const ids = [...new Set(inviteeIds)];
  if (ids.length === 0) throw new AppError('INCOMPLETE_INPUT', { field: 'inviteeIds', reason: 'NO_INVITEES' });
  if (ids.length > MAX_INVITEES)
    throw new AppError('INVALID_PARAMETERS', { field: 'inviteeIds', reason: 'TOO_MANY_INVITEES', max: MAX_INVITEES });
  // A contributor may not see a draft, so sharing one would promise what the rule refuses.
  if (file.status === 'DRAFT')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'DRAFTS_ARE_NOT_SHARED' });
  if (ids.includes(file.ownerId))
    throw new AppError('INVALID_PARAMETERS', { field: 'inviteeIds', reason: 'OWNER_IS_NOT_A_CONTRIBUTOR' });
  const invitees = await activeUsersOfCompany(
    deps.db,
    file.companyId,
    ids.filter((id) => typeof id === 'string' && id.length <= 64),
  );
  // Users of another organisation, unknown ids and inactive users answer alike.
  if (invitees.length !== ids.length) throw new AppError('USER_NOT_FOUND');
  const already = new Set(((await contributorsOf(deps.db, [file.id])).get(file.id) ?? []).map((c) => c.id));
  const fresh = invitees.filter((u) => !already.has(u.id));
  const sharer = (await peopleByIds(deps.db, [viewer.userId])).get(viewer.userId);
  const sharerName = sharer ? `${sharer.firstName} ${sharer.lastName}`.trim() : '';
  const now = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    await addContributors(
      tx,
      file.id,
      fresh.map((u) => u.id),
      now,
    );
    for (const u of fresh) {
      const locale = isLocale(u.locale) ? u.locale : 'de';
      await insertEventNotification(
        tx,
        {
          userId: u.id,
          companyId: file.companyId,
          event: 'datafileShared',
          params: { name: sharerName, title: file.title },
          url: `/datafile-result?datafileId=${file.id}`,
          dedupeKey: `shared:${file.id}:${u.id}:${now}`,
          createdAt: now,
        },
        locale,
      );
    }
  });
  return SUCCESS();
}

export async function removeContributorFromDatafile(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  datafileId: string,
  contributorId: string,
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  if (typeof contributorId !== 'string' || !(await removeContributor(deps.db, file.id, contributorId))) {
    throw new AppError('INVALID_PARAMETERS', { field: 'contributorId', reason: 'NOT_A_CONTRIBUTOR' });
  }
  return SUCCESS();
}
