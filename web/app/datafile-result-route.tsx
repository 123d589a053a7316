import { DatafileResultPage } from '../features/results/pages/datafile-result-page';
import { datafileActions } from './datafile-actions';

/** /datafile-result with the export and the report beside the worksheet link. */
export function DatafileResultRoute() {
  return <DatafileResultPage datafileActions={datafileActions} />;
}
