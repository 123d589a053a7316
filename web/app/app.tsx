import { type ComponentType, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ChunkErrorBoundary } from '../components/feedback/chunk-error-boundary';
import { PageSpinner } from '../components/feedback/page-state';
import { DesktopOnly } from '../components/layout/desktop-only';
import type { MeUser } from '../features/users/api/use-me';
import { lazyNamed } from '../lib/lazy-chunk';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { PlaceholderPage, PublicPlaceholderPage } from './pages/placeholder-page';
import {
  CREDIT_ROI_CALCULATOR_PATH,
  DATAFILE_REPORT_PATH,
  findProtectedRoute,
  OPEN_PUBLIC_PAGES,
  REPORT_VERIFICATION_PATH,
  type ProtectedRoute,
} from './paths';
import { pageChunks } from './route-chunks';
import { AppShell } from './shell/app-shell';

/** Route-level code splitting keeps the first load small; the chunks live in route-chunks.ts. */
const LoginPage = lazyNamed(pageChunks.login, 'LoginPage');
const RegisterPage = lazyNamed(pageChunks.register, 'RegisterPage');
const WelcomePage = lazyNamed(pageChunks.welcome, 'WelcomePage');
const CreateAccountPage = lazyNamed(pageChunks.createAccount, 'CreateAccountPage');
const ForgotPasswordPage = lazyNamed(pageChunks.forgotPassword, 'ForgotPasswordPage');
const NewPasswordPage = lazyNamed(pageChunks.newPassword, 'NewPasswordPage');
const LogoutPage = lazyNamed(pageChunks.logout, 'LogoutPage');
const DashboardPage = lazyNamed(pageChunks.dashboard, 'DashboardPage');
const AdminPanelRoute = lazyNamed(pageChunks.adminPanel, 'AdminPanelRoute');
const OrganizationDetailsPage = lazyNamed(pageChunks.organization, 'OrganizationDetailsPage');
const AdministrationPage = lazyNamed(pageChunks.organization, 'AdministrationPage');
const GuidesRoute = lazyNamed(pageChunks.guides, 'GuidesRoute');
const CreditRoiCalculatorPage = lazyNamed(pageChunks.creditRoiCalculator, 'CreditRoiCalculatorPage');
const UploadRoute = lazyNamed(pageChunks.uploads, 'UploadRoute');
const DataFilesStatsPage = lazyNamed(pageChunks.stats, 'DataFilesStatsPage');
const DataRecordsStatsPage = lazyNamed(pageChunks.stats, 'DataRecordsStatsPage');
const MonitoringPage = lazyNamed(pageChunks.monitoring, 'MonitoringPage');
const ReportVerificationRoute = lazyNamed(pageChunks.reportVerification, 'ReportVerificationRoute');
const DatafilesPage = lazyNamed(pageChunks.datafiles, 'DatafilesPage');
const DatafileResultRoute = lazyNamed(pageChunks.datafileResult, 'DatafileResultRoute');
const WorksheetRoute = lazyNamed(pageChunks.worksheet, 'WorksheetRoute');
const DatafileReportRoute = lazyNamed(pageChunks.datafileReport, 'DatafileReportRoute');
const LiveImportRoute = lazyNamed(pageChunks.liveImport, 'LiveImportRoute');

function routeElement(route: ProtectedRoute, user: MeUser) {
  switch (route.path) {
    case '/':
      return <DashboardPage firstName={user.name.first} />;
    case '/admin-panel':
      return <AdminPanelRoute />;
    case '/organization-details':
      return <OrganizationDetailsPage user={user} />;
    case '/administration':
      return <AdministrationPage user={user} />;
    case '/guides':
    case '/faq-guide':
    case '/upload-guide':
    case '/projective-question-guide':
    case '/analysis-guide':
      return <GuidesRoute path={route.path} />;
    case '/upload-dataset/step1':
    case '/upload-dataset/step2':
    case '/upload-dataset/step3':
      return (
        <UploadRoute
          path={route.path}
          companyId={user.company?.id ?? null}
          canManageCredits={user.accessLevel !== 'EMPLOYEE'}
        />
      );
    case '/data-files-stats':
      return <DataFilesStatsPage />;
    case '/data-records-stats':
      return <DataRecordsStatsPage />;
    case '/monitoring':
      return <MonitoringPage />;
    case '/datafiles':
      return <DatafilesPage isOperator={user.accessLevel === 'SUPER_ADMIN'} />;
    case '/datafile-result':
      return <DatafileResultRoute />;
    case '/datafile-work-sheet':
      return <WorksheetRoute />;
    case '/live-import':
    case '/define-datafile':
    case '/snippet-integration-instructions':
      return <LiveImportRoute path={route.path} companyId={user.company?.id ?? null} />;
    default:
      return <PlaceholderPage titleKey={route.titleKey} />;
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
      {/* Keyed by path so a failed page does not stick to the next route. */}
      <ChunkErrorBoundary key={route.path}>
        <Suspense fallback={<PageSpinner />}>{routeElement(route, user)}</Suspense>
      </ChunkErrorBoundary>
    </RequireRole>
  );
}

function PublicRoutes() {
  const [location] = useLocation();
  return (
    <ChunkErrorBoundary key={location}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {PUBLIC_ENTRY_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path}>
              <PublicOnly>
                <Page />
              </PublicOnly>
            </Route>
          ))}
          <Route path="/logout">
            <LogoutPage />
          </Route>
          <Route path="/404" component={NotFoundPage} />
          <Route path={CREDIT_ROI_CALCULATOR_PATH}>
            <CreditRoiCalculatorPage />
          </Route>
          <Route path={REPORT_VERIFICATION_PATH}>
            <ReportVerificationRoute />
          </Route>
          <Route path={DATAFILE_REPORT_PATH}>
            <DatafileReportRoute />
          </Route>
          {OPEN_PUBLIC_PAGES.map(({ path, titleKey }) => (
            <Route key={path} path={path}>
              <PublicPlaceholderPage titleKey={titleKey} />
            </Route>
          ))}
          <Route>
            <Redirect to="/404" replace />
          </Route>
        </Switch>
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * The app is for desktop screens (1024 px and wider); the public pages (report, certificate check,
 * calculator, login and registration) are opened from links, often on a phone, and work at any width.
 */
export function App() {
  const [location] = useLocation();
  const protectedRoute = findProtectedRoute(location);
  // The outer boundary catches chunks the shell itself loads lazily (profile and password dialogs).
  return (
    <ChunkErrorBoundary>
      {protectedRoute ? (
        <DesktopOnly>
          <RequireAuth>
            <AppShell>{(user) => <ProtectedPage route={protectedRoute} user={user} />}</AppShell>
          </RequireAuth>
        </DesktopOnly>
      ) : (
        <PublicRoutes />
      )}
    </ChunkErrorBoundary>
  );
}
