import { Box, Card, Flex, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageError, PageSpinner } from '../../../components/feedback/page-state';
import { ChartIcon, DatabaseIcon, FilesIcon, WalletIcon } from '../../../components/icons/icons';
import { PageHeader } from '../../../components/layout/page-header';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetUsageStatsByMonth } from '../api/use-get-usage-stats-by-month';
import { CsvDownloadButton } from '../components/csv-download-button';
import type { StatsPageKind } from '../components/stats-columns';
import { StatsChart } from '../components/stats-chart';
import { StatsFilters } from '../components/stats-filters';
import { StatsTable } from '../components/stats-table';
import { useStatsView } from '../state/stats-url';

const PAGE_SIZE = 10;

function SummaryCard({
  label,
  value,
  detail,
  icon,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Body py="4">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stat.Root>
            <Stat.Label color="fg.muted">{label}</Stat.Label>
            <Stat.ValueText fontSize="2xl" fontWeight="semibold" data-testid={`${testId}-value`}>
              {value}
            </Stat.ValueText>
            {detail && (
              <Stat.HelpText color="fg.muted" mb="0">
                {detail}
              </Stat.HelpText>
            )}
          </Stat.Root>
          <Flex
            boxSize="10"
            align="center"
            justify="center"
            borderRadius="lg"
            bg="brand.subtle"
            color="brand.fg"
            fontSize="lg"
            flexShrink={0}
          >
            {icon}
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /data-files-stats and /data-records-stats (SUPER_ADMIN; the server refuses everyone else):
 * imports per organisation and Vienna month, live and manual, with the credits used, for a period
 * and optionally one organisation. Filters, sort and page live in the URL.
 */
export function UsageStatsPage({ kind }: { kind: StatsPageKind }) {
  const t = useT();
  const locale = useLocale();
  const [view, update] = useStatsView();
  const { data, error, isLoading, isValidating, mutate } = useGetUsageStatsByMonth({
    filters: { fromMonth: view.from, toMonth: view.to, companyId: view.organization?.id ?? null },
    sortBy: view.sortBy,
    sortDirection: view.sortDirection,
    paginationInfo: { page: view.page, limit: PAGE_SIZE },
  });
  const stats = data?.getUsageStatsByMonth;
  const title = t(kind === 'DATA_FILES' ? 'routes.dataFilesStats' : 'routes.dataRecordsStats');
  const n = (v: number) => formatNumber(v, locale);
  // A link to an organisation without its name (typed by hand) gets the name from the answer.
  const organization =
    view.organization && !view.organization.name && stats?.rows[0]
      ? { ...view.organization, name: stats.rows[0].organization.name }
      : view.organization;
  const totals = stats?.totals;

  return (
    <Box data-testid={kind === 'DATA_FILES' ? 'data-files-stats-page' : 'data-records-stats-page'}>
      <PageHeader
        title={title}
        subtitle={t(kind === 'DATA_FILES' ? 'stats.subtitle.dataFiles' : 'stats.subtitle.dataRecords')}
        crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('nav.stats') }, { label: title }]}
      />
      <Card.Root variant="outline" bg="bg" mb="5">
        <Card.Body py="4">
          <StatsFilters
            view={{ ...view, organization }}
            onChange={update}
            actions={stats && <CsvDownloadButton kind={kind} view={view} rows={stats.pageInfo.total} />}
          />
        </Card.Body>
      </Card.Root>
      {isLoading && !stats && <PageSpinner />}
      {error && !stats && <PageError onRetry={() => void mutate()} />}
      {stats && totals && (
        <Box
          opacity={isValidating ? 0.7 : 1}
          transition="opacity 0.2s"
          data-testid="stats-content"
          aria-busy={isValidating}
        >
          <SimpleGrid columns={3} gap="5" mb="5">
            {kind === 'DATA_FILES' ? (
              <SummaryCard
                testId="stats-total"
                label={t('stats.cards.datafiles')}
                value={n(totals.numberOfDatafiles)}
                icon={<FilesIcon />}
                detail={t('stats.cards.liveManual', {
                  live: n(totals.numberOfLiveDatafiles),
                  manual: n(totals.numberOfManualDatafiles),
                })}
              />
            ) : (
              <SummaryCard
                testId="stats-total"
                label={t('stats.cards.dataRecords')}
                value={n(totals.numberOfDataRecords)}
                icon={<DatabaseIcon />}
                detail={t('stats.cards.liveManual', {
                  live: n(totals.numberOfLiveDataRecords),
                  manual: n(totals.numberOfManualDataRecords),
                })}
              />
            )}
            <SummaryCard
              testId="stats-credits"
              label={t('stats.cards.creditsUsed')}
              value={n(totals.creditsUsed)}
              icon={<WalletIcon />}
              detail={t('stats.cards.creditsRefunded', { refunded: n(totals.creditsRefunded) })}
            />
            <SummaryCard
              testId="stats-organizations"
              label={t('stats.cards.organizations')}
              value={n(totals.numberOfOrganizations)}
              icon={<ChartIcon />}
              detail={t('stats.cards.organizationsHint')}
            />
          </SimpleGrid>
          <Card.Root variant="outline" bg="bg" mb="5">
            <Card.Header pb="0">
              <Heading size="md">
                {t(kind === 'DATA_FILES' ? 'stats.chart.dataFilesTitle' : 'stats.chart.dataRecordsTitle')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <StatsChart kind={kind} months={stats.months} />
              <Text mt="3" fontSize="xs" color="fg.muted">
                {t('stats.definition')}
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" bg="bg">
            <Card.Header pb="0">
              <Heading size="md">{t('stats.table.title')}</Heading>
            </Card.Header>
            <Card.Body>
              <StatsTable kind={kind} stats={stats} view={view} onChange={update} />
            </Card.Body>
          </Card.Root>
        </Box>
      )}
    </Box>
  );
}

export function DataFilesStatsPage() {
  return <UsageStatsPage kind="DATA_FILES" />;
}

export function DataRecordsStatsPage() {
  return <UsageStatsPage kind="DATA_RECORDS" />;
}
