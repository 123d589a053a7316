import { Box, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { categoryBarChart, UplotChart } from '../../../components/charts/uplot-chart';
import { formatNumber } from '../../../lib/format';
import type { GetMyDatafilesSummaryForDashboardQuery } from '../../../lib/gql/graphql';
import { useLocale, useT } from '../../../lib/i18n';
import { BAND_COLORS, LIGHT_COLORS, TrafficLightDot } from './traffic-light';

type Summary = GetMyDatafilesSummaryForDashboardQuery['getMyDatafilesSummaryForDashboard'];

function ChartBox({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Box data-testid={testId} minW="0">
      <Heading as="h3" size="sm" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function NoScores() {
  const t = useT();
  return (
    <Text color="fg.muted" py="16" px="8" textAlign="center" data-testid="dashboard-no-scores">
      {t('dashboard.noScores')}
    </Text>
  );
}

/**
 * Tab 'combined score': the viewer's interviews over the benchmark bands, and the
 * mean combined score of their newest datafiles (titles over 10 characters cut on the axis, whole
 * in the legend).
 */
export function CombinedScoreCharts({ summary }: { summary: Summary }) {
  const t = useT();
  const locale = useLocale();
  const { combinedScore, latestDatafiles } = summary;
  const bands = useMemo(
    () =>
      categoryBarChart({
        categories: combinedScore.bands.map((b) => `${b.from}–${b.to}`),
        values: combinedScore.bands.map((b) => b.count),
        colors: BAND_COLORS,
        label: t('dashboard.interviews'),
        format: (v) => formatNumber(v, locale),
      }),
    [combinedScore, locale, t],
  );
  const scored = useMemo(
    () => latestDatafiles.filter((f) => f.averageCombinedScore !== null).reverse(),
    [latestDatafiles],
  );
  const perFile = useMemo(
    () =>
      categoryBarChart({
        categories: scored.map((f) => f.title),
        values: scored.map((f) => f.averageCombinedScore!),
        colors: scored.map((f) => LIGHT_COLORS[f.trafficLight]),
        label: t('dashboard.combinedScore'),
        format: (v) => formatNumber(v, locale),
        legendLabel: (i) => scored[i]!.title,
      }),
    [scored, locale, t],
  );
  if (combinedScore.numberOfScoredRecords === 0) return <NoScores />;
  return (
    <Box pt="4">
      <Flex align="center" gap="2" mb="5" data-testid="combined-average">
        <TrafficLightDot light={combinedScore.trafficLight} />
        <Text>
          {t('dashboard.averageOver', {
            average: formatNumber(combinedScore.average ?? 0, locale, 2),
            count: combinedScore.numberOfScoredRecords,
          })}
        </Text>
      </Flex>
      <SimpleGrid columns={2} gap="8">
        <ChartBox title={t('dashboard.bandsTitle')} testId="chart-bands">
          <UplotChart spec={bands} ariaLabel={t('dashboard.bandsTitle')} testId="bands-chart" />
        </ChartBox>
        <ChartBox title={t('dashboard.latestAveragesTitle')} testId="chart-latest">
          {scored.length ? (
            <UplotChart spec={perFile} ariaLabel={t('dashboard.latestAveragesTitle')} testId="latest-chart" />
          ) : (
            <NoScores />
          )}
        </ChartBox>
      </SimpleGrid>
    </Box>
  );
}

/** Tab 'quality scores': the mean of each score kind over every interview that has it, coloured by its traffic light. */
export function QualityScoreCharts({ summary }: { summary: Summary }) {
  const t = useT();
  const locale = useLocale();
  const kinds = summary.scoreKinds;
  const spec = useMemo(
    () =>
      categoryBarChart({
        categories: kinds.map((k) => k.kind),
        values: kinds.map((k) => k.average),
        colors: kinds.map((k) => LIGHT_COLORS[k.trafficLight]),
        label: t('dashboard.qualityScoresTab'),
        format: (v) => formatNumber(v, locale),
        legendLabel: (i) => t(`scores.kinds.${kinds[i]!.kind}`),
      }),
    [kinds, locale, t],
  );
  if (kinds.length === 0) return <NoScores />;
  return (
    <Box pt="4">
      <Text color="fg.muted" mb="5">
        {t('dashboard.kindsHint')}
      </Text>
      <ChartBox title={t('dashboard.kindsTitle')} testId="chart-kinds">
        <UplotChart spec={spec} height={280} ariaLabel={t('dashboard.kindsTitle')} testId="kinds-chart" />
      </ChartBox>
    </Box>
  );
}
