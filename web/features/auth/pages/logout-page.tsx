import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { PageSpinner } from '../../../components/feedback/page-state';
import { clearSession, currentToken } from '../../../lib/session';
import { clearWorkingSettings } from '../../../lib/storage';
import { useLogout } from '../api/use-logout';

/**
 * /logout: revokes the session on the server, then removes the token cookies, the
 * waiting-for-logout flag, the stored working settings and every cached answer, and goes to /login.
 */
export function LogoutPage() {
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const { trigger } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const revoke = currentToken() ? trigger({}).catch(() => undefined) : Promise.resolve(undefined);
    void revoke.finally(async () => {
      clearSession();
      clearWorkingSettings();
      await mutate(() => true, undefined, { revalidate: false });
      navigate('/login', { replace: true });
    });
  }, [mutate, navigate, trigger]);

  return <PageSpinner />;
}
