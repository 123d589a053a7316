import { prefetchFirstOrganizationsPage } from '../features/companies/api/use-get-all-active-companies';
import { prefetchCompaniesSummary } from '../features/companies/api/use-get-companies-summary';
import { prefetchDatafileResult } from '../features/results/api/use-datafile-result';
import { prefetchMe } from '../features/users/api/use-me';
import { prefetchWorksheet } from '../features/worksheet/api/use-cleaning-settings';
import { warmCleaningWorker } from '../features/worksheet/engine';
import { deferFrameExtrasOnce } from '../lib/first-frame';
import { readSession, sessionAccessLevelHint } from '../lib/session';
import { findProtectedRoute } from './paths';
import { preloadRouteChunk } from './route-chunks';

/**
 * Runs once before the first render: the page's code, the logged-in-user check and (for
 * /admin-panel) the first Organizations page and the tab counts start together instead of one after the other
 * (the target: the first row within 300 ms of a full page load; likewise the result page's and the
 * worksheet's queries and columns, and their workers, so their data does not wait for `me`, the
 * page's code and its first render). The operators' queries go out only when
 * login said this session is an operator's; the answer is still handed out only once `me` agrees.
 */
export function startFirstLoad(path: string): void {
  // The page's chunk usually started already (web/app/start-chunks.ts); a second call costs nothing.
  preloadRouteChunk(path);
  if (!findProtectedRoute(path) || readSession() === null) return;
  const me = prefetchMe();
  deferFrameExtrasOnce();
  const datafileId = new URLSearchParams(window.location.search).get('datafileId');
  if (path === '/datafile-result' && datafileId) prefetchDatafileResult(datafileId);
  if (path === '/datafile-work-sheet' && datafileId) {
    warmCleaningWorker();
    prefetchWorksheet(datafileId);
  }
  if (path === '/admin-panel' && sessionAccessLevelHint() === 'SUPER_ADMIN') {
    const isSuperAdmin = me.then((answer) => answer.me.user.accessLevel === 'SUPER_ADMIN');
    prefetchFirstOrganizationsPage(isSuperAdmin);
    prefetchCompaniesSummary(isSuperAdmin);
  }
}
