export { AdminPanelPage } from './pages/admin-panel-page';
