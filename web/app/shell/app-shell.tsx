import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { PageError, PageSpinner } from '../../components/feedback/page-state';
import { AfterFirstPaint } from '../../components/layout/after-first-paint';
import { useClearLocalStorageSync } from '../../features/settings/use-clear-local-storage-sync';
import { type MeUser, useMe } from '../../features/users/api/use-me';
import { useUpdateMyLocale } from '../../features/users/api/use-update-my-locale';
import { GetStartedModal } from '../../features/users/components/get-started-modal';
import { SurveyModal } from '../../features/users/components/survey-modal';
import { isLocale, type Locale, readStoredLocale, setLocale } from '../../lib/i18n';
import { AppFooter } from './app-footer';
import { ContractExpiryAlert, useContractExpiryNotice } from './contract-expiry-alert';
import { SessionExpiryAlert } from './session-expiry-alert';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import './shell.css';

/** A browser without a stored choice takes the language the user chose on another device. */
function useAdoptUserLocale(user: MeUser | undefined) {
  useEffect(() => {
    if (user && !readStoredLocale() && isLocale(user.locale)) setLocale(user.locale);
  }, [user]);
}

/**
 * The session-wide overlays and the checks behind them. Their own queries answering re-render only
 * this part, not the page.
 */
function ShellOverlays({ user }: { user: MeUser }) {
  const [, navigate] = useLocation();
  useClearLocalStorageSync(true);
  const contractExpiry = useContractExpiryNotice(user);
  // The survey's dialog (a state machine) mounts once the survey is due, and stays for its closing animation.
  const [surveyDue, setSurveyDue] = useState(user.watchNPS);
  if (user.watchNPS && !surveyDue) setSurveyDue(true);
  return (
    <>
      <SessionExpiryAlert />
      {/* One modal at a time: onboarding first, then the contract-expiry alert, then the survey. */}
      {!user.watchGetStarted ? (
        <GetStartedModal user={user} onStart={() => navigate('/upload-dataset/step1')} />
      ) : contractExpiry.notice ? (
        <ContractExpiryAlert notice={contractExpiry.notice} onNoted={contractExpiry.noted} />
      ) : surveyDue ? (
        <SurveyModal user={user} />
      ) : null}
    </>
  );
}

/**
 * The logged-in frame: top bar, side menu by role, content, footer, and the session-wide overlays.
 * The user is loaded (validated) before any protected page renders. The frame's fixed parts are plain
 * elements on a static stylesheet (shell.css). The top-bar menus, the footer
 * and the overlays mount right after the first paint of the page.
 */
export function AppShell({ children }: { children: (user: MeUser) => ReactNode }) {
  const { data, error, mutate } = useMe();
  const [location] = useLocation();
  const { trigger: updateMyLocale } = useUpdateMyLocale();
  const user = data?.me.user;
  useAdoptUserLocale(user);
  useEffect(() => {
    // The frame's first commit with the user, once per page load (tests/bench/pages/timeline.ts reads it).
    if (user && performance.getEntriesByName('app:shell-committed').length === 0)
      performance.mark('app:shell-committed');
  }, [user]);
  // The logged-in user is validated again on every protected route change; an
  // ended session answers UNAUTHENTICATED and the client sends the browser to /login.
  const isFirstRoute = useRef(true);
  useEffect(() => {
    if (isFirstRoute.current) {
      isFirstRoute.current = false;
      return;
    }
    void mutate();
  }, [location, mutate]);

  const onLocaleChanged = (locale: Locale) => {
    updateMyLocale({ locale }).catch((failure: unknown) => console.error('updateMyLocale failed', failure));
  };

  if (!user) {
    return (
      <div className="app-shell-waiting">{error ? <PageError onRetry={() => void mutate()} /> : <PageSpinner />}</div>
    );
  }

  return (
    <div className="app-shell" data-testid="app-shell" data-role={user.accessLevel}>
      <TopBar user={user} onLocaleChanged={onLocaleChanged} />
      <div className="app-shell-body">
        <SideMenu accessLevel={user.accessLevel} />
        <main className="app-shell-main">
          <div className="app-shell-content">{children(user)}</div>
          <AfterFirstPaint>
            <AppFooter />
          </AfterFirstPaint>
        </main>
      </div>
      <AfterFirstPaint>
        <ShellOverlays user={user} />
      </AfterFirstPaint>
    </div>
  );
}
