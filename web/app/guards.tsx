import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { NoPermission } from '../components/feedback/page-state';
import type { AccessLevel } from '../features/users/api/use-me';
import { sessionAtom } from '../lib/session';
import { DEFAULT_PAGE } from './paths';

export function useHasLiveSession(): boolean {
  const session = useAtomValue(sessionAtom);
  return session !== null && session.expiresAt > Date.now();
}

/** Unauthenticated visitors go to /login?redirectFrom=<path and query>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useHasLiveSession();
  const [location] = useLocation();
  const search = useSearch();
  if (!loggedIn) {
    const from = `${location}${search ? `?${search}` : ''}`;
    return <Redirect to={`/login?redirectFrom=${encodeURIComponent(from)}`} replace />;
  }
  return <>{children}</>;
}

/** A logged-in user has no business on login or registration pages: send them to the default page. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const loggedIn = useHasLiveSession();
  if (loggedIn) return <Redirect to={DEFAULT_PAGE} replace />;
  return <>{children}</>;
}

/** Shows the no-permission message to roles the page is not meant for. */
export function RequireRole({
  roles,
  accessLevel,
  children,
}: {
  roles?: readonly AccessLevel[];
  accessLevel: AccessLevel;
  children: ReactNode;
}) {
  if (roles && !roles.includes(accessLevel)) return <NoPermission />;
  return <>{children}</>;
}
