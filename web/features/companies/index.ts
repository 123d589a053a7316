export { useGetActiveCompanyAdminUsers } from './api/use-get-active-company-admin-users';
export { useGetCompany } from './api/use-get-company';
export { useGetCompanyStats } from './api/use-get-company-stats';
export { EditOrganizationModal } from './components/edit-organization-modal';
export { OrganizationHeader } from './components/organization-header';
