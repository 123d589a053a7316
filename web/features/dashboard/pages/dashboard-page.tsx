import { Box, Button, Card, EmptyState, Flex, SimpleGrid, Stat, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageError, PageSpinner } from '../../../components/feedback/page-state';
import { DatabaseIcon, FilesIcon, GaugeIcon, UploadIcon } from '../../../components/icons/icons';
import { PageHeader } from '../../../components/layout/page-header';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetMyDatafilesSummaryForDashboard } from '../api/use-get-my-datafiles-summary-for-dashboard';
import { LatestDatafiles } from '../components/latest-datafiles';
import { CombinedScoreCharts, QualityScoreCharts } from '../components/score-charts';

function StatCard({ label, value, icon, testId }: { label: string; value: string; icon: ReactNode; testId: string }) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Body>
        <Flex justify="space-between" align="flex-start">
          <Stat.Root>
            <Stat.Label color="fg.muted">{label}</Stat.Label>
            <Stat.ValueText fontSize="3xl" fontWeight="semibold">
              {value}
            </Stat.ValueText>
          </Stat.Root>
          <Flex
            boxSize="11"
            align="center"
            justify="center"
            borderRadius="lg"
            bg="brand.subtle"
            color="brand.fg"
            fontSize="xl"
          >
            {icon}
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export function DashboardPage({ firstName }: { firstName: string }) {
  const t = useT();
  const locale = useLocale();
  const { data, error, isLoading, mutate } = useGetMyDatafilesSummaryForDashboard();
  const summary = data?.getMyDatafilesSummaryForDashboard;
  const isEmpty =
    summary &&
    summary.numberOfDatafiles === 0 &&
    summary.numberOfDataRecords === 0 &&
    summary.numberOfQualityScores === 0;

  return (
    <Box>
      <PageHeader title={t('dashboard.welcome', { name: firstName })} subtitle={t('dashboard.subtitle')} />
      {isLoading && <PageSpinner />}
      {error && !summary && <PageError onRetry={() => void mutate()} />}
      {summary && (
        <>
          <SimpleGrid columns={3} gap="5" mb="6">
            <StatCard
              testId="stat-datafiles"
              label={t('dashboard.datafiles')}
              value={formatNumber(summary.numberOfDatafiles, locale)}
              icon={<FilesIcon />}
            />
            <StatCard
              testId="stat-records"
              label={t('dashboard.dataRecords')}
              value={formatNumber(summary.numberOfDataRecords, locale)}
              icon={<DatabaseIcon />}
            />
            <StatCard
              testId="stat-scores"
              label={t('dashboard.qualityScores')}
              value={formatNumber(summary.numberOfQualityScores, locale)}
              icon={<GaugeIcon />}
            />
          </SimpleGrid>
          <Card.Root variant="outline" bg="bg">
            <Card.Body>
              {isEmpty ? (
                <EmptyState.Root data-testid="dashboard-empty">
                  <EmptyState.Content>
                    <EmptyState.Indicator color="brand.solid">
                      <UploadIcon />
                    </EmptyState.Indicator>
                    <EmptyState.Title>{t('dashboard.emptyTitle')}</EmptyState.Title>
                    <EmptyState.Description maxW="md" textAlign="center">
                      {t('dashboard.emptyText')}
                    </EmptyState.Description>
                    <Button asChild colorPalette="brand" mt="2">
                      <Link href="/upload-dataset/step1">{t('dashboard.emptyAction')}</Link>
                    </Button>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Tabs.Root defaultValue="combined" variant="line" lazyMount>
                  <Tabs.List>
                    <Tabs.Trigger value="combined" data-testid="tab-combined">
                      {t('dashboard.combinedScore')}
                    </Tabs.Trigger>
                    <Tabs.Trigger value="scores" data-testid="tab-scores">
                      {t('dashboard.qualityScoresTab')}
                    </Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="combined">
                    <CombinedScoreCharts summary={summary} />
                  </Tabs.Content>
                  <Tabs.Content value="scores">
                    <QualityScoreCharts summary={summary} />
                  </Tabs.Content>
                </Tabs.Root>
              )}
            </Card.Body>
          </Card.Root>
          {!isEmpty && summary.latestDatafiles.length > 0 && (
            <Box mt="6">
              <LatestDatafiles files={summary.latestDatafiles} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
