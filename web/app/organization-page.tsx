import { Badge, Box, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { PageError, PageSpinner } from '../components/feedback/page-state';
import { PageHeader } from '../components/layout/page-header';
import { AssignUpcomingContractModal, ContractsTab } from '../features/contracts';
import { CreditPlansTab, CreditTransactionTab } from '../features/credits';
import { EditOrganizationModal, OrganizationHeader, useGetActiveCompanyAdminUsers, useGetCompany, useGetCompanyStats } from '../features/organizations';
import { UserManagementTab } from '../features/users';
import type { MeUser } from '../features/users/api/use-me';
import { useT } from '../lib/i18n';

/** The header and the four lazy tabs, shared by /organization-details and /administration. */
function OrganizationView({ companyId, user, operatorPage }: { companyId: string; user: MeUser; operatorPage: boolean }) {
  const t = useT();
  const superAdmin = user.accessLevel === 'SUPER_ADMIN';
  const company = useGetCompany(companyId);
  const stats = useGetCompanyStats(companyId);
  const admins = useGetActiveCompanyAdminUsers(companyId);
  const [modal, setModal] = useState<'edit' | 'assign' | null>(null);
  if (company.error || stats.error || admins.error) return <PageError onRetry={() => { void company.mutate(); void stats.mutate(); void admins.mutate(); }} />;
  if (!company.data || !stats.data || !admins.data) return <PageSpinner />;
  const numberOfUsers = stats.data.getCompanyStats.numberOfUsers;
  return (
    <Box display="flex" flexDirection="column" gap="6">
      <OrganizationHeader company={company.data.getCompany} stats={stats.data.getCompanyStats} admins={admins.data.getActiveCompanyAdminUsers} superAdmin={superAdmin}
        onEdit={() => setModal('edit')} onAssignContract={() => setModal('assign')} />
      <Box bg="bg" borderWidth="1px" borderColor="border.muted" borderRadius="l3" p="5">
        <Tabs.Root defaultValue="credits" lazyMount unmountOnExit variant="line" colorPalette="brand">
          <Tabs.List>
            <Tabs.Trigger value="credits" data-testid="tab-credits">{t('organization.tabs.credits')}</Tabs.Trigger>
            <Tabs.Trigger value="contracts" data-testid="tab-contracts">{t('organization.tabs.contracts')}</Tabs.Trigger>
            <Tabs.Trigger value="plans" data-testid="tab-plans">{t('organization.tabs.plans')}</Tabs.Trigger>
            <Tabs.Trigger value="users" data-testid="tab-users">
              {t('organization.tabs.users')}
              {numberOfUsers > 0 && <Badge colorPalette="brand" variant="solid" borderRadius="full" data-testid="users-count-badge">{numberOfUsers}</Badge>}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="credits"><CreditTransactionTab companyId={companyId} /></Tabs.Content>
          <Tabs.Content value="contracts"><ContractsTab companyId={companyId} superAdmin={superAdmin} /></Tabs.Content>
          <Tabs.Content value="plans"><CreditPlansTab companyId={companyId} /></Tabs.Content>
          <Tabs.Content value="users"><UserManagementTab companyId={companyId} /></Tabs.Content>
        </Tabs.Root>
      </Box>
      {modal === 'edit' && (
        <EditOrganizationModal company={company.data.getCompany} admins={admins.data.getActiveCompanyAdminUsers} operatorFields={operatorPage && superAdmin} onClose={() => setModal(null)} />
      )}
      {modal === 'assign' && superAdmin && <AssignUpcomingContractModal companyId={companyId} onClose={() => setModal(null)} />}
    </Box>
  );
}

/** /organization-details?organization={id} (breadcrumb Dashboard > Admin Panel > Organization Details). */
export function OrganizationDetailsPage({ user }: { user: MeUser }) {
  const t = useT();
  const companyId = new URLSearchParams(useSearch()).get('organization');
  return (
    <Box data-testid="organization-details-page">
      <PageHeader title={t('routes.organizationDetails')} crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.adminPanel'), href: '/admin-panel' }, { label: t('routes.organizationDetails') }]} />
      {companyId ? <OrganizationView companyId={companyId} user={user} operatorPage /> : <PageError />}
    </Box>
  );
}

/** /administration: the logged-in admin's own company (the user is loaded by the shell first). */
export function AdministrationPage({ user }: { user: MeUser }) {
  const t = useT();
  const companyId = user.company?.id ?? null;
  return (
    <Box data-testid="administration-page">
      <PageHeader title={t('routes.administration')} crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.administration') }]} />
      {companyId ? <OrganizationView companyId={companyId} user={user} operatorPage={false} /> : <PageError />}
    </Box>
  );
}
