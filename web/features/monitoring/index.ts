export { MonitoringPage } from './pages/monitoring-page';
