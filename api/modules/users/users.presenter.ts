import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionNode } from 'graphql';
import type { Deps } from '../../kernel/deps';
import type { ProfileColumns, Viewer } from '../../graphql/context';
import { plainFields, type PlainFieldMap } from '../../graphql/plain-fields';
import type { UserRow } from './users.repo';
import { userFieldQueries } from './users.service';

type CompanyRow = NonNullable<Parameters<typeof userFieldQueries>[2]>;

/** Who may see that a user has an API key (never the key): the user, an ADMIN of the same company, an operator. */
function maySeeApiKey(viewer: Viewer | null, user: UserRow): boolean {
  if (!viewer) return false;
  if (viewer.userId === user.id || viewer.accessLevel === 'SUPER_ADMIN') return true;
  return viewer.accessLevel === 'ADMIN' && viewer.ownCompanyId !== null && viewer.ownCompanyId === user.companyId;
}

/** A user's organisation, as the type UserCompany shows it. */
const presentUserCompany = (c: CompanyRow | null | undefined) =>
  c
    ? {
        id: c.id,
        name: c.name,
        image: c.image,
        isActivated: c.status,
        address: { street: c.street, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country },
      }
    : null;

/**
 * Shared by every query that returns a User: nested fields load on demand. `ownCompany`: the user's
 * organisation when the caller read it already (`me`, with the session), else it is read when asked.
 */
