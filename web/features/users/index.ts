export { UserManagementTab } from './components/user-management-tab';
