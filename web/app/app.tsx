import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '../components/feedback/page-state';
import { DesktopOnly } from '../components/layout/desktop-only';
import type { MeUser } from '../features/users/api/use-me';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { PlaceholderPage, PublicPlaceholderPage } from './pages/placeholder-page';
import { findProtectedRoute, OPEN_PUBLIC_PAGES, type ProtectedRoute } from './paths';
import { AppShell } from './shell/app-shell';

/** Route-level code splitting keeps the first load small (toolchain.md). */
function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<Record<string, never>> }));
}
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const WelcomePage = lazyPage(() => import('../features/auth/pages/welcome-page'), 'WelcomePage');
const CreateAccountPage = lazyPage(() => import('../features/auth/pages/create-account-page'), 'CreateAccountPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const NewPasswordPage = lazyPage(() => import('../features/auth/pages/new-password-page'), 'NewPasswordPage');
const LogoutPage = lazyPage(() => import('../features/auth/pages/logout-page'), 'LogoutPage');
const DashboardPage = lazy(async () => ({ default: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage }));
const AdminPanelRoute = lazy(async () => ({ default: (await import('./admin-panel-route')).AdminPanelRoute }));
const OrganizationDetailsPage = lazy(async () => ({ default: (await import('./organization-page')).OrganizationDetailsPage }));
const AdministrationPage = lazy(async () => ({ default: (await import('./organization-page')).AdministrationPage }));

function routeElement(route: ProtectedRoute, user: MeUser) {
  switch (route.path) {
    case '/': return <DashboardPage firstName={user.name.first} />;
    case '/admin-panel': return <AdminPanelRoute />;
    case '/organization-details': return <OrganizationDetailsPage user={user} />;
    case '/administration': return <AdministrationPage user={user} />;
    default: return <PlaceholderPage titleKey={route.titleKey} />;
  }
}

const PUBLIC_ENTRY_PAGES: { path: string; Page: ComponentType }[] = [
  { path: '/login', Page: LoginPage },
  { path: '/register', Page: RegisterPage },
  { path: '/welcome', Page: WelcomePage },
  { path: '/create-account', Page: CreateAccountPage },
  { path: '/forgot-password', Page: ForgotPasswordPage },
  { path: '/new-password', Page: NewPasswordPage },
];

function ProtectedPage({ route, user }: { route: ProtectedRoute; user: MeUser }) {
  return (
    <RequireRole roles={route.roles} accessLevel={user.accessLevel}>
      <Suspense fallback={<PageSpinner />}>
        {routeElement(route, user)}
      </Suspense>
    </RequireRole>
  );
}

function PublicRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {PUBLIC_ENTRY_PAGES.map(({ path, Page }) => (
          <Route key={path} path={path}><PublicOnly><Page /></PublicOnly></Route>
        ))}
        <Route path="/logout"><LogoutPage /></Route>
        <Route path="/404" component={NotFoundPage} />
        {OPEN_PUBLIC_PAGES.map(({ path, titleKey }) => (
          <Route key={path} path={path}><PublicPlaceholderPage titleKey={titleKey} /></Route>
        ))}
        <Route><Redirect to="/404" replace /></Route>
      </Switch>
    </Suspense>
  );
}

export function App() {
  const [location] = useLocation();
  const protectedRoute = findProtectedRoute(location);
  return (
    <DesktopOnly>
      {protectedRoute ? (
        <RequireAuth>
          <AppShell>{(user) => <ProtectedPage route={protectedRoute} user={user} />}</AppShell>
        </RequireAuth>
      ) : (
        <PublicRoutes />
      )}
    </DesktopOnly>
  );
}
