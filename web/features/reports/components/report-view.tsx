import { Badge, Box, Flex, Grid, Heading, Image, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { barChart, UplotChart } from '../../../components/charts/uplot-chart';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { type Translate, useLocale, useT } from '../../../lib/i18n';
import type { DatafileReportData } from '../api/use-datafile-report';

const SCORE_NAME_KEY: Record<string, string> = {
  combined: 'combined',
  is: 'IS',
  ps: 'PS',
  cs: 'CS',
  sds: 'SDS',
  ts: 'TS',
  ibs: 'IBS',
  oes: 'OES',
  con: 'CON',
};
const scoreName = (t: Translate, key: string) => t(`worksheet.reasons.${SCORE_NAME_KEY[key] ?? key}`);
const EXCLUSION_KEYS = ['scoreThreshold', 'quotaCleaning', 'targetSample', 'manual'] as const;

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
 * counts before and after, the averages against the target, why interviews were removed, and (unless
 * the short format is chosen) the combined-score distribution before and after.
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

      <Grid templateColumns="repeat(3, 1fr)" gap="4">
        <Figure label={t('reports.before')} value={n(report.recordsBefore)} testId="report-before" />
        <Figure label={t('reports.after')} value={n(report.recordsAfter)} testId="report-after" tone="good" />
        <Figure
          label={t('reports.removed')}
          value={`${n(report.recordsRemoved)} (${formatNumber(removedShare * 100, locale, 1)} %)`}
          testId="report-removed"
          tone="muted"
        />
      </Grid>

      <Grid templateColumns={report.shortFormat ? '1fr 1fr' : '3fr 2fr'} gap="6" className="report-grid">
        <Box>
          <Heading as="h2" size="lg" mb="1">
            {t('reports.averagesTitle')}
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            {t('reports.averagesText', { target: report.targetAverage })}
          </Text>
          <Table.Root size="sm" data-testid="report-averages">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('reports.score')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.before')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.after')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.target')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.averages.map((a) => {
                const reached = a.after !== null && a.after !== undefined && a.after > report.targetAverage;
                return (
                  <Table.Row key={a.key} data-testid={`report-average-${a.key}`}>
                    <Table.Cell fontWeight={a.key === 'combined' ? 'semibold' : undefined}>
                      {scoreName(t, a.key)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {a.before == null ? '–' : formatNumber(a.before, locale, 1)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="semibold">
                      {a.after == null ? '–' : formatNumber(a.after, locale, 1)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Badge colorPalette={reached ? 'green' : 'orange'} variant="subtle">
                        {`> ${report.targetAverage}`} · {reached ? t('reports.reached') : t('reports.notReached')}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
        <Box>
          <Heading as="h2" size="lg" mb="3">
            {t('reports.exclusionsTitle')}
          </Heading>
          <Stack gap="2" data-testid="report-exclusions">
            {EXCLUSION_KEYS.map((key) => {
              const count = report.exclusions[key];
              const share = report.recordsRemoved > 0 ? count / report.recordsRemoved : 0;
              return (
                <Box key={key} data-testid={`report-exclusion-${key}`}>
                  <Flex justify="space-between" fontSize="sm">
                    <Text>{t(`reports.exclusions.${key}`)}</Text>
                    <Text fontWeight="semibold">{n(count)}</Text>
                  </Flex>
                  <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden">
                    <Box h="full" w={`${share * 100}%`} bg="red.solid" className="report-bar" />
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </Box>
      </Grid>

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
              {t('reports.unscored', { n: n(report.distribution.unscoredBefore) })}
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
