import { useAtomValue } from 'jotai';
import { graphql } from '../../../lib/gql';
import type { MeQuery } from '../../../lib/gql/graphql';
import { sessionAtom } from '../../../lib/session';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';

const ME = graphql(`
  query me {
    me {
      sessionExpiresAt
      companyId
      user {
        id
        name { first last }
        email
        image
        accessLevel
        status
        apiKey { hint createdAt }
        isOwner
        locale
        watchGetStarted
        watchNPS
        company { id name image isActivated }
      }
    }
  }
`);

export type { AccessLevel } from '../../../lib/gql/graphql';
export type MeResult = MeQuery;
/** The logged-in user as `me` selects it. */
export type MeUser = MeQuery['me']['user'];

/** The logged-in user; skipped without a session. The SWR cache is dropped at login and logout. */
export function useMe() {
  const session = useAtomValue(sessionAtom);
  return useGqlQuery(ME, {}, { enabled: session !== null });
}

/** Starts the `me` call now (at boot, before React renders) and hands it to the first useMe. */
export function prefetchMe(): Promise<MeResult> {
  return primeQuery(ME, {});
}
