import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { ExportButton } from '../features/exports';
import { useT } from '../lib/i18n';
import { DATAFILE_REPORT_PATH } from './paths';

/** What a datafile's pages offer of other features: its export and its quality report. */
function DatafileActions({ datafileId }: { datafileId: string }) {
  const t = useT();
  return (
    <>
      <ExportButton datafileId={datafileId} />
      <Button asChild size="sm" variant="outline" data-testid="open-report">
        <Link href={`${DATAFILE_REPORT_PATH}?datafileId=${encodeURIComponent(datafileId)}`}>
          {t('routes.datafileReport')}
        </Link>
      </Button>
    </>
  );
}

/** The slot both pages take (`datafileActions`). */
export const datafileActions = (datafileId: string) => <DatafileActions datafileId={datafileId} />;
