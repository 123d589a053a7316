import { chunkLoader } from '../lib/lazy-chunk';
import { CREDIT_ROI_CALCULATOR_PATH, DATAFILE_REPORT_PATH, REPORT_VERIFICATION_PATH } from './paths';

/**
 * The code chunk of every lazily loaded page, shared by lazy() in app.tsx and by preloading: the
 * boot code asks for the current route's chunk before React renders, so the download runs in
 * parallel with the session check instead of after it.
 */
export const pageChunks = {
  login: chunkLoader(() => import('../features/auth/pages/login-page')),
  register: chunkLoader(() => import('../features/auth/pages/register-page')),
  welcome: chunkLoader(() => import('../features/auth/pages/welcome-page')),
  createAccount: chunkLoader(() => import('../features/auth/pages/create-account-page')),
  forgotPassword: chunkLoader(() => import('../features/auth/pages/forgot-password-page')),
  newPassword: chunkLoader(() => import('../features/auth/pages/new-password-page')),
  logout: chunkLoader(() => import('../features/auth/pages/logout-page')),
  dashboard: chunkLoader(() => import('../features/dashboard/pages/dashboard-page')),
  adminPanel: chunkLoader(() => import('./admin-panel-route')),
  organization: chunkLoader(() => import('./organization-page')),
  guides: chunkLoader(() => import('../features/guides/pages/guides-route')),
  creditRoiCalculator: chunkLoader(() => import('../features/roi-calculator/pages/credit-roi-calculator-page')),
  uploads: chunkLoader(() => import('../features/uploads/pages/upload-route')),
  stats: chunkLoader(() => import('../features/stats/pages/usage-stats-page')),
  monitoring: chunkLoader(() => import('../features/monitoring/pages/monitoring-page')),
  reportVerification: chunkLoader(() => import('./report-verification-route')),
  datafiles: chunkLoader(() => import('../features/datafiles/pages/datafiles-page')),
  datafileResult: chunkLoader(() => import('./datafile-result-route')),
  worksheet: chunkLoader(() => import('./worksheet-route')),
  datafileReport: chunkLoader(() => import('./datafile-report-route')),
  liveImport: chunkLoader(() => import('../features/live-import/pages/live-import-route')),
};

const CHUNK_BY_PATH: Record<string, () => Promise<unknown>> = {
  '/login': pageChunks.login,
  '/register': pageChunks.register,
  '/welcome': pageChunks.welcome,
  '/create-account': pageChunks.createAccount,
  '/forgot-password': pageChunks.forgotPassword,
  '/new-password': pageChunks.newPassword,
  '/logout': pageChunks.logout,
  '/': pageChunks.dashboard,
  '/admin-panel': pageChunks.adminPanel,
  '/organization-details': pageChunks.organization,
  '/administration': pageChunks.organization,
  '/guides': pageChunks.guides,
  '/faq-guide': pageChunks.guides,
  '/upload-guide': pageChunks.guides,
  '/projective-question-guide': pageChunks.guides,
  '/analysis-guide': pageChunks.guides,
  [CREDIT_ROI_CALCULATOR_PATH]: pageChunks.creditRoiCalculator,
  '/upload-dataset/step1': pageChunks.uploads,
  '/upload-dataset/step2': pageChunks.uploads,
  '/upload-dataset/step3': pageChunks.uploads,
  '/data-files-stats': pageChunks.stats,
  '/data-records-stats': pageChunks.stats,
  '/monitoring': pageChunks.monitoring,
  [REPORT_VERIFICATION_PATH]: pageChunks.reportVerification,
  '/datafiles': pageChunks.datafiles,
  '/datafile-result': pageChunks.datafileResult,
  '/datafile-work-sheet': pageChunks.worksheet,
  [DATAFILE_REPORT_PATH]: pageChunks.datafileReport,
  '/live-import': pageChunks.liveImport,
  '/define-datafile': pageChunks.liveImport,
  '/snippet-integration-instructions': pageChunks.liveImport,
};

/** Starts downloading the page chunk of `path` (no-op for pages in the main chunk); failures surface when the page renders. */
export function preloadRouteChunk(path: string): void {
  CHUNK_BY_PATH[path]?.().catch(() => undefined);
}
