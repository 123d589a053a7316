export { DataFilesStatsPage, DataRecordsStatsPage } from './pages/usage-stats-page';