export function presentUser(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: Viewer | null,
  user: UserRow,
  ownCompany?: CompanyRow | null,
) {
  const q = userFieldQueries(deps, user, ownCompany);
  // The organisation's row is at hand for the viewer's own (`me`): its fields answer at once, not a
  // turn of the event loop later.
  const withCompany = <T>(companyId: string, use: (c: CompanyRow | null | undefined) => T): T | Promise<T> => {
    const company = q.company(companyId);
    return company instanceof Promise ? company.then(use) : use(company);
  };
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
    watchNPS: !user.npsDone && user.nextNpsDate !== null && user.nextNpsDate <= deps.clock.now().toISOString(),
    skipIngressIntegrationsPrerequisite: user.skipIngressIntegrationsPrerequisite,
    isOwner: () => (user.companyId ? withCompany(user.companyId, (c) => c?.ownerId === user.id) : false),
    company: () => (user.companyId ? withCompany(user.companyId, presentUserCompany) : null),
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

/** `me`: the viewer's user and the session facts the app shell needs. */
export function presentMe(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: Viewer,
  user: UserRow,
  ownCompany: CompanyRow | null | undefined,
) {
  return {
    user: presentUser(deps, viewer, user, ownCompany),
    // API-key callers have no session; their key does not expire.
    sessionExpiresAt: viewer.sessionExpiresAt ?? '9999-12-31T23:59:59.999Z',
    companyId: viewer.companyId,
  };
}
type PresentedUserCompany = NonNullable<ReturnType<typeof presentUserCompany>>;

/**
 * The fields of User, of its `company` and of Me (what the `me` resolver returns) that these objects
 * hold as values: read without a resolver (api/graphql/plain-fields.ts). The others load on demand.
 */
export const usersPlainFields: PlainFieldMap = {
  Me: plainFields<ReturnType<typeof presentMe>>()(['user', 'sessionExpiresAt', 'companyId']),
  User: plainFields<PresentedUser>()([
    'id',
    'name',
    'email',
    'image',
    'telephone',
    'position',
    'accessLevel',
    'status',
    'apiKey',
    'hasAcceptedTerms',
    'hasConfirmedEmail',
    'createdDate',
    'locale',
    'watchGetStarted',
    'watchNPS',
    'skipIngressIntegrationsPrerequisite',
  ]),
  UserCompany: plainFields<PresentedUserCompany>()(['id', 'name', 'image', 'isActivated', 'address']),
};

type UserColumn = keyof UserRow;
type CompanyColumn = keyof CompanyRow;

/**
 * The user's columns each field of presentUser reads; a field missing here (a new one) reads the
 * whole row. `company` and `isOwner` read the organisation too (COMPANY_FIELD_COLUMNS, `ownerId`).
 */
const USER_FIELD_COLUMNS: Record<string, readonly UserColumn[]> = {
  __typename: [],
  id: ['id'],
  name: ['firstName', 'lastName'],
  email: ['email'],
  image: ['image'],
  telephone: ['telephone'],
  position: ['position'],
  accessLevel: ['accessLevel'],
  status: ['status'],
  apiKey: ['id', 'companyId', 'magicKeyHash', 'magicKeyHint', 'magicKeyCreatedAt'],
  numberOfImports: ['id'],
  numberOfDatafiles: ['id'],
  hasAcceptedTerms: ['hasAcceptedTerms'],
  hasConfirmedEmail: ['hasConfirmedEmail'],
  createdDate: ['createdAt'],
  company: ['companyId'],
  watchGetStarted: ['watchGetStarted'],
  watchNPS: ['npsDone', 'nextNpsDate'],
  skipIngressIntegrationsPrerequisite: ['skipIngressIntegrationsPrerequisite'],
  isOwner: ['id', 'companyId'],
  locale: ['locale'],
  userPreferences: ['id'],
};
/** The organisation's columns each field of the presented `company` reads. */
const COMPANY_FIELD_COLUMNS: Record<string, readonly CompanyColumn[]> = {
  __typename: [],
  id: ['id'],
  name: ['name'],
  image: ['image'],
  isActivated: ['status'],
  address: ['street', 'city', 'state', 'postalCode', 'country'],
};

/** The columns of `fields` per FIELD_COLUMNS of one selection; null when a field is unknown or a fragment is used. */
function columnsOf<C>(
  selections: readonly SelectionNode[],
  map: Record<string, readonly C[]>,
  nested?: (field: FieldNode) => boolean,
): Set<C> | null {
  const columns = new Set<C>();
  for (const selection of selections) {
    if (selection.kind !== Kind.FIELD) return null;
    const known = map[selection.name.value];
    if (!known || (nested && !nested(selection))) return null;
    for (const column of known) columns.add(column);
  }
  return columns;
}

const profileColumns = new WeakMap<object, ProfileColumns>();

/**
 * The user's and organisation's columns the `me` field's selection shows (null: whole rows), from
 * the document itself and remembered with it (documents are cached, so each is looked at once).
 */
export function profileColumnsOf(info: Pick<GraphQLResolveInfo, 'fieldNodes'>): ProfileColumns {
  const key = info.fieldNodes[0]!;
  const known = profileColumns.get(key);
  if (known) return known;
  const user = new Set<UserColumn>(['id', 'companyId']);
  // The organisation's id tells a missing one from one whose asked columns are all null.
  const company = new Set<CompanyColumn>(['id']);
  const ok = info.fieldNodes.every((me) =>
    (me.selectionSet?.selections ?? []).every((meField) => {
      if (meField.kind !== Kind.FIELD) return false;
      if (meField.name.value !== 'user') return true;
      const fields = columnsOf(meField.selectionSet?.selections ?? [], USER_FIELD_COLUMNS, (field) => {
        if (field.name.value === 'isOwner') company.add('ownerId');
        if (field.name.value !== 'company') return true;
        const companyFields = columnsOf(field.selectionSet?.selections ?? [], COMPANY_FIELD_COLUMNS);
        for (const column of companyFields ?? []) company.add(column);
        return companyFields !== null;
      });
      for (const column of fields ?? []) user.add(column);
      return fields !== null;
    }),
  );
  const result = ok ? { user: [...user].sort(), company: [...company].sort() } : WHOLE_ROWS;
  profileColumns.set(key, result);
  return result;
}

const WHOLE_ROWS: ProfileColumns = { user: null, company: null };
