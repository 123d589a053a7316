import { Box, Flex, Grid, Heading, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { barChart, UplotChart } from '../../../components/charts/uplot-chart';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { DatafileReportData } from '../api/use-datafile-report';
import { SourceRemovalsTable } from '../../../components/data/source-removals-table';
import { Exclusions, QualityAverages, SampleScores } from './report-scores';

function Figure({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: 'good' | 'muted';
}) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" bg="bg" className="report-card">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" color={tone === 'good' ? 'green.fg' : undefined} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/**
 * The quality report itself: what the client reads and prints. Client and certificate first, the
 * counts before and after, the quality scores against the target, why interviews were removed, the
 * scores that describe the sample (IS, SDS: apart, without a target), and (unless the short format
 * is chosen) the combined-score distribution before and after.
 */
export function ReportView({ report }: { report: DatafileReportData }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const removedShare = report.recordsBefore > 0 ? report.recordsRemoved / report.recordsBefore : 0;
  const spec = useMemo(() => {
    const d = report.distribution;
    if (!d) return null;
    const categories = d.before.map((_, i) => `${d.edges[i]}–${d.edges[i + 1]}`);
    // Kept interviews at the bottom, the removed part stacked on top: the full bar is "before".
    return barChart({
      categories,
      bars: [
        { label: t('reports.distributionAfter'), values: d.after, color: '#2f855a' },
        { label: t('reports.removed'), values: d.before.map((b, i) => b - (d.after[i] ?? 0)), color: '#c53030' },
      ],
      format: (v) => formatNumber(v, locale),
    });
  }, [report.distribution, t, locale]);
  return (
    <Stack gap="8" data-testid="report-view" className="report-view">
      <Flex justify="space-between" align="start" gap="6" wrap="wrap">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
            {t('reports.pageTitle')}
          </Text>
          <Heading as="h1" size="3xl" data-testid="report-title">
            {report.datafileTitle}
          </Heading>
          <Text color="fg.muted">
            {report.clientName ? `${t('reports.preparedFor', { client: report.clientName })} ` : ''}
            {t('reports.by', { company: report.companyName })}
            {report.cleanedAt ? ` · ${t('reports.cleanedAt', { date: formatDateTime(report.cleanedAt, locale) })}` : ''}
          </Text>
        </Stack>
        {report.clientLogo && (
          <Image
            src={report.clientLogo}
            alt={report.clientName ?? ''}
            maxH="16"
            maxW="48"
            objectFit="contain"
            data-testid="report-logo"
          />
        )}
      </Flex>

      <Box
        borderWidth="2px"
        borderColor={report.certificateLevel ? 'green.solid' : 'border'}
        borderRadius="xl"
        p="5"
        bg="bg"
        className="report-card"
        data-testid="report-certificate"
      >
        <Flex justify="space-between" align="center" gap="6" wrap="wrap">
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              {t('reports.certificate')}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-testid="report-level">
              {report.certificateCode
                ? report.certificateLevel
                  ? t('reports.level', { level: report.certificateLevel })
                  : t('reports.levelNone')
                : t('reports.noCertificate')}
            </Text>
          </Stack>
          {report.certificateCode && (
            <Stack gap="1" align="end">
              <Text fontSize="sm" color="fg.muted">
                {t('reports.certificateId')}
              </Text>
              <Text fontFamily="mono" fontSize="xl" fontWeight="semibold" data-testid="report-code">
                {report.certificateCode}
              </Text>
              <Link
                href={`/report-verification?code=${encodeURIComponent(report.certificateCode)}`}
                colorPalette="brand"
                fontSize="sm"
                data-testid="report-verify-link"
              >
                {t('reports.verify')} →
              </Link>
            </Stack>
          )}
        </Flex>
      </Box>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }} gap="4">
        <Figure label={t('reports.before')} value={n(report.recordsBefore)} testId="report-before" />
        <Figure label={t('reports.after')} value={n(report.recordsAfter)} testId="report-after" tone="good" />
        <Figure
          label={t('reports.removed')}
          value={`${n(report.recordsRemoved)} (${formatNumber(removedShare * 100, locale, 1)} %)`}
          testId="report-removed"
          tone="muted"
        />
      </Grid>

      {/* One column on a phone; from 480 px (paper included) side by side. minmax(0, ...) lets a wide
          table scroll inside its column instead of widening the page. */}
      <Grid
        templateColumns={{
          base: 'minmax(0, 1fr)',
          sm: report.shortFormat ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 3fr) minmax(0, 2fr)',
        }}
        gap="6"
        className="report-grid"
      >
        <QualityAverages report={report} />
        <Exclusions report={report} />
      </Grid>

      <SampleScores report={report} />

      <Box className="report-sources" data-testid="report-sources">
        <Heading as="h2" size="lg" mb="3">
          {t('sources.title')}
        </Heading>
        <SourceRemovalsTable rows={report.bySource} testId="report-source-removals" />
      </Box>

      {spec && report.distribution && (
        <Box className="report-chart">
          <Heading as="h2" size="lg" mb="3">
            {t('reports.distributionTitle')}
          </Heading>
          <UplotChart
            spec={spec}
            height={220}
            ariaLabel={t('reports.distributionTitle')}
            testId="report-distribution"
          />
          {report.distribution.unscoredBefore > 0 && (
            <Text fontSize="sm" color="fg.muted" mt="2">
              {t('reports.unscored', { count: report.distribution.unscoredBefore })}
            </Text>
          )}
        </Box>
      )}
      <Text fontSize="xs" color="fg.muted">
        {t('reports.footer', { version: report.scoringVersion, revision: report.revision })}
      </Text>
    </Stack>
  );
}
