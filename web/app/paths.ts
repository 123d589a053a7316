import type { AccessLevel } from '../features/users/api/use-me';

/** The default page a logged-in user lands on. */
export const DEFAULT_PAGE = '/';

/** The public credit and cost calculator: anyone may open it, logged in or not. */
export const CREDIT_ROI_CALCULATOR_PATH = '/credit-roi-calculator';

/** Certificate verification: anyone may open it, logged in or not. */
export const REPORT_VERIFICATION_PATH = '/report-verification';

/** The quality report of a datafile (?datafileId=): anyone may open it, logged in or not. */
export const DATAFILE_REPORT_PATH = '/datafile-report';

/** Further pages anyone may open, logged in or not, whose screens come in a later issue. */
export const OPEN_PUBLIC_PAGES: readonly { path: string; titleKey: string }[] = [];

export type ProtectedRoute = {
  path: string;
  titleKey: string;
  /** Who may see the page; everyone logged in when absent. */
  roles?: readonly AccessLevel[];
};

const SUPER_ADMIN_ONLY: readonly AccessLevel[] = ['SUPER_ADMIN'];
/** Administration is the organisation admin's page; operators may open it too. */
const ADMINS: readonly AccessLevel[] = ['SUPER_ADMIN', 'ADMIN'];

/** Every route of the app that needs a login. */
export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { path: '/', titleKey: 'routes.dashboard' },
  { path: '/admin-panel', titleKey: 'routes.adminPanel', roles: SUPER_ADMIN_ONLY },
  { path: '/organization-details', titleKey: 'routes.organizationDetails' },
  { path: '/administration', titleKey: 'routes.administration', roles: ADMINS },
  { path: '/upload-dataset/step1', titleKey: 'routes.uploadStep1' },
  { path: '/upload-dataset/step2', titleKey: 'routes.uploadStep2' },
  { path: '/upload-dataset/step3', titleKey: 'routes.uploadStep3' },
  { path: '/live-import', titleKey: 'routes.liveImport' },
  { path: '/snippet-integration-instructions', titleKey: 'routes.snippetIntegrationInstructions' },
  { path: '/define-datafile', titleKey: 'routes.defineDatafile' },
  { path: '/datafiles', titleKey: 'routes.datafiles' },
  { path: '/datafile-result', titleKey: 'routes.datafileResult' },
  { path: '/datafile-work-sheet', titleKey: 'routes.datafileWorkSheet' },
  { path: '/guides', titleKey: 'routes.guides' },
  { path: '/faq-guide', titleKey: 'routes.faqGuide' },
  { path: '/upload-guide', titleKey: 'routes.uploadGuide' },
  { path: '/projective-question-guide', titleKey: 'routes.projectiveQuestionGuide' },
  { path: '/analysis-guide', titleKey: 'routes.analysisGuide' },
  { path: '/data-files-stats', titleKey: 'routes.dataFilesStats', roles: SUPER_ADMIN_ONLY },
  { path: '/data-records-stats', titleKey: 'routes.dataRecordsStats', roles: SUPER_ADMIN_ONLY },
  { path: '/monitoring', titleKey: 'routes.monitoring', roles: SUPER_ADMIN_ONLY },
];

export function findProtectedRoute(path: string): ProtectedRoute | undefined {
  return PROTECTED_ROUTES.find((route) => route.path === path);
}

export function canAccess(route: ProtectedRoute, accessLevel: AccessLevel): boolean {
  return !route.roles || route.roles.includes(accessLevel);
}
