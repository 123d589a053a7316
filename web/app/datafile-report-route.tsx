import { Link as ChakraLink } from '@chakra-ui/react';
import { Link, useSearch } from 'wouter';
import { ExportButton } from '../features/exports';
import { DatafileReportPage } from '../features/reports/pages/datafile-report-page';
import { PublicFrame } from '../features/roi-calculator/components/public-frame';
import { useT } from '../lib/i18n';
import { useIsDesktop } from '../lib/use-viewport-width';
import { useHasLiveSession } from './guards';
import { AppShell } from './shell/app-shell';

function Report() {
  return <DatafileReportPage editorActions={(datafileId) => <ExportButton datafileId={datafileId} />} />;
}

/** Back to the datafile the report belongs to (the result page refuses those who may not see it). */
function BackToDatafile() {
  const t = useT();
  const datafileId = new URLSearchParams(useSearch()).get('datafileId')?.trim();
  return (
    <ChakraLink asChild colorPalette="brand" fontSize="sm" mb="4" display="inline-block" data-print-hide>
      <Link
        href={datafileId ? `/datafile-result?datafileId=${encodeURIComponent(datafileId)}` : '/datafiles'}
        data-testid="report-back"
      >
        ← {t('reports.backToDatafile')}
      </Link>
    </ChakraLink>
  );
}

/**
 * /datafile-report: strangers open it from a link, often on a phone, so it works at any width in the
 * public frame. A logged-in user (usually the owner, coming from the worksheet) keeps the app shell
 * and a way back; below the app's desktop width the public frame serves them too, with a link to the
 * app instead of the login.
 */
export function DatafileReportRoute() {
  const loggedIn = useHasLiveSession();
  const isDesktop = useIsDesktop();
  if (loggedIn && isDesktop)
    return (
      <AppShell>
        {() => (
          <>
            <BackToDatafile />
            <Report />
          </>
        )}
      </AppShell>
    );
  return (
    <PublicFrame>
      <Report />
    </PublicFrame>
  );
}
