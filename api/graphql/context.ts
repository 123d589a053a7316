import type { Context as HonoContext } from 'hono';
import type { AccessLevel } from '../../db/schema';
import type { Deps } from '../kernel/deps';
import { countedAddress } from '../lib/address';
import { sha256Hex } from '../lib/crypto';
import { DEFAULT_LOCALE, isLocale, localeFromHeader, type Locale } from '../lib/i18n';
import { currentBudget, type RequestBudget } from '../lib/request-budget';
import {
  findLiveSessionByTokenHash,
  findUserByMagicKeyHash,
  type ProfileColumns,
  type ProfileCompany,
  type ProfileUser,
} from '../modules/auth/auth.repo';

export type { ProfileColumns };

/** Who is asking: resolved once per request from the bearer token or the X-API-Key header. */
export type Viewer = {
  userId: string;
  accessLevel: AccessLevel;
  /** The organisation the request acts for: the user's own, or the one a SUPER_ADMIN scoped the session to. */
  companyId: string | null;
  /** The user's own organisation (null for operators). */
  ownCompanyId: string | null;
  sessionId: string | null;
  sessionExpiresAt: string | null;
  via: 'session' | 'apiKey';
  locale: Locale;
  /**
   * The user's row and own organisation's (null for operators) as read with the credential: the
   * viewer's columns and those the first caller of `viewer()` named (`columns`; null: whole rows),
   * so `me` needs no second statement.
   */
  profile: { columns: ProfileColumns | null; user: ProfileUser; company: ProfileCompany | null };
};

export type GqlContext = {
  deps: Deps;
  /** The HTTP request's context, for a resolver that reads a cookie or sets a response header. */
  readonly hono: HonoContext;
  /** Whether anything asked for `hono`: only then may the answer carry headers set there. */
  readonly honoUsed: boolean;
  /** Language of messages: Accept-Language, else the user's stored locale, else German. */
  locale: () => Promise<Locale>;
  /**
   * The viewer, or null when anonymous (an invalid or expired credential also gives null). The first
   * call reads it, with the user's and organisation's `profile` columns when given.
   */
  viewer: (profile?: ProfileColumns) => Promise<Viewer | null>;
  /** True when a credential was sent (so an invalid one answers UNAUTHENTICATED, not a public view). */
  sentCredential: boolean;
  clientAddress: string;
  /** The request's execution-time budget (api/lib/request-budget.ts); resolvers past it do not start. */
  budget: RequestBudget | undefined;
};

/**
 * The address attempts are counted by. Behind TRUST_PROXY_HOPS reverse proxies every connection
 * comes from the nearest proxy, so the client is the entry the outermost trusted proxy appended to
 * X-Forwarded-For (entries further left are the client's own say and not trusted); without the
 * setting the header is ignored, as anyone can send it. An IPv6 client is its /64 (countedAddress).
 */
export function clientAddressOf(c: HonoContext, trustProxyHops = 0): string {
  // Bun.serve passes its server as env (api/server.ts); tests have none.
  const server = (c.env as { server?: { requestIP?: (r: Request) => { address: string } | null } } | undefined)?.server;
  const peer = countedAddress(server?.requestIP?.(c.req.raw)?.address ?? 'local');
  if (trustProxyHops === 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const client = forwarded[forwarded.length - trustProxyHops]?.slice(0, 64);
  return client === undefined ? peer : countedAddress(client);
}

export function createContext(deps: Deps, c: HonoContext): GqlContext {
  const authorization = c.req.header('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const apiKey = c.req.header('x-api-key')?.trim();
  let viewerPromise: Promise<Viewer | null> | undefined;
  const viewer = (profile?: ProfileColumns) => (viewerPromise ??= resolveViewer(deps, bearer, apiKey, profile));
  // Read when asked for: most requests never need the language (no error) or the address (no login).
  let address: string | undefined;
  let honoUsed = false;
  return {
    deps,
    get hono() {
      honoUsed = true;
      return c;
    },
    get honoUsed() {
      return honoUsed;
    },
    viewer,
    locale: async () =>
      localeFromHeader(c.req.header('x-locale') ?? c.req.header('accept-language')) ??
      (await viewer())?.locale ??
      DEFAULT_LOCALE,
    sentCredential: Boolean(bearer || apiKey),
    budget: currentBudget(),
    get clientAddress() {
      return (address ??= clientAddressOf(c, deps.env.trustProxyHops));
    },
  };
}

async function resolveViewer(
  deps: Pick<Deps, 'clock' | 'db'>,
  bearer: string | undefined,
  apiKey: string | undefined,
  profile: ProfileColumns | undefined,
): Promise<Viewer | null> {
  const now = deps.clock.now();
  if (bearer && bearer.length <= 200) {
    const row = await findLiveSessionByTokenHash(deps.db, sha256Hex(bearer), now.toISOString(), profile);
    if (!row || !isUsable(row.user, row.companyStatus)) return null;
    if (row.user.sessionsValidAfter && row.session.createdAt < row.user.sessionsValidAfter) return null;
    return {
      userId: row.user.id,
      accessLevel: row.user.accessLevel,
      companyId: row.session.companyId ?? row.user.companyId,
      ownCompanyId: row.user.companyId,
      sessionId: row.session.id,
      sessionExpiresAt: row.session.expiresAt,
      via: 'session',
      locale: isLocale(row.user.locale) ? row.user.locale : DEFAULT_LOCALE,
      profile: { columns: profile ?? { user: [], company: [] }, user: row.user, company: row.company },
    };
  }
  if (apiKey && apiKey.length <= 200) {
    const row = await findUserByMagicKeyHash(deps.db, sha256Hex(apiKey));
    if (!row || !isUsable(row.user, row.companyStatus)) return null;
    return {
      userId: row.user.id,
      accessLevel: row.user.accessLevel,
      companyId: row.user.companyId,
      ownCompanyId: row.user.companyId,
      sessionId: null,
      sessionExpiresAt: null,
      via: 'apiKey',
      locale: isLocale(row.user.locale) ? row.user.locale : DEFAULT_LOCALE,
      profile: { columns: null, user: row.user, company: row.company },
    };
  }
  return null;
}

/** Only activated users of activated organisations (operators have none) act; anything else ends the session's use at once. */
function isUsable(user: { status: string; accessLevel: AccessLevel }, companyStatus: string | null): boolean {
  if (user.status !== 'ACTIVATED') return false;
  return user.accessLevel === 'SUPER_ADMIN' || companyStatus === 'ACTIVATED';
}
