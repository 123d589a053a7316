import { ExportButton } from '../features/exports';
import { DatafileReportPage } from '../features/reports/pages/datafile-report-page';
import { PublicFrame } from '../features/roi-calculator/components/public-frame';

/** /datafile-report in the public frame (no app shell): strangers open it from a link; editors get the export beside the settings. */
export function DatafileReportRoute() {
  return (
    <PublicFrame>
      <DatafileReportPage editorActions={(datafileId) => <ExportButton datafileId={datafileId} />} />
    </PublicFrame>
  );
}
