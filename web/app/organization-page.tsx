import { Badge, Box, Button, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { CenteredMessage, NoPermission, PageError, PageSpinner } from '../components/feedback/page-state';
import { BuildingIcon } from '../components/icons/icons';
import { PageHeader } from '../components/layout/page-header';
import { AssignUpcomingContractModal, ContractsTab } from '../features/contracts';
import { CreditPlansTab, CreditTransactionTab } from '../features/credits';
import {
  EditOrganizationModal,
  OrganizationHeader,
  useGetActiveCompanyAdminUsers,
  useGetCompany,
  useGetCompanyStats,
} from '../features/companies';
import { UserManagementTab } from '../features/users';
import { type MeUser, useMe } from '../features/users/api/use-me';
import { refusalOf } from '../lib/graphql-client';
import { useT } from '../lib/i18n';

/** The header and the four lazy tabs, shared by /organization-details and /administration. */
function OrganizationView({
  companyId,
  user,
  operatorPage,
}: {
  companyId: string;
  user: MeUser;
  operatorPage: boolean;
}) {
  const t = useT();
  const superAdmin = user.accessLevel === 'SUPER_ADMIN';
  const company = useGetCompany(companyId);
  const stats = useGetCompanyStats(companyId);
  const admins = useGetActiveCompanyAdminUsers(companyId);
  const [modal, setModal] = useState<'edit' | 'assign' | null>(null);
  const errors = [company.error, stats.error, admins.error].filter((error) => error !== undefined);
  // A refusal of access is not a load failure: say so instead of offering a retry that cannot help.
  if (errors.some((error) => refusalOf(error).code === 'UNAUTHORIZED')) return <NoPermission />;
  if (errors.length > 0)
    return (
      <PageError
        onRetry={() => {
          void company.mutate();
          void stats.mutate();
          void admins.mutate();
        }}
      />
    );
  if (!company.data || !stats.data || !admins.data) return <PageSpinner />;
  const numberOfUsers = stats.data.getCompanyStats.numberOfUsers;
  return (
    <Box display="flex" flexDirection="column" gap="6">
      <OrganizationHeader
        company={company.data.getCompany}
        stats={stats.data.getCompanyStats}
        admins={admins.data.getActiveCompanyAdminUsers}
        superAdmin={superAdmin}
        onEdit={() => setModal('edit')}
        onAssignContract={() => setModal('assign')}
      />
      <Box bg="bg" borderWidth="1px" borderColor="border.muted" borderRadius="l3" p="5">
        <Tabs.Root defaultValue="credits" lazyMount unmountOnExit variant="line" colorPalette="brand">
          <Tabs.List>
            <Tabs.Trigger value="credits" data-testid="tab-credits">
              {t('companies.tabs.credits')}
            </Tabs.Trigger>
            <Tabs.Trigger value="contracts" data-testid="tab-contracts">
              {t('companies.tabs.contracts')}
            </Tabs.Trigger>
            <Tabs.Trigger value="plans" data-testid="tab-plans">
              {t('companies.tabs.plans')}
            </Tabs.Trigger>
            <Tabs.Trigger value="users" data-testid="tab-users">
              {t('companies.tabs.users')}
              {numberOfUsers > 0 && (
                <Badge colorPalette="brand" variant="solid" borderRadius="full" data-testid="users-count-badge">
                  {numberOfUsers}
                </Badge>
              )}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="credits">
            <CreditTransactionTab companyId={companyId} />
          </Tabs.Content>
          <Tabs.Content value="contracts">
            <ContractsTab companyId={companyId} superAdmin={superAdmin} />
          </Tabs.Content>
          <Tabs.Content value="plans">
            <CreditPlansTab companyId={companyId} />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UserManagementTab companyId={companyId} />
          </Tabs.Content>
        </Tabs.Root>
      </Box>
      {modal === 'edit' && (
        <EditOrganizationModal
          company={company.data.getCompany}
          admins={admins.data.getActiveCompanyAdminUsers}
          operatorFields={operatorPage && superAdmin}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'assign' && superAdmin && (
        <AssignUpcomingContractModal companyId={companyId} onClose={() => setModal(null)} />
      )}
    </Box>
  );
}

/**
 * /organization-details?organization={id} (breadcrumb Dashboard > Admin Panel > Organization Details):
 * the operators' view of any organisation. Others are told they may not see
 * it, without asking the server about another organisation; an ADMIN who follows a link to their own
 * organisation lands on /administration, which shows the same.
 */
export function OrganizationDetailsPage({ user }: { user: MeUser }) {
  const t = useT();
  const companyId = new URLSearchParams(useSearch()).get('organization');
  const operator = user.accessLevel === 'SUPER_ADMIN';
  if (!operator && user.accessLevel === 'ADMIN' && companyId !== null && companyId === user.company?.id)
    return <Redirect to="/administration" replace />;
  if (!operator) return <NoPermission />;
  return (
    <Box data-testid="organization-details-page">
      <PageHeader
        title={t('routes.organizationDetails')}
        crumbs={[
          { label: t('routes.dashboard'), href: '/' },
          { label: t('routes.adminPanel'), href: '/admin-panel' },
          { label: t('routes.organizationDetails') },
        ]}
      />
      {companyId ? (
        <OrganizationView companyId={companyId} user={user} operatorPage />
      ) : (
        <CenteredMessage title={t('routes.organizationDetails')} text={t('companies.noOrganizationChosen')}>
          <AdminPanelButton />
        </CenteredMessage>
      )}
    </Box>
  );
}

function AdminPanelButton() {
  const t = useT();
  return (
    <Button asChild colorPalette="brand" data-testid="to-admin-panel">
      <Link href="/admin-panel">{t('companies.operatorAdministration.action')}</Link>
    </Button>
  );
}

/**
 * /administration: the organisation of the session. For an ADMIN their own; for an operator the one
 * their session is scoped to (login with companyId). An operator without one belongs to no
 * organisation, so there is nothing to administer here: the page says so and leads to the Admin
 * Panel, where every organisation's administration is one click away (instead of a load error).
 */
export function AdministrationPage({ user }: { user: MeUser }) {
  const t = useT();
  const { data } = useMe();
  const sessionCompanyId = data?.me.companyId ?? null;
  const companyId = user.accessLevel === 'SUPER_ADMIN' ? sessionCompanyId : (user.company?.id ?? null);
  return (
    <Box data-testid="administration-page">
      <PageHeader
        title={t('routes.administration')}
        crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.administration') }]}
      />
      {companyId ? (
        <OrganizationView companyId={companyId} user={user} operatorPage={false} />
      ) : user.accessLevel === 'SUPER_ADMIN' ? (
        <CenteredMessage
          icon={<BuildingIcon />}
          title={t('companies.operatorAdministration.title')}
          text={t('companies.operatorAdministration.text')}
        >
          <AdminPanelButton />
        </CenteredMessage>
      ) : (
        <PageError />
      )}
    </Box>
  );
}
