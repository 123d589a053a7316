import { DefineDatafilePage } from './define-datafile-page';
import { LiveStep1Page } from './live-step1-page';
import { SnippetPage } from './snippet-page';

/** The three live-import screens as one lazily loaded route (they share their state and queries). */
export function LiveImportRoute({ path, companyId }: { path: string; companyId: string | null }) {
  if (path === '/define-datafile') return <DefineDatafilePage />;
  if (path === '/snippet-integration-instructions') return <SnippetPage />;
  return <LiveStep1Page companyId={companyId} />;
}
