import { Box, Button, Grid, Stack } from '@chakra-ui/react';
import { useSWRConfig } from 'swr';
import { PageHeader } from '../../../components/layout/page-header';
import { useT } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import { MONITORING_REFRESH_MS } from '../api/refresh';
import { JobQueuePanel } from '../components/job-queue-panel';
import { LiveEndpointsPanel } from '../components/live-endpoints-panel';
import { OutboxPanel } from '../components/outbox-panel';
import { RefusedTrafficPanel } from '../components/refused-traffic-panel';
import { SystemSizePanel } from '../components/system-size-panel';

/**
 * /monitoring (SUPER_ADMIN; the server refuses everyone else): the job queue with retry and
 * cancel, the mail outbox with resend, live endpoint traffic and what it refused, and sizes. Each panel loads and
 * fails on its own and refreshes itself while the tab is visible.
 */
export function MonitoringPage() {
  const t = useT();
  const { mutate } = useSWRConfig();
  const refresh = () =>
    void revalidateOperations(
      mutate,
      'getJobQueueSummary',
      'getJobs',
      'getOutboxSummary',
      'getOutboxMails',
      'getLiveEndpointTraffic',
      'getSystemSize',
    );
  return (
    <Box data-testid="monitoring-page">
      <PageHeader
        title={t('routes.monitoring')}
        subtitle={t('monitoring.subtitle', { seconds: MONITORING_REFRESH_MS / 1000 })}
        crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.monitoring') }]}
        actions={
          <Button size="sm" variant="outline" flexShrink={0} onClick={refresh} data-testid="monitoring-refresh">
            {t('monitoring.refresh')}
          </Button>
        }
      />
      <Stack gap="5">
        <JobQueuePanel />
        <OutboxPanel />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5">
          <LiveEndpointsPanel />
          <SystemSizePanel />
        </Grid>
        <RefusedTrafficPanel />
      </Stack>
    </Box>
  );
}
