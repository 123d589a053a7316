import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../../lib/session';
import { gqlRequest } from '../../../lib/graphql-client';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';

const ME = /* GraphQL */ `
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
        magicKey
        isOwner
        locale
        watchGetStarted
        watchNPS
        company { id name image isActivated }
      }
    }
  }
`;

export type AccessLevel = 'SUPER_ADMIN' | 'ADMIN' | 'EMPLOYEE';

export type MeUser = {
  id: string;
  name: { first: string; last: string };
  email: string;
  image: string | null;
  accessLevel: AccessLevel;
  status: string;
  magicKey: string | null;
  isOwner: boolean;
  locale: 'de' | 'en';
  watchGetStarted: boolean;
  watchNPS: boolean;
  company: { id: string; name: string; image: string | null; isActivated: string } | null;
};

export type MeResult = { me: { sessionExpiresAt: string; companyId: string | null; user: MeUser } };

/** The logged-in user; skipped without a session. The SWR cache is dropped at login and logout. */
export function useMe() {
  const session = useAtomValue(sessionAtom);
  return useGqlQuery<MeResult>(ME, 'me', {}, { enabled: session !== null });
}

/** Starts the `me` call now (at boot, before React renders) and hands it to the first useMe. */
export function prefetchMe(): Promise<MeResult> {
  const request = gqlRequest<MeResult>(ME, 'me', {});
  primeQuery('me', {}, request);
  return request;
}
