import { Box, Card, Heading, Tabs } from '@chakra-ui/react';
import { memo } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { useT } from '../../../lib/i18n';
import { useGetCompaniesSummary } from '../api/use-get-companies-summary';
import { CountBadge, NewRegistrationsTab, type RenderActivation } from '../components/new-registrations-tab';
import { OrganizationsTab } from '../components/organizations-tab';

// The tab takes no props: the tab counts arriving re-render the page but not the table.
const MemoOrganizationsTab = memo(OrganizationsTab);

/** /admin-panel (SUPER_ADMIN): 'Organization Overview' with two lazy tabs. The route guard shows others the no-permission message. */
export function AdminPanelPage({ renderActivation }: { renderActivation: RenderActivation }) {
  const t = useT();
  const { data } = useGetCompaniesSummary();
  const summary = data?.getCompaniesSummary;
  return (
    <Box data-testid="admin-panel-page">
      <PageHeader
        title={t('routes.adminPanel')}
        crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.adminPanel') }]}
      />
      <Card.Root variant="outline" bg="bg">
        <Card.Header>
          <Heading size="md">{t('companies.adminPanel.overviewTitle')}</Heading>
        </Card.Header>
        <Card.Body>
          <Tabs.Root defaultValue="organizations" lazyMount unmountOnExit variant="line" colorPalette="brand">
            <Tabs.List>
              <Tabs.Trigger value="organizations" data-testid="tab-organizations">
                {t('companies.adminPanel.tabs.organizations')}
                {summary && <CountBadge count={summary.numberOfActiveCompanies} testId="active-companies-badge" />}
              </Tabs.Trigger>
              <Tabs.Trigger value="new" data-testid="tab-new-registrations">
                {t('companies.adminPanel.tabs.newRegistrations')}
                {summary && summary.numberOfNewCompanies > 0 && (
                  <CountBadge count={summary.numberOfNewCompanies} testId="new-companies-badge" />
                )}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="organizations">
              <MemoOrganizationsTab />
            </Tabs.Content>
            <Tabs.Content value="new">
              <NewRegistrationsTab renderActivation={renderActivation} />
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
