export { ExportButton } from './components/export-button';
export { ExportDialog } from './components/export-dialog';
