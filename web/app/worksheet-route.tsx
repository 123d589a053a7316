import { WorksheetPage } from '../features/worksheet/pages/worksheet-page';
import { datafileActions } from './datafile-actions';

/** /datafile-work-sheet with the export and the report beside Save. */
export function WorksheetRoute() {
  return <WorksheetPage datafileActions={datafileActions} />;
}
