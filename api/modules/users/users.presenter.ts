import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import type { UserRow } from './users.repo';
import { userFieldQueries } from './users.service';

/** Who may see that a user has an API key (never the key): the user, an ADMIN of the same company, an operator. */
function maySeeApiKey(viewer: Viewer | null, user: UserRow): boolean {
  if (!viewer) return false;
  if (viewer.userId === user.id || viewer.accessLevel === 'SUPER_ADMIN') return true;
  return viewer.accessLevel === 'ADMIN' && viewer.ownCompanyId !== null && viewer.ownCompanyId === user.companyId;
}

/** Shared by every query that returns a User: nested fields load on demand. */
export function presentUser(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer | null, user: UserRow) {
  // The viewer's own organisation came with the session: `me` needs no second statement for it.
  const q = userFieldQueries(deps, user, viewer?.userId === user.id ? viewer.company : undefined);
  const now = deps.clock.now().toISOString();
  return {
    id: user.id,
    name: { first: user.firstName, last: user.lastName },
    email: user.email,
    image: user.image,
    telephone: user.telephone,
    position: user.position,
    accessLevel: user.accessLevel,
    status: user.status,
    apiKey:
      user.magicKeyHash && maySeeApiKey(viewer, user)
        ? { hint: user.magicKeyHint, createdAt: user.magicKeyCreatedAt }
        : null,
    numberOfImports: async () => (await q.counts()).numberOfImports,
    numberOfDatafiles: async () => (await q.counts()).numberOfDatafiles,
    hasAcceptedTerms: user.hasAcceptedTerms,
    hasConfirmedEmail: user.hasConfirmedEmail,
    createdDate: user.createdAt,
    locale: user.locale,
    watchGetStarted: user.watchGetStarted,
    watchNPS: !user.npsDone && user.nextNpsDate !== null && user.nextNpsDate <= now,
    skipIngressIntegrationsPrerequisite: user.skipIngressIntegrationsPrerequisite,
    isOwner: async () => {
      if (!user.companyId) return false;
      const company = await q.company(user.companyId);
      return company?.ownerId === user.id;
    },
    company: async () => {
      if (!user.companyId) return null;
      const c = await q.company(user.companyId);
      if (!c) return null;
      return {
        id: c.id,
        name: c.name,
        image: c.image,
        isActivated: c.status,
        address: { street: c.street, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country },
      };
    },
    userPreferences: async () => {
      const p = await q.preferences();
      if (!p) return null;
      return {
        id: p.id,
        isDatafileUploading: p.isDatafileUploading,
        isDatafileUpdating: p.isDatafileUpdating,
        nipoIntegration:
          viewer?.userId === user.id
            ? {
                username: p.nipoUsername,
                password: p.nipoPasswordSealed ? '********' : null,
                region: p.nipoRegion,
                domain: p.nipoDomain,
              }
            : null,
      };
    },
  };
}

/** What the GraphQL type User resolves from (codegen maps the type to it). */
export type PresentedUser = ReturnType<typeof presentUser>;
